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
	cases := []struct {
		pos  string
		term string
		want int
		why  string
	}{
		{StartPosition, "material", 0, "two pieces each"},
		{"x5o/7/7/7/7/5x1/o5x o 0 1", "material", -100, "blue to move has 2 pieces against 3"},
		{"x5o/7/7/7/7/5x1/o5x x 0 1", "material", 100, "red to move has 3 pieces against 2"},
		// Red a1 clones to a2, b1, b2 (3); blue g7 to f7, f6, g6 (3).
		{"6o/7/7/7/7/7/x6 x 0 1", "mobility", 0, "a corner piece each: 3 clone squares each"},
		// Red d4 reaches 8 squares, blue g7 3: (8-3)*4.
		{"6o/7/7/3x3/7/7/7 x 0 1", "mobility", 20, "d4 has 8 neighbours, g7 three"},
		{"6o/7/7/3x3/7/7/7 x 0 1", "frontier", 0, "one exposed piece each"},
	}
	for _, c := range cases {
		g, err := Info.Parse(nil, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := evaltest.Term(t, g, c.term); got != c.want {
			t.Errorf("%s: %s = %d, want %d (%s)", c.pos, c.term, got, c.want, c.why)
		}
	}
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
