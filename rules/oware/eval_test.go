package oware

import (
	"testing"

	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	for _, opts := range [][]string{nil, {"end=tournament"}} {
		g, err := Info.NewGame(opts, "")
		if err != nil {
			t.Fatal(err)
		}
		evaltest.RandomGames(t, g, 10, 1)
	}
}

func TestEvalHandChecked(t *testing.T) {
	cases := []struct {
		pos  string
		term string
		want int
		why  string
	}{
		{StartPosition, "score", 0, ""},
		{StartPosition, "threats", 0, "every sowing makes 5 or more"},
		{"3,3,3,3,3,3/2,2,2,2,2,2 10 3 s", "score", -7 * wScore, "south to move, 3 against 10"},
		// A sows into G (2: taken); L's seed lands in F (1). L keeps the
		// capture from being a grand slam.
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", "threats", 2 * wVulnerable, "north's A takes 2 at G"},
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", "seeds in play", -wInPlay, "1 seed against 2"},
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 s", "threats", -2 * wVulnerable, "south to move faces north's threat of 2"},
		// 12 seeds from F: E D C B A (5), G..L (6), skip F, the 12th in E.
		{"0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", "threats", 0, "the last of 12 seeds lands back in north's row"},
	}
	for _, c := range cases {
		g, err := Parse(nil, c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if got := evaltest.Term(t, g, c.term); got != c.want {
			t.Errorf("%s: %s = %d, want %d (%s)", c.pos, c.term, got, c.want, c.why)
		}
	}
}
