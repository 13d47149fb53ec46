package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"boardrepl/rules"
)

// Hand-checked forced results: mate is the number of plies to the end,
// positive when the side to move wins.
func TestForcedWins(t *testing.T) {
	cases := []struct {
		game, pos string
		depth     int
		mate      int
		best      []string // acceptable best moves (nil: any)
		why       string
	}{
		{"ataxx", "7/7/7/7/7/1o5/x6 x 0 1", 4, 1, nil,
			"red clones or jumps next to blue's only piece and converts it: blue has no pieces"},
		{"ataxx", "7/7/7/7/7/1o5/x6 o 0 1", 4, 1, []string{"a2", "b1"},
			"blue clones next to red's only piece; no jump from b2 lands next to a1"},
		{"ataxx", "7/7/7/7/7/7/xo5 o 0 1", 4, 1, []string{"a2", "b2"},
			"blue's clone to a2 or b2 converts a1"},
		{"tablut", "9/7B1/9/9/9/9/2K6/9/9 w", 4, 1, []string{"c3-c1", "c3-a3", "c3-c9", "c3-i3"},
			"the king at c3 sees c1, a3, c9 and i3 on the edge (no camp on rank 3 or file c)"},
		{"tablut", "9/7B1/9/9/9/9/2K6/9/9 b", 4, -2, nil,
			"black's only soldier at h8 can block neither route of the king"},
		{"tablut-brainking", "9/9/9/9/9/9/9/1B2K4/9 w", 4, 1, []string{"e2-e1", "e2-i2", "e2-e9"},
			"the king at e2 reaches e1, i2 or (over the empty throne) e9; b2 blocks a2"},
		{"konobi", "3/1BW/1BW b -", 4, 1, []string{"b3"},
			"b3 joins b1-b2 to rank 3; a3 and c3 are needless weak connections (a2, c2 are free)"},
		{"konobi", "3/1BW/1BW w -", 4, -2, nil,
			"white cannot take b3 (a needless weak connection to c2: c3 is free), so black plays it next"},
	}
	for _, c := range cases {
		t.Run(c.game+" "+c.pos, func(t *testing.T) {
			g := newGame(t, c.game, c.pos)
			res, err := Search(context.Background(), g, Limits{Depth: c.depth}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Mate(); got != c.mate {
				t.Fatalf("mate %d (score %s, pv %v), want %d: %s", got, FormatScore(res.Score), res.PVText, c.mate, c.why)
			}
			if c.best != nil {
				ok := false
				for _, b := range c.best {
					ok = ok || b == res.BestText
				}
				if !ok {
					t.Errorf("best %s, want one of %v", res.BestText, c.best)
				}
			}
			if abs(c.mate) > 0 && len(res.PV) != abs(c.mate) {
				t.Errorf("pv %v has %d moves, want %d", res.PVText, len(res.PV), abs(c.mate))
			}
		})
	}
}

// bruteMate is a plain minimax without pruning, table or ordering: the
// game-theoretic value within depth plies in the engine's scale, with the
// positions it cannot judge valued 0.
func bruteMate(g rules.Game, depth, ply int) int {
	if over, w := rules.Outcome(g); over {
		switch {
		case w < 0:
			return 0
		case w == g.SideToMove():
			return Mate - ply
		}
		return -(Mate - ply)
	}
	if depth == 0 {
		return 0
	}
	best := -infinity
	for _, m := range g.Moves(nil) {
		g.Play(m)
		s := -bruteMate(g, depth-1, ply+1)
		g.Unplay()
		best = max(best, s)
	}
	return best
}

// TestShortestWins compares the proven results of the search with a
// brute-force minimax on positions near the end of random games: the
// engine must prove exactly the same wins and losses, at the same distance.
func TestShortestWins(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force")
	}
	depthOf := map[string]int{"ataxx": 3, "tablut": 3, "tablut-brainking": 3, "konobi": 3, "oware": 5}
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			d := depthOf[tg.id]
			proven := 0
			for seed := uint64(1); seed <= 6; seed++ {
				for _, g := range endgamePositions(t, tg.id, seed, 6) {
					want := MatePlies(bruteMate(g, d, 0))
					res, err := Search(context.Background(), g, Limits{Depth: d}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if got := res.Mate(); got != want {
						t.Errorf("%s: engine mate %d (pv %v), brute force %d", g.Position(), got, res.PVText, want)
					}
					if want != 0 {
						proven++
					}
				}
			}
			if proven < 5 {
				t.Errorf("only %d proven positions: the test proves little", proven)
			}
		})
	}
}

// endgamePositions plays a seeded random game to its end and returns the
// last n positions before the end.
func endgamePositions(t testing.TB, id string, seed uint64, n int) []rules.Game {
	g := newGame(t, id, "")
	var hist []rules.Game
	rng := rand.New(rand.NewPCG(seed, 11))
	var buf []rules.Move
	for ply := 0; ply < 3000; ply++ {
		if over, _ := rules.Outcome(g); over {
			break
		}
		hist = append(hist, g.Clone())
		buf = g.Moves(buf[:0])
		g.Play(buf[rng.IntN(len(buf))])
	}
	if len(hist) > n {
		hist = hist[len(hist)-n:]
	}
	return hist
}
