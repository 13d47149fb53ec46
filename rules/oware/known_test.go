package oware

import (
	"context"
	"fmt"
	"testing"

	"boardrepl/rules/engine"
)

// tableMargin is the final margin the retrograde tables give for g: the
// scores banked plus the table value of the board, from the side to move.
func tableMargin(g *Game) (int, bool) {
	v, _, ok := endgameEntry(&g.p)
	if !ok {
		return 0, false
	}
	me := g.p.side
	return int(g.p.score[me]) - int(g.p.score[1-me]) + v, true
}

func marginText(m int) string {
	switch {
	case m > 0:
		return fmt.Sprintf("win+%d", m)
	case m < 0:
		return fmt.Sprintf("loss%d", m)
	}
	return "0" // a proven draw scores 0, as an even position
}

// The score the engine prints for a position of the tables is their final
// margin, at every depth: win+N, N the seeds of the final difference,
// never above 48 (the position printed win+375 .. win+381).
func TestKnownScoreIsTheTableMargin(t *testing.T) {
	g, err := Parse(nil, "1,0,2,0,0,3/0,1,0,2,0,1 20 18 n")
	if err != nil {
		t.Fatal(err)
	}
	m, ok := tableMargin(g)
	if !ok {
		t.Fatal("the position is not in the tables")
	}
	e := engine.New(engine.Options{HashEntries: 1 << 16})
	for d := 1; d <= 6; d++ {
		res, err := e.Search(context.Background(), g, engine.Limits{Depth: d}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := engine.FormatScore(res.Score)
		if engine.MatePlies(res.Score) == 0 && got != marginText(m) {
			t.Errorf("depth %d: %s, the tables say %s", d, got, marginText(m))
		}
	}
	// Many positions: the root's own value, and the score of every search
	// that ends in the tables' band.
	checked := 0
	for _, g := range endgamePositions(t, 5, EndgameSeeds, 25) {
		if g.Result().Over() {
			continue
		}
		m, _ := tableMargin(g)
		if m > 48 || m < -48 {
			t.Errorf("%s: margin %d beyond 48 seeds", g.Position(), m)
		}
		v, ok := g.EndgameValue()
		if !ok {
			t.Fatalf("%s: no table value", g.Position())
		}
		if got := engine.FormatScore(engine.KnownScore(v)); got != marginText(m) {
			t.Errorf("%s: value %d prints %s, the tables say %s", g.Position(), v, got, marginText(m))
		}
		e.NewGame()
		res, err := e.Search(context.Background(), g, engine.Limits{Depth: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, known := engine.KnownMargin(res.Score); known {
			checked++
			if got := engine.FormatScore(res.Score); got != marginText(m) {
				t.Errorf("%s: depth 3 says %s, the tables say %s", g.Position(), got, marginText(m))
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d searches ended in the tables' band", checked)
	}
}
