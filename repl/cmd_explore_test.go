package repl

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// explore builds a tree and follows the position as moves are played and
// undone; off stops it. The toy game has no hash: positions are known by
// their position strings.
func TestExplore(t *testing.T) {
	r, out, _ := newToy(t)
	r.quiet = true
	dir := t.TempDir()
	// x wins the first two (column a, the same position after four plies
	// either way); the third stops after three plies, without a result.
	games := "[Game \"toy\"]\n[Result \"1-0\"]\n\n1. a1 b1 2. a2 c1 3. a3 1-0\n\n" +
		"[Game \"toy\"]\n[Result \"1-0\"]\n\n1. a1 c1 2. a2 b1 3. a3 1-0\n\n" +
		"[Game \"toy\"]\n\n1. c3 b1 2. c2 *\n"
	file := filepath.Join(dir, "games.rec")
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := func(line string) string {
		t.Helper()
		out.Reset()
		if err := r.Exec(ctx, line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return out.String()
	}
	got := run("explore " + file + " plies 2")
	for _, want := range []string{
		"explore: toy: 3 games, 6 positions up to ply 2 (known by their position)\n",
		"ply 0: 3/3/3 x, x to move, 3 games (x 67%, draws 0%, o 0%, unfinished 33%)\n",
		"  a1       2  67%   100%    0%    0%    100%     5.0\n",
		"  c3       1  33%     0%    0%    0%       -     3.0\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explore: no %q in\n%s", want, got)
		}
	}
	got = run("a1")
	if !strings.Contains(got, "ply 1: 3/3/x2 o, o to move, 2 games (x 100%") || !strings.Contains(got, "  b1 ") || !strings.Contains(got, "  c1 ") {
		t.Errorf("after a1:\n%s", got)
	}
	if got := run("show"); strings.Contains(got, "ply 1:") {
		t.Errorf("shown again at the same position:\n%s", got)
	}
	if got := run("b3"); !strings.Contains(got, "explore: this position is not in the tree (3 games, up to ply 2)\n") {
		t.Errorf("out of the tree:\n%s", got)
	}
	if got := run("undo 2"); !strings.Contains(got, "ply 0: 3/3/3 x") {
		t.Errorf("after undo:\n%s", got)
	}
	if got := run("explore off"); got != "explore off\n" {
		t.Errorf("explore off: %q", got)
	}
	if got := run("a1"); strings.Contains(got, "ply 1:") {
		t.Errorf("shown while off:\n%s", got)
	}
	if got := run("explore"); !strings.Contains(got, "ply 1: 3/3/x2 o") {
		t.Errorf("explore on the last tree:\n%s", got)
	}
	if got := run("new first=o"); !strings.Contains(got, "explore: the tree is of toy, this game of toy first=o") {
		t.Errorf("another game's options:\n%s", got)
	}

	// Completion, refusals and errors.
	if c := r.Complete("explore "); !slices.Contains(c, "on") || !slices.Contains(c, "off") {
		t.Errorf("explore completes %v", c)
	}
	if c := r.Complete("explore x plies "); len(c) != 0 {
		t.Errorf("after plies: %v", c)
	}
	if c := r.Complete("explore x p"); !slices.Contains(c, "plies") {
		t.Errorf("explore x p: %v", c)
	}
	bad := filepath.Join(dir, "bad.rec")
	os.WriteFile(bad, []byte("[Game \"toy\"]\n\n1. a1 a1 *\n\n[Game \"toy\"]\n\n1. b2 *\n"), 0o644)
	r2, out2, _ := newToy(t)
	if err := r2.Exec(ctx, "explore "+bad); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out2.String(), "explore: refused "+bad+":3: game 1: move 2 \"a1\": a1 is occupied\n") ||
		!strings.Contains(out2.String(), "explore: toy: 1 game, ") {
		t.Errorf("a refused record:\n%s", out2.String())
	}
	r3, _, _ := newToy(t)
	for line, want := range map[string]string{
		"explore":              "explore: no tree yet",
		"explore plies 3":      "usage: explore FILE...",
		"explore a plies":      "plies wants a number",
		"explore a plies x":    "plies x: want a whole number",
		"explore missing.rec":  "explore: open missing.rec: no such file or directory",
		"explore " + dir + "/": "explore: open " + dir + "/: a directory, not a regular file",
	} {
		if err := r3.Exec(ctx, line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
}
