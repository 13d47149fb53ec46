package engine

import (
	"context"
	"testing"
)

func TestMCTSReproducible(t *testing.T) {
	g := newGame(t, "konobi", "")
	a, err := NewMCTS(MCTSOptions{Playouts: 300, Seed: 7}).Search(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewMCTS(MCTSOptions{Playouts: 300, Seed: 7}).Search(context.Background(), g)
	if a.Best != b.Best || a.Visits != b.Visits || a.Playouts != 300 {
		t.Errorf("same seed, different searches: %+v and %+v", a, b)
	}
	if g.Ply() != 0 || g.Position() != "8/8/8/8/8/8/8/8 b -" {
		t.Errorf("the search changed the position: %s", g.Position())
	}
}

func TestMCTSFindsWin(t *testing.T) {
	// Red takes blue's only piece (hand-checked in TestForcedWins).
	g := newGame(t, "ataxx", "7/7/7/7/7/1o5/x6 x 0 1")
	res, err := NewMCTS(MCTSOptions{Playouts: 500, Seed: 1}).Search(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if res.WinRate < 0.99 {
		t.Errorf("best %s with win rate %.2f, want a winning move", res.BestText, res.WinRate)
	}
}

func TestStrengthMCTSVsRandom(t *testing.T) {
	strength(t)
	s := runMatch(t, MatchConfig{Info: infoOf(t, "konobi"), Options: []string{"size=6"}, P1: "mcts:playouts=300", P2: "random", Games: 10, Seed: 2})
	if s.P1Wins < 9 {
		t.Errorf("mcts:playouts=300 won %d of 10 Konobi games against random, want >= 9", s.P1Wins)
	}
}
