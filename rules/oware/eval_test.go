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
		{Pos: "3,3,3,3,3,3/2,2,2,2,2,2 10 3 s", Term: "score", Want: -7 * evalWeights[fScore], Why: "south to move, 3 against 10"},
		// A sows into G (2: taken); L's seed lands in F (1). L keeps the
		// capture from being a grand slam.
		// 3 seeds on the board: the tapered terms weigh 3/48 of their
		// feature.
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", Term: "threats", Want: 2*evalWeights[fMyThreat] + 2*3*evalWeights[fMyThreatT]/48, Why: "north's A takes 2 at G"},
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", Term: "seeds in play", Want: -evalWeights[fInPlay] - 3*evalWeights[fInPlayT]/48, Why: "1 seed against 2"},
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 s", Term: "threats", Want: 2*evalWeights[fHisThreat] + 2*3*evalWeights[fHisThreatT]/48, Why: "south to move faces north's threat of 2"},
		{Pos: "1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", Term: "pits", Want: evalWeights[fEmpty] - evalWeights[fLow], Why: "north: 5 empty, 1 of 1-2; south: 4 empty, 2 of 1-2"},
		{Pos: "0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", Term: "pits", Want: -evalWeights[fEmpty] + evalWeights[fKroo], Why: "north: 5 empty and a kroo; south: 6 empty"},
		{Pos: "0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", Term: "mobility", Want: evalWeights[fMobility], Why: "north can sow F; south, whose row is empty, nothing"},
		{Pos: StartPosition, Term: "tempo", Want: evalWeights[fTempo], Why: "always the side to move's"},
		// 12 seeds from F: E D C B A (5), G..L (6), skip F, the 12th in E.
		{Pos: "0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", Term: "threats", Want: 0, Why: "the last of 12 seeds lands back in north's row"},
	})
}

// TestOrderMove: 100 per seed a move captures, checked by hand.
func TestOrderMove(t *testing.T) {
	cases := []struct {
		pos, move string
		want      int
		why       string
	}{
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", "A", 200, "A's seed lands in G, which then holds 2"},
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 s", "G", 0, "G's seed lands in H, in south's own row"},
		{"0,0,0,0,0,12/0,0,0,0,0,0 0 0 n", "F", 0, "the last of 12 seeds lands back in north's row"},
		// B sows into A, G, H: G and H hold 2 and 3, taken backwards from H.
		{"0,3,0,0,0,0/1,2,0,0,1,0 0 0 n", "B", 500, "H (3) and G (2); K keeps it from being a grand slam"},
		{"0,3,0,0,0,0/1,2,0,0,0,0 0 0 n", "B", 0, "taking G and H would empty south's row: a grand slam takes nothing"},
		{StartPosition, "A", 0, "4 seeds from A land in J, which holds 5"},
	}
	for _, c := range cases {
		g, err := Parse(nil, c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		m, err := g.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.pos, c.move, err)
		}
		if got := g.OrderMove(m); got != c.want {
			t.Errorf("%s %s: OrderMove = %d, want %d (%s)", c.pos, c.move, got, c.want, c.why)
		}
		if g.Position() != c.pos {
			t.Errorf("OrderMove changed %s into %s", c.pos, g.Position())
		}
	}
}
