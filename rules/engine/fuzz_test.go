package engine

import (
	"regexp"
	"testing"
)

// A time control that parses writes back (String) to one that parses to
// the same value.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "40/60+0.5", "1:30+1", "inf", "st=0.1", "nodes=20000", "10+0.1 nodes=5,depth=3", "500ms+10ms", "tc=40/2:00", "1e-300", "st=1e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		again, err := ParseTimeControl(tc.String())
		if err != nil || again != tc {
			t.Fatalf("%q: %+v writes %q, which reads %+v, %v", s, tc, tc.String(), again, err)
		}
	})
}

// fileLine is the "FILE:LINE: " or "FILE: " every error of a book starts
// with.
var fileLine = regexp.MustCompile(`^b\.txt(:[0-9]+)?: `)

// Every book that loads holds openings that replay to a game not over;
// every one that does not says where.
func FuzzLoadOpenings(f *testing.F) {
	for _, s := range []string{"x5o/7/7/7/7/7/o4xx o 0 1\n# c\n\nf2 a2\n", "1. f2 a2 2. g1e3 *\n", "[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 *\n", "x5o/7/7/7 o 0 1\n", "f2 {x\n", "7/7/7/7/7/7/7 x 0 1\n"} {
		for _, format := range []string{"", "fen", "epd", "moves", "pgn"} {
			f.Add(s, format, 2)
		}
	}
	f.Fuzz(func(t *testing.T, text, format string, plies int) {
		spec := OpeningSpec{File: "b.txt", Format: format, Plies: max(plies, 0) % 8}
		b, err := LoadOpenings(spec, text, infoOf(t, "ataxx"), nil, "")
		if err != nil {
			if !fileLine.MatchString(err.Error()) {
				t.Fatalf("%q: error %q does not name the file", text, err)
			}
			return
		}
		for _, op := range b.List {
			g := newGame(t, "ataxx", op.Position)
			for _, m := range op.Moves {
				mv, err := g.ParseMove(m)
				if err != nil {
					t.Fatalf("%q: opening %+v: %v", text, op, err)
				}
				g.Play(mv)
			}
			if g.Result().Over() {
				t.Fatalf("%q: opening %+v ends the game", text, op)
			}
		}
	})
}
