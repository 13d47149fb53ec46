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
	evaltest.Terms(t, Info, []evaltest.TermCase{
		{Pos: StartPosition, Term: "score", Want: 0, Why: ""},
		{Pos: StartPosition, Term: "threats", Want: 0, Why: "every sowing makes 5 or more"},
		{Pos: "3,3,3,3,3,3/2,2,2,2,2,2 10 3 s", Term: "score", Want: -7 * wScore, Why: "south to move, 3 against 10"},
		// A sows into G (2: taken); L's seed lands in F (1). L keeps the
		// capture from being a grand slam.
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", Term: "threats", Want: 2 * wVulnerable, Why: "north's A takes 2 at G"},
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", Term: "seeds in play", Want: -wInPlay, Why: "1 seed against 2"},
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 s", Term: "threats", Want: -2 * wVulnerable, Why: "south to move faces north's threat of 2"},
		// 12 seeds from F: E D C B A (5), G..L (6), skip F, the 12th in E.
		{Pos: "0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", Term: "threats", Want: 0, Why: "the last of 12 seeds lands back in north's row"},
	})
}
