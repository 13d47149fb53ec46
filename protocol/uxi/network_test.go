package uxi

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/ataxx"
)

// The Network and EvalFile options choose the evaluation of the positions
// the searches get: the built-in network, the hand-written evaluation, or
// a network file; a file that does not read is refused and changes
// nothing.
func TestNetworkOptions(t *testing.T) {
	var evals []string
	cfg := Config{NewSearch: func(hashMB, threads int) searcher.Func {
		return func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
			terms := g.(rules.Evaluator).EvalTerms()
			evals = append(evals, terms[0].Name+" "+strconv.Itoa(terms[0].Value))
			return searcher.FirstLegal(ctx, g, lim, info)
		}
	}}
	// Another network: the built-in one with its output bias changed.
	dir := t.TempDir()
	other := filepath.Join(dir, "other.nnue")
	b := ataxx.BuiltinNetwork()
	b[len(b)-3]++ // the output bias, the last int32 of the file (little-endian): +256/(255*64) of an output unit
	if err := os.WriteFile(other, b, 0o644); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.nnue")
	if err := os.WriteFile(junk, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, cfg, "uai\nposition startpos moves f2\ngo depth 1\n"+
		"setoption name Network value false\nposition startpos moves f2\ngo depth 1\n"+
		"setoption name Network value true\nsetoption name EvalFile value "+other+"\nposition startpos moves f2\ngo depth 1\n"+
		"setoption name EvalFile value "+junk+"\nposition startpos moves f2\ngo depth 1\n"+
		"setoption name EvalFile value <built-in>\nposition startpos moves f2\ngo depth 1\n"+
		"setoption name Network value maybe\nquit\n")
	g, _ := ataxx.Info.NewGame(nil, "")
	g.Play(must(g.ParseMove("f2")))
	want0 := "network " + strconv.Itoa(g.(rules.Evaluator).Evaluate())
	g.(rules.Networker).UseNetwork(false)
	hand := g.(rules.Evaluator).EvalTerms()[0]
	net, err := g.(rules.Networker).ReadNetwork(b)
	if err != nil {
		t.Fatal(err)
	}
	g.(rules.Networker).SetNetwork(net)
	wantOther := "network " + strconv.Itoa(g.(rules.Evaluator).Evaluate())
	want := []string{want0, hand.Name + " " + strconv.Itoa(hand.Value), wantOther, wantOther, want0}
	if strings.Join(evals, "|") != strings.Join(want, "|") {
		t.Errorf("the searches evaluated %q, want %q", evals, want)
	}
	if want0 == wantOther || hand.Name != "material" {
		t.Errorf("the test's networks are not told apart: %q %q %q", want0, wantOther, hand.Name)
	}
	for _, line := range []string{
		`info string error: EvalFile "` + junk + `": not a network file`,
		`info string error: Network "maybe": want true or false`,
	} {
		if !strings.Contains(out, line) {
			t.Errorf("the session did not say %q:\n%s", line, out)
		}
	}
	// Games without a network neither offer the options nor take them.
	out = run(t, Config{NewSearch: first, Game: lookup(t, "oware")}, "uai\nsetoption name Network value false\nquit\n")
	if strings.Contains(out, "option name Network") || !strings.Contains(out, "info string error: Network: Oware (Awalé) has no learned evaluation") {
		t.Errorf("oware:\n%s", out)
	}
}

func must(m rules.Move, err error) rules.Move {
	if err != nil {
		panic(err)
	}
	return m
}
