package ataxx

import (
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	g, err := Info.NewGame(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	evaltest.RandomGames(t, g, 30, 1)
}

func TestEvalHandChecked(t *testing.T) {
	evaltest.Terms(t, Info, []evaltest.TermCase{
		{Pos: StartPosition, Term: "material", Want: 0, Why: "two pieces each"},
		{Pos: "x5o/7/7/7/7/5x1/o5x o 0 1", Term: "material", Want: -100, Why: "blue to move has 2 pieces against 3"},
		{Pos: "x5o/7/7/7/7/5x1/o5x x 0 1", Term: "material", Want: 100, Why: "red to move has 3 pieces against 2"},
		// Red a1 clones to a2, b1, b2 (3); blue g7 to f7, f6, g6 (3).
		{Pos: "6o/7/7/7/7/7/x6 x 0 1", Term: "mobility", Want: 0, Why: "a corner piece each: 3 clone squares each"},
		// Red d4 reaches 8 squares, blue g7 3: (8-3)*4.
		{Pos: "6o/7/7/3x3/7/7/7 x 0 1", Term: "mobility", Want: 20, Why: "d4 has 8 neighbours, g7 three"},
		{Pos: "6o/7/7/3x3/7/7/7 x 0 1", Term: "frontier", Want: 0, Why: "one exposed piece each"},
	})
}

func TestOutcomeEnds(t *testing.T) {
	cases := []struct {
		pos    string
		over   bool
		winner int
	}{
		{StartPosition, false, -1},
		{"7/7/7/7/7/7/x6 o 0 1", true, 0}, // blue has no pieces
		{"xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1", true, 1}, // full: 21 against 28
		{"x5o/7/7/7/7/7/o5x x 100 60", true, -1},                                   // fifty-move rule
	}
	for _, c := range cases {
		g, err := Info.Parse(nil, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		over, w := g.(rules.Outcomer).Outcome()
		if over != c.over || w != c.winner {
			t.Errorf("%s: Outcome() = %v, %d; want %v, %d", c.pos, over, w, c.over, c.winner)
		}
	}
}
