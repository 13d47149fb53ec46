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
	cases := []struct {
		pos  string
		term string
		want int
		why  string
	}{
		{StartPosition, "material", 8*wWhiteSoldier - 16*wBlackSoldier, "8 white soldiers against 16 black, white to move"},
		{StartPosition, "king routes", 0, "the king is shut in the castle"},
		{"9/7B1/9/9/9/9/2K6/9/9 w", "king routes", wRoutes2, "the king at c3 sees c1, a3, c9 and i3"},
		{"9/7B1/9/9/9/9/2K6/9/9 b", "king routes", -wRoutes2, "the same from black's view"},
		{"9/9/9/9/9/9/2K1B4/9/9 w", "king routes", wRoutes2, "e3 blocks the way right only"},
		{"9/9/9/9/9/2B6/1BK1B4/2B6/9 w", "king routes", 0, "c4, b3, c2 and e3 block every line"},
		{"9/9/9/9/9/2B6/1BK1B4/2B6/9 w", "king safety", -3 * wAttacker, "black soldiers on c4, b3 and c2, next to c3"},
		{"9/9/9/9/2B6/9/2K1B4/2B6/9 w", "king routes", wRoute, "c5, e3 and c2 block: only the line to a3 is open"},
	}
	for _, c := range cases {
		g, err := Info.Parse(nil, c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if got := evaltest.Term(t, g, c.term); got != c.want {
			t.Errorf("%s: %s = %d, want %d (%s)", c.pos, c.term, got, c.want, c.why)
		}
	}
}
