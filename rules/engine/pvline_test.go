package engine

import (
	"context"
	"testing"

	"boardrepl/rules"
)

// TestPVFullLength: where the table's score ends a node of the principal
// variation (SearchTuning.TTCutPV: Ataxx), the line goes on with the
// table's moves, so that a selective search of depth 3 shows 3 legal moves
// (fewer only where the game ends). An engine that searched the positions
// before, the same position among them, holds the entries that end such
// nodes. (Deeper, internal
// iterative reduction, from 4 plies left, and the aspiration window's
// search a ply shallower after a fail high, from depth 7, shorten lines
// too, by design.)
func TestPVFullLength(t *testing.T) {
	ps := randomPositions(t, "ataxx", 6, []int{2, 3, 6, 7, 10, 11, 16, 17, 24, 25, 32, 33})
	if st, ok := ps[0].(rules.SearchTuner); !ok || !st.SearchTuning().TTCutPV {
		t.Fatal("ataxx does not cut on the principal variation: the test needs a game that does")
	}
	e := New(Options{Selective: true, HashEntries: 1 << 16})
	for _, g := range ps {
		for _, d := range []int{3, 2, 3, 3} {
			res, err := e.Search(context.Background(), g, Limits{Depth: d}, nil)
			if err != nil {
				t.Fatal(err)
			}
			over, _ := rules.Outcome(playPV(t, g, res))
			if len(res.PV) < d && !over && res.Mate() == 0 {
				t.Errorf("%s depth %d: a line of %d moves: %v", g.Position(), d, len(res.PV), res.PVText)
			}
		}
	}
}
