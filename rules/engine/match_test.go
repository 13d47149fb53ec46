package engine

import (
	"context"
	"math"
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

// TestStrengthVsRandom: ab:depth=3 beats random in at least 95 of 100
// games in every game.
func TestStrengthVsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("strength")
	}
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
	if testing.Short() {
		t.Skip("strength")
	}
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

func TestElo(t *testing.T) {
	s := Summary{Games: 100, P1Wins: 64, P2Wins: 36}
	d, m := s.Elo()
	// 64%: -400 log10(1/0.64 - 1) = 100.0; se = sqrt(.64*.36/100) = 0.048,
	// 95%: 0.5459..0.7341 -> 32.0..176.8 Elo, half-width 72.4.
	if math.Abs(d-100.0) > 0.5 || math.Abs(m-72.4) > 0.5 {
		t.Errorf("Elo %.1f ± %.1f, want 100.0 ± 72.4", d, m)
	}
	s = Summary{Games: 10, P1Wins: 10}
	if d, _ := s.Elo(); !math.IsInf(d, 1) {
		t.Errorf("Elo of a clean sweep %v, want +Inf", d)
	}
}
