package tablut

import (
	"math/rand/v2"
	"testing"

	"boardrepl/rules/engine"
)

var _ engine.WinNower = (*Game)(nil)

// TestWinsNow: WinsNow, which the selective search trusts at its horizon
// as a win in one ply, is true exactly when the side to move has a move
// that wins the game (white: a king escape; black: a capture of the king),
// in every position of random games under both rule sets.
func TestWinsNow(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	checked, wins, takes := 0, [2]int{}, [2]int{}
	for ri, r := range []*ruleSet{ashton, brainKing} {
		for game := 0; game < 300; game++ {
			g, err := newGame(r, nil, StartPosition)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 300; ply++ {
				if over, _ := g.Outcome(); over {
					break
				}
				moves := g.Moves(nil)
				win := false
				for _, m := range moves {
					g.Play(m)
					over, w := g.Outcome()
					g.Unplay()
					if over && w == g.SideToMove() {
						win = true
					}
				}
				if got := g.WinsNow(); got != win {
					t.Fatalf("%s: WinsNow %v, a winning move %v", g.Position(), got, win)
				}
				checked++
				if win && g.side == white {
					wins[ri]++
				}
				if win && g.side == black {
					takes[ri]++
				}
				g.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	for ri, name := range []string{"Ashton", "BrainKing"} {
		if wins[ri] < 100 || takes[ri] < 20 {
			t.Errorf("%s: only %d escapes and %d captures of the king in one of %d positions: the test sees too few",
				name, wins[ri], takes[ri], checked)
		}
	}
	t.Logf("%d positions; escapes in one %v, captures of the king in one %v (Ashton, BrainKing)", checked, wins, takes)
}
