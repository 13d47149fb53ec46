package tablut

import (
	"math/rand/v2"
	"testing"

	"boardrepl/rules/engine"
)

var _ engine.WinNower = (*Game)(nil)

// TestWinsNow: WinsNow, which the selective search trusts at its horizon
// as a win in one ply, is true exactly when the side to move has a move
// that wins the game (a king escape; black's captures of the king in one
// are not looked for, so black to move it is always false), in every
// position of random games under both rule sets.
func TestWinsNow(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	checked, wins := 0, 0
	for _, r := range []*ruleSet{ashton, brainKing} {
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
					if over && w == g.SideToMove() && g.side == white {
						win = true
					}
				}
				if got := g.WinsNow(); got != win {
					t.Fatalf("%s: WinsNow %v, a winning king move %v", g.Position(), got, win)
				}
				checked++
				if win {
					wins++
				}
				g.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if wins < 100 {
		t.Errorf("only %d positions with a win now of %d: the test sees too few", wins, checked)
	}
	t.Logf("%d positions, %d with a win now", checked, wins)
}
