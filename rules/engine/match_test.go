package engine

import (
	"context"
	"os"
	"testing"

	"boardrepl/rules"
)

func runMatch(t *testing.T, c MatchConfig) Summary {
	t.Helper()
	var s Summary
	if err := c.Run(context.Background(), nil, func(r GameResult) { s.Add(r) }); err != nil {
		t.Fatal(err)
	}
	return s
}

func infoOf(t *testing.T, id string) *rules.Info {
	in, err := rules.Lookup(id)
	if err != nil {
		t.Skip(err)
	}
	return in
}

// strength skips a strength match (a minute or more of CPU) unless
// BOARDREPL_STRENGTH is set: `make strength` runs them. TestMatch keeps the
// match code itself in every `go test`.
func strength(t *testing.T) {
	t.Helper()
	if os.Getenv("BOARDREPL_STRENGTH") == "" {
		t.Skip("strength match: run with BOARDREPL_STRENGTH=1 (make strength)")
	}
}

// TestStrengthVsRandom: ab:depth=3 beats random in at least 95 of 100
// games in every game.
func TestStrengthVsRandom(t *testing.T) {
	strength(t)
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			t.Parallel()
			s := runMatch(t, MatchConfig{Info: infoOf(t, tg.id), P1: "ab:depth=3", P2: "random", Games: 100, Seed: 1, MaxPlies: 400})
			t.Logf("%s: ab:depth=3 %d wins, %d draws, %d losses; %.1f plies", tg.id, s.P1Wins, s.Draws, s.P2Wins, s.AvgPlies())
			if s.P1Wins < 95 {
				t.Errorf("ab:depth=3 won %d of 100 games against random, want >= 95", s.P1Wins)
			}
		})
	}
}

// TestStrengthDepth: ab:depth=4 scores over 60% against ab:depth=2 (from
// random openings of 4 plies, each played with both colours).
func TestStrengthDepth(t *testing.T) {
	strength(t)
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			t.Parallel()
			s := runMatch(t, MatchConfig{Info: infoOf(t, tg.id), P1: "ab:depth=4", P2: "ab:depth=2", Games: 20, Seed: 3, Opening: 4, MaxPlies: 300})
			t.Logf("%s: ab:depth=4 %d wins, %d draws, %d losses (score %.0f%%)", tg.id, s.P1Wins, s.Draws, s.P2Wins, 100*s.Score())
			if s.Score() <= 0.6 {
				t.Errorf("ab:depth=4 scored %.0f%% against ab:depth=2, want > 60%%", 100*s.Score())
			}
		})
	}
}

// TestMatch plays a short match in every game (the strength matches are
// in `make strength`): every game is counted once, p1 starts half of them
// with each side, each game's moves replay from its start to its final
// position, and the same seed gives the same games.
func TestMatch(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			c := MatchConfig{Info: infoOf(t, tg.id), P1: "ab:depth=1", P2: "mcts:playouts=20", Games: 4, Seed: 5, Opening: 2, MaxPlies: 40}
			var first []GameResult
			var s Summary
			if err := c.Run(context.Background(), nil, func(r GameResult) { first = append(first, r); s.Add(r) }); err != nil {
				t.Fatal(err)
			}
			if s.Games != 4 || s.P1Wins+s.P2Wins+s.Draws != 4 || s.P1Games != [2]int{2, 2} {
				t.Errorf("summary %+v: want 4 games, p1 starting twice with each side", s)
			}
			for _, r := range first {
				g := newGame(t, tg.id, r.Start)
				for i, m := range r.Moves {
					mv, err := g.ParseMove(m)
					if err != nil {
						t.Fatalf("game %d ply %d: %q: %v", r.Index, i+1, m, err)
					}
					g.Play(mv)
				}
				if g.Position() != r.Final || len(r.Moves) != r.Plies {
					t.Errorf("game %d: %d moves replay to %q, reported %d plies ending %q", r.Index, len(r.Moves), g.Position(), r.Plies, r.Final)
				}
			}
			again := runMatch(t, c)
			if again != s {
				t.Errorf("same seed, another result: %+v then %+v", s, again)
			}
		})
	}
}

// An ab player reports its search: the depth it finished and the score,
// the mover's view; a proven end in plies.
func TestABPlayerEval(t *testing.T) {
	p, err := ParsePlayer("ab:depth=2")
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, "ataxx", "")
	if _, err := p.Move(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	e := p.(reporter).lastEval()
	if !e.Scored || e.Depth != 2 || e.Mate != 0 || e.Book {
		t.Errorf("depth 2 from the start: %+v", e)
	}
	if got := searchEval(Info{Depth: 3, Score: Mate - 5}, false); got.Mate != 5 || got.adjScore() != mateScore {
		t.Errorf("a win in 5 plies: %+v", got)
	}
	if got := searchEval(Info{Depth: 3, Score: -(Mate - 4)}, false); got.Mate != -4 || got.adjScore() != -mateScore {
		t.Errorf("a loss in 4 plies: %+v", got)
	}
}
