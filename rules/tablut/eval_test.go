package tablut

import (
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	for _, in := range []string{"tablut", "tablut-brainking"} {
		info := Info
		if in != "tablut" {
			info = BrainKingInfo
		}
		g, err := info.NewGame(nil, "")
		if err != nil {
			t.Fatal(err)
		}
		evaltest.RandomGames(t, g, 20, 1)
	}
}

func TestEvalHandChecked(t *testing.T) {
	w := ashtonWeights
	evaltest.Terms(t, Info, []evaltest.TermCase{
		{Pos: StartPosition, Term: "material", Want: 8*w[fWhite] - 16*w[fBlack], Why: "8 white soldiers against 16 black, white to move"},
		{Pos: StartPosition, Term: "king routes", Want: 0, Why: "the king is shut in the castle"},
		{Pos: "9/7B1/9/9/9/9/2K6/9/9 w", Term: "king routes", Want: w[fEscapeNow], Why: "white to move: the king at c3 walks out to c1, a3, c9 or i3"},
		{Pos: "9/7B1/9/9/9/9/2K6/9/9 b", Term: "king routes", Want: -w[fRoutes2], Why: "black to move can shut one of the four lines only"},
		{Pos: "9/9/9/9/9/9/2K1B4/9/9 b", Term: "king routes", Want: -w[fRoutes2], Why: "e3 blocks the way right only"},
		{Pos: "9/9/9/9/9/2B6/1BK1B4/2B6/9 w", Term: "king routes", Want: 0, Why: "c4, b3, c2 and e3 block every line"},
		{Pos: "9/9/9/9/9/2B6/1BK1B4/2B6/9 w", Term: "king safety", Want: -3 * w[fAttacker], Why: "black soldiers on c4, b3 and c2, next to c3"},
		{Pos: "9/9/9/9/2B6/9/2K1B4/2B6/9 b", Term: "king routes", Want: -w[fRoute1], Why: "c5, e3 and c2 block: only the line to a3 is open, and black may shut it"},
	})
}

// TestOrderMove: escapes before captures before king moves that open a line
// before quiet moves, checked by hand on the positions given.
func TestOrderMove(t *testing.T) {
	cases := []struct {
		info      *rules.Info
		pos, move string
		want      int
		why       string
	}{
		{Info, "9/7B1/9/9/9/9/2K6/9/9 w", "c3-c1", oEscape, "the king reaches the edge"},
		{Info, "9/7B1/9/9/9/9/2K6/9/9 w", "c3-c4", oKingWay, "from c4 the line up to c9 is free (a4 is a camp)"},
		{Info, "9/7B1/9/9/9/2B6/2K6/9/9 w", "c3-d3", oKingWay, "from d3 the line right to i3 is free"},
		{Info, "9/9/9/9/9/2B6/1BK1B4/2B6/9 w", "c3-d3", oKing, "from d3: camps d9 and d1, e3, b3 shut every line; nothing is caught"},
		{BrainKingInfo, "9/9/9/9/4K4/2W6/2B6/W8/9 w", "a2-c2", oCapture, "c3 is caught between c2 and c4"},
		{BrainKingInfo, "9/9/9/9/4K4/2W6/2B6/W8/9 w", "a2-a1", 0, "a quiet move"},
		{BrainKingInfo, "9/9/9/9/4K4/2B6/2W6/B8/9 b", "a2-c2", oCapture, "black takes c3 against c4"},
		{BrainKingInfo, "9/9/9/9/4K4/9/9/B8/9 b", "a2-a5", 0, "a5 is not next to the king"},
		{BrainKingInfo, "9/9/9/9/4K4/9/9/3B5/9 b", "d2-d5", oGuard, "d5 is next to the king on e5"},
	}
	for _, c := range cases {
		g, err := c.info.Parse(nil, c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		m, err := g.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.pos, c.move, err)
		}
		if got := g.(*Game).OrderMove(m); got != c.want {
			t.Errorf("%s %s: OrderMove = %d, want %d (%s)", c.pos, c.move, got, c.want, c.why)
		}
		if g.Position() != c.pos {
			t.Errorf("OrderMove changed %s into %s", c.pos, g.Position())
		}
	}
}

// TestKingRun: the threats of a BrainKing king on the second ring, counted
// by hand: each square he reaches along the ring (his own included) whose
// edge square beyond is empty; and the term that halves black's lead.
func TestKingRun(t *testing.T) {
	a := build(t, "w", "Kb5", "Ba5", "Wb7", "Bb3", "Wd5", "Bg9", "Bh9", "Bi8")
	b := build(t, "w", "Kb2", "Wb4", "Wd2", "Bi9")
	cases := []struct {
		info *rules.Info
		pos  string
		want int
		why  string
	}{
		{BrainKingInfo, a, 2, "a5 is held; up the b file b6 (a6 empty) before the guard on b7, down b4 (a4) before b3"},
		{BrainKingInfo, b, 4, "a2 and b1 empty; b3 (a3) before b4; c2 (c1) before d2"},
		{Info, b, 0, "Ashton: no run"},
		{BrainKingInfo, build(t, "w", "Ke4", "Bi9"), 0, "e4 is not on the second ring"},
	}
	for _, c := range cases {
		g := mustNew(t, c.info, nil, c.pos)
		if got := g.kingRun(); got != c.want {
			t.Errorf("%s %s: kingRun = %d, want %d (%s)", c.info.ID, c.pos, got, c.want, c.why)
		}
	}
	evaltest.Terms(t, BrainKingInfo, []evaltest.TermCase{
		{Pos: a, Term: "king's run", Want: 116, Why: "material 2*160-5*100, mobility 3*6, a5 next to him -45, b3 on a blockade square -25: -232, half of it back"},
		{Pos: a[:len(a)-1] + "b", Term: "king's run", Want: -116, Why: "the same from black's view"},
		{Pos: b, Term: "king's run", Want: 0, Why: "white is ahead: nothing to take back"},
	})
}
