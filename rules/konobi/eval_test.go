package konobi

import (
	"testing"

	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	for _, n := range []int{5, 8} {
		g, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		evaltest.RandomGames(t, g, 20, 1)
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		pos          string
		black, white int
		why          string
	}{
		{"8/8/8/8/8/8/8/8 b -", 8, 8, "an empty board: a whole line of stones each"},
		{"3/1BW/1BW b -", 1, 3, "black needs b3; white a3, b3 and c3 (b1, b2 block the lower ranks)"},
	}
	for _, c := range cases {
		g, err := Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if b, w := g.Distance(0), g.Distance(1); b != c.black || w != c.white {
			t.Errorf("%s: distances black %d white %d, want %d %d (%s)", c.pos, b, w, c.black, c.white, c.why)
		}
	}
	g, _ := Parse("3/1BW/1BW b -")
	if got := evaltest.Term(t, g, "own distance") + evaltest.Term(t, g, "opponent distance"); got != 200 {
		t.Errorf("evaluation of 3/1BW/1BW b - is %d, want 200 (3 - 1 stones)", got)
	}
}
