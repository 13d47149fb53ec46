package ataxx

import (
	"testing"

	"boardrepl/rules"

	"pgregory.net/rapid"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		StartPosition, "x5o/7/7/7/7/7/o5x o", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
		"7/7/7/7/-------/-------/x5o x 0 1", "x5o/7/7/4x3/7/7/o5x x 0 1", "x5o/7/7/7/7/7/o5x x -1 1",
		"x11o/7/7/7/7/7/o5x x 0 1", "", "x5o/7/7/7/7/7/o5x x 0 1 2", "7/7/7/7/7/7/7 q", "xxxoooo/-------/-------/7/7/7/7 x 100 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Info.Parse(rules.Options{}, s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		pos := g.Position()
		back, err := Info.Parse(rules.Options{}, pos)
		if err != nil || back.Position() != pos {
			t.Fatalf("%q -> %q does not round-trip: %v", s, pos, err)
		}
		if back.(*Game).Hash() != g.(*Game).Hash() {
			t.Fatalf("%q: hash differs after round trip", s)
		}
		if r := g.Result(); r.Over() != (len(g.Moves(nil)) == 0) {
			t.Fatalf("%q: result %v vs moves", s, r)
		}
		_ = g.Board()
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f2", "a1c3", "a1-c3", "0000", "pass", "a7c5", "b6", "g7e5", "h9", "a1c", "", " f1 ", "a7-b6", "PASS", "é4"} {
		f.Add(StartPosition, s)
	}
	f.Add("7/7/7/7/---4/---4/x--3o x 0 1", "pass")
	f.Add("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", "c5e5")
	f.Add("xxxoooo/-------/-------/7/7/7/7 x 100 1", "a7")
	f.Fuzz(func(t *testing.T, fen, s string) {
		gg, err := Info.Parse(rules.Options{}, fen)
		if err != nil {
			return
		}
		g := gg.(*Game)
		m, err := g.ParseMove(s)
		legal := map[rules.Move]bool{}
		for _, lm := range g.Moves(nil) {
			legal[lm] = true
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error")
			}
			return
		}
		if !legal[m] {
			t.Fatalf("%s: %q parsed to an illegal move %v", fen, s, m)
		}
		back, err := g.ParseMove(g.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("%s: %q -> %q does not round-trip", fen, s, g.FormatMove(m))
		}
		pos := g.Position()
		g.Play(m)
		g.Unplay()
		if g.Position() != pos {
			t.Fatalf("play/unplay %q changed %s to %s", s, pos, g.Position())
		}
	})
}

// randomGame draws an arbitrary position: any mix of pieces, blocks and
// empties, either side to move, clocks around the fifty-move limit.
func randomGame(t *rapid.T) *Game {
	g := &Game{fifty: rapid.Bool().Draw(t, "fifty"), full: 1}
	density := rapid.IntRange(0, 4).Draw(t, "density")
	for s := 0; s < nsq; s++ {
		switch rapid.IntRange(0, 3+density).Draw(t, "sq") {
		case 0:
			g.bb[0] |= 1 << s
		case 1:
			g.bb[1] |= 1 << s
		case 2:
			g.blocks |= 1 << s
		}
	}
	g.side = rapid.IntRange(0, 1).Draw(t, "side")
	g.half = rapid.IntRange(95, 101).Draw(t, "half")
	g.full = rapid.IntRange(1, 300).Draw(t, "full")
	g.rehash()
	return g
}

// TestPropertyPositions checks on arbitrary positions that the position
// string round-trips, the fast perft agrees with the generic one, and
// Result agrees with Moves and with a reference reading of the rules.
func TestPropertyPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomGame(t)
		pos := g.Position()
		opts := g.Options()
		back, err := Info.Parse(opts, pos)
		if err != nil || back.Position() != pos || back.(*Game).Hash() != g.Hash() {
			t.Fatalf("%q: round trip %v", pos, err)
		}
		for d := 0; d <= 2; d++ {
			if f, s := g.Perft(d), rules.GenericPerft(g, d); f != s {
				t.Fatalf("%q fifty=%v depth %d: fast %d, generic %d", pos, g.fifty, d, f, s)
			}
		}
		// Reference: ended iff a side has no pieces, or no empty square is
		// within distance 2 of a piece (checked square by square), or the
		// fifty-move rule applies.
		reach := false
		for s := 0; s < nsq; s++ {
			if (g.bb[0]|g.bb[1])&(1<<s) == 0 {
				continue
			}
			for e := 0; e < nsq; e++ {
				if g.empty()&(1<<e) != 0 && dist(s, e) <= 2 {
					reach = true
				}
			}
		}
		over := g.bb[0] == 0 || g.bb[1] == 0 || !reach || (g.fifty && g.half >= 100)
		if g.Result().Over() != over {
			t.Fatalf("%q: result %v, reference over=%v", pos, g.Result(), over)
		}
		ms := g.Moves(nil)
		if over != (len(ms) == 0) {
			t.Fatalf("%q: over=%v with %d moves", pos, over, len(ms))
		}
		for _, m := range ms {
			s := g.FormatMove(m)
			if pm, err := g.ParseMove(s); err != nil || pm != m {
				t.Fatalf("%q: %s does not parse back: %v", pos, s, err)
			}
		}
	})
}
