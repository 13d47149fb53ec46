package tablut

import "testing"

// TestHashHistory: the engine's view of the history (rules.HashHistory)
// names the positions since the last capture, nearest first, and a capture
// starts it again.
func TestHashHistory(t *testing.T) {
	for _, info := range []string{"ashton", "brainking"} {
		var g *Game
		if info == "ashton" {
			g = mustNew(t, Info, nil, build(t, "w", "Ke5", "Wd6", "Wb3", "Bc3", "Bb9"))
		} else {
			g = bk(t, build(t, "w", "Ke5", "Wd6", "Wb3", "Bc3", "Bb9"))
		}
		if n := g.ReversiblePlies(); n != 0 {
			t.Fatalf("%s: parsed position: %d reversible plies, want 0", info, n)
		}
		start := g.Hash()
		play(t, g, "b3-b2")
		after1 := g.Hash()
		play(t, g, "b9-a9", "b2-b3")
		if n := g.ReversiblePlies(); n != 3 || g.PastHash(3) != start || g.PastHash(2) != after1 {
			t.Fatalf("%s: %d reversible plies, hashes %x %x, want 3 with %x %x", info, n, g.PastHash(3), g.PastHash(2), start, after1)
		}
		if info == "brainking" {
			// Back to the start (Ashton would draw on it).
			play(t, g, "a9-b9")
			if g.Hash() != g.PastHash(4) || g.Hash() != start {
				t.Fatalf("%s: the start position again, hash %x, 4 plies back %x", info, g.Hash(), g.PastHash(4))
			}
			// d6-d3 takes c3 between d3 and b3: nothing before can recur.
			play(t, g, "d6-d3")
			if got := g.LastCaptured(); len(got) != 1 || got[0] != "c3" {
				t.Fatalf("d6-d3 captured %v, want c3", got)
			}
			if n := g.ReversiblePlies(); n != 0 {
				t.Fatalf("after a capture: %d reversible plies, want 0", n)
			}
			play(t, g, "b9-b8")
			if n := g.ReversiblePlies(); n != 1 {
				t.Fatalf("a move after the capture: %d reversible plies, want 1", n)
			}
			g.Unplay()
			g.Unplay()
			if n := g.ReversiblePlies(); n != 4 {
				t.Fatalf("capture taken back: %d reversible plies, want 4", n)
			}
		}
	}
}
