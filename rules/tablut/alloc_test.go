package tablut

import (
	"testing"

	"boardrepl/rules"
)

// TestNoAllocations: once warmed up, move generation, Play/Unplay and
// Perft allocate nothing.
func TestNoAllocations(t *testing.T) {
	for _, info := range []*rules.Info{Info, BrainKingInfo} {
		g := mustNew(t, info, []string(nil), "")
		if info == BrainKingInfo {
			g = mustNew(t, info, []string{"repetition=3"}, "")
		}
		buf := make([]rules.Move, 0, 256)
		g.Perft(3) // warm up the stack and the buffers
		allocs := testing.AllocsPerRun(20, func() {
			moves := g.Moves(buf[:0])
			for _, m := range moves {
				g.Play(m)
				_ = g.Hash()
				_ = g.countMoves()
				g.Unplay()
			}
			_ = g.Perft(3)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run", info.ID, allocs)
		}
	}
}
