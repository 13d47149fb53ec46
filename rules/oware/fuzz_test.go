package oware

import (
	"strings"
	"testing"

	"boardrepl/rules"
)

// FuzzParsePosition: no panic; what parses is canonical (the parser is
// strict, so it writes back the same text) and playable.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		StartPosition,
		"0,0,0,0,0,0/0,0,0,0,0,0 24 24 s",
		"0,0,0,0,0,17/0,0,0,0,0,0 15 16 n",
		"4,4,x,4,4,4/4,4,4,4,4,4 0 0 n",
		"4,4,4,4,4,4/4,4,4,4,4,04 0 0 n",
		"4,4,4,4,4,4/4,4,4,4,4,4 1 0 n",
		"48,0,0,0,0,0/0,0,0,0,0,0 0 0 n",
		"0,0,0,0,0,1/1,1,0,0,0,0 22 23 n",
		"4,4,4,4,4/4,4,4,4,4,4,4 0 0 n",
		"",
	} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, tour bool) {
		var opts rules.Options
		if tour {
			opts = tournament
		}
		g, err := Parse(opts, s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if got := g.Position(); got != s {
			t.Fatalf("parse %q writes %q", s, got)
		}
		r := g.Result()
		ms := g.Moves(nil)
		if r.Over() != (len(ms) == 0) {
			t.Fatalf("%q: %+v with %d moves", s, r, len(ms))
		}
		if len(ms) > 0 {
			g.Play(ms[0])
			g.Unplay()
			if g.Position() != s {
				t.Fatalf("%q: play/unplay gives %q", s, g.Position())
			}
		}
		_ = g.Perft(2)
	})
}

// FuzzParseMove: no panic; an accepted move is legal and canonical once
// trimmed and upper-cased.
func FuzzParseMove(f *testing.F) {
	positions := []string{
		StartPosition,
		"1,2,0,0,0,1/0,0,0,0,0,0 20 24 n",
		"5,0,0,0,1,1/0,0,0,0,3,0 10 10 s",
		"0,0,0,0,0,0/1,0,0,0,0,0 20 27 n",
	}
	for _, s := range []string{"A", "a", " f ", "G", "l", "Z", "", "AB", "\x00", "é"} {
		for i := range positions {
			f.Add(i, s)
		}
	}
	f.Fuzz(func(t *testing.T, pi int, s string) {
		if pi < 0 {
			pi = -pi
		}
		g, err := Parse(nil, positions[pi%len(positions)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove(s)
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.ToUpper(msg[:1]) == msg[:1] && msg[0] >= 'A' && msg[0] <= 'Z' {
				t.Fatalf("move %q: error %q should start in lower case", s, msg)
			}
			return
		}
		if got, want := g.FormatMove(m), strings.ToUpper(strings.TrimSpace(s)); got != want {
			t.Fatalf("move %q formats as %q", s, got)
		}
		legal := false
		for _, l := range g.Moves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("move %q accepted but not legal", s)
		}
	})
}
