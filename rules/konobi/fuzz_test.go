package konobi

import (
	"strings"
	"testing"
)

// FuzzParsePosition: no panic; an accepted string is canonical (it is
// written back unchanged) and its moves are legal and reversible.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"8/8/8/8/8/8/8/8 b -",
		"8/8/8/8/3B4/8/8/8 w swap",
		"BBBWW/WW1BB/BB1WW/WWBBW/BBBWW w -",
		"12/12/12/12/12/12/12/12/12/12/12/B10W b -",
		"3/B2/B2 b -",
		"BW/WB b -",
		"8/8/4x3/8/8/8/8/8 b -",
		"08/8 b -",
		"99/9 w swap",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			return
		}
		pos := g.Position()
		if pos != strings.TrimSpace(s) {
			t.Fatalf("%q accepted but written %q", s, pos)
		}
		g2, err := Parse(pos)
		if err != nil || g2.Position() != pos || g2.Hash() != g.Hash() {
			t.Fatalf("round trip of %q: %v", pos, err)
		}
		_ = g.Board()
		for _, m := range g.Moves(nil) {
			g.Play(m)
			_ = g.Position()
			g.Unplay()
			if g.Position() != pos {
				t.Fatalf("%q: %s unplayed to %q", pos, g.FormatMove(m), g.Position())
			}
		}
	})
}

// FuzzParseMove: no panic; an accepted move formats back to the trimmed,
// lower-cased input and is listed by Moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d4", "D4", " e5 ", "pass", "swap", "SWAP", "i9", "a0", "z99", "d44", "", "h8", "a1x"} {
		f.Add("8/8/8/8/3B4/8/8/8 w swap", s)
		f.Add("8/8/8/3WB3/4W3/8/8/8 b -", s)
	}
	f.Add("BBBWW/WW1BB/BB1WW/WWBBW/BBBWW w -", "pass")
	f.Add("3/B2/B2 b -", "a3")
	f.Fuzz(func(t *testing.T, pos, s string) {
		g, err := Parse(pos)
		if err != nil {
			return
		}
		m, err := g.ParseMove(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if got := g.FormatMove(m); got != strings.ToLower(strings.TrimSpace(s)) {
			t.Fatalf("%q parsed to %q", s, got)
		}
		found := false
		for _, x := range g.Moves(nil) {
			if x == m {
				found = true
			}
		}
		if !found {
			t.Fatalf("%q accepted in %q but not listed", s, pos)
		}
		g.Play(m)
		g.Unplay()
		if g.Position() != strings.TrimSpace(pos) {
			t.Fatalf("play/unplay %q: %q", s, g.Position())
		}
	})
}
