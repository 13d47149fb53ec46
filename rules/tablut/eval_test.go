package tablut

import (
	"testing"

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
	evaltest.Terms(t, Info, []evaltest.TermCase{
		{Pos: StartPosition, Term: "material", Want: 8*wWhiteSoldier - 16*wBlackSoldier, Why: "8 white soldiers against 16 black, white to move"},
		{Pos: StartPosition, Term: "king routes", Want: 0, Why: "the king is shut in the castle"},
		{Pos: "9/7B1/9/9/9/9/2K6/9/9 w", Term: "king routes", Want: wEscapeNow, Why: "white to move: the king at c3 walks out to c1, a3, c9 or i3"},
		{Pos: "9/7B1/9/9/9/9/2K6/9/9 b", Term: "king routes", Want: -wRoutes2, Why: "black to move can shut one of the four lines only"},
		{Pos: "9/9/9/9/9/9/2K1B4/9/9 b", Term: "king routes", Want: -wRoutes2, Why: "e3 blocks the way right only"},
		{Pos: "9/9/9/9/9/2B6/1BK1B4/2B6/9 w", Term: "king routes", Want: 0, Why: "c4, b3, c2 and e3 block every line"},
		{Pos: "9/9/9/9/9/2B6/1BK1B4/2B6/9 w", Term: "king safety", Want: -3 * wAttacker, Why: "black soldiers on c4, b3 and c2, next to c3"},
		{Pos: "9/9/9/9/2B6/9/2K1B4/2B6/9 b", Term: "king routes", Want: -wRoute, Why: "c5, e3 and c2 block: only the line to a3 is open, and black may shut it"},
	})
}
