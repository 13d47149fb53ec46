package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"boardrepl/rules/ataxx"
)

// check -dump writes the held-out positions; a peer's file of scores for
// them is read back in that order. A peer that is our own network, its
// scores computed from the dumped strings, must get the network's own error
// at its best scale: the positions, their order and the results line up.
func TestCheckPeerLinesUp(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	run(t, genRun, "-o", data, "-games", "10", "-nodes", "300", "-seed", "3", "-j", "2")
	dump := filepath.Join(dir, "held")
	var out bytes.Buffer
	if err := check([]string{"-val", "2", "-dump", dump, data}, &out, &out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(strings.ReplaceAll(string(b), " ", "_"))
	if len(lines) < 50 {
		t.Fatalf("only %d held-out positions", len(lines))
	}
	var peer strings.Builder
	for _, l := range lines {
		g, err := ataxx.Info.Parse(nil, strings.ReplaceAll(l, "_", " "))
		if err != nil {
			t.Fatalf("dumped %q: %v", l, err)
		}
		fmt.Fprintf(&peer, "eval %d\n", g.(*ataxx.Game).Evaluate())
	}
	pf := filepath.Join(dir, "peer")
	os.WriteFile(pf, []byte(peer.String()), 0o644)
	out.Reset()
	if err := check([]string{"-val", "2", "-peer", pf, data}, &out, &out); err != nil {
		t.Fatal(err)
	}
	row := func(name string) string {
		m := regexp.MustCompile(`(?m)^  ` + name + ` +(\S+ \(scale \d+\))$`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("no %q row in\n%s", name, out.String())
		}
		return m[1]
	}
	if n, p := row("network"), row("peer"); n != p {
		t.Errorf("our network as a peer: %s, as the network: %s", p, n)
	}

	// A peer file of the wrong length, or a line without a score.
	os.WriteFile(pf, []byte(peer.String()+"eval 3\n"), 0o644)
	err = check([]string{"-val", "2", "-peer", pf, data}, &out, &out)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d scores for %d held-out positions", len(lines)+1, len(lines))) {
		t.Errorf("a score too many: %v", err)
	}
	os.WriteFile(pf, []byte("eval 1\neval x\n"), 0o644)
	err = check([]string{"-val", "2", "-peer", pf, data}, &out, &out)
	if err == nil || !strings.Contains(err.Error(), pf+":2: the line does not end in a score") {
		t.Errorf("a line without a score: %v", err)
	}
}
