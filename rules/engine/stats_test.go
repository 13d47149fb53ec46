package engine

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// The trinomial Elo, by hand and against fastchess's published test values
// (app/tests/elo_test.cpp, "EloWDL": Stats(wins, losses, draws)).
func TestTrinomialElo(t *testing.T) {
	// 64 %: -400 log10(1/0.64 - 1) = 99.95; se = sqrt(.64*.36/100) = 0.048,
	// 95 %: 0.64 ± 1.96 * 0.048 = 0.5459..0.7341 -> 32.0..176.4 Elo,
	// half-width 72.2.
	e := TrinomialElo(64, 0, 36)
	if !near(e.Elo, 99.95, 0.005) || !near(e.Low, 32.0, 0.05) || !near(e.High, 176.4, 0.05) || e.Alike {
		t.Errorf("64-0-36: %+v, want 99.95, 32.0..176.4", e)
	}
	// fastchess EloWDL 2: Stats(136, 96, 111): 40.70 ± 30.43, LOS 99.60 %.
	e = TrinomialElo(136, 111, 96)
	if !near(e.Elo, 40.70, 0.01) || !near(e.Margin(), 30.43, 0.01) || !near(100*e.LOS, 99.60, 0.005) {
		t.Errorf("136-111-96: %.2f ± %.2f, LOS %.2f %%; fastchess: 40.70 ± 30.43, 99.60 %%", e.Elo, e.Margin(), 100*e.LOS)
	}
	// fastchess EloWDL 1: Stats(76, 89, 123): LOS 15.53 %, score 0.477.
	e = TrinomialElo(76, 123, 89)
	if !near(100*e.LOS, 15.53, 0.005) || !near(e.Score, 0.477, 0.0005) {
		t.Errorf("76-123-89: LOS %.2f %%, score %.4f; fastchess: 15.53 %%, 0.477", 100*e.LOS, e.Score)
	}
}

// Results all alike have no spread: the interval is the scores of the
// distributions that make them at least 5 % likely; for a clean sweep the
// exact one-sided bound, the score s with s^n = 5 %.
func TestEloAlike(t *testing.T) {
	cases := []struct {
		w, l int
		low  float64
		high float64
	}{
		// 0.05^(1/4) = 0.47287: -400 log10(1/0.47287 - 1) = -18.9
		{4, 0, -18.9, math.Inf(1)},
		// 0.05^(1/100) = 0.97049: -400 log10(0.030407) = +606.8
		{100, 0, 606.8, math.Inf(1)},
		// all losses: the mirror image
		{0, 4, math.Inf(-1), 18.9},
	}
	for _, c := range cases {
		e := TrinomialElo(c.w, 0, c.l)
		if !e.Alike || !near(e.Low, c.low, 0.05) && !math.IsInf(c.low, -1) || !near(e.High, c.high, 0.05) && !math.IsInf(c.high, 1) ||
			math.IsInf(c.low, -1) != math.IsInf(e.Low, -1) || math.IsInf(c.high, 1) != math.IsInf(e.High, 1) {
			t.Errorf("%d-0-%d: %+v, want one-sided %.1f..%.1f", c.w, c.l, e, c.low, c.high)
		}
		if !math.IsInf(e.Margin(), 1) {
			t.Errorf("%d-0-%d: margin %v, want +Inf (one end is unbounded)", c.w, c.l, e.Margin())
		}
	}
	// 4 draws: b = 0.47287, scores 0.5 b = 0.23644 to 0.5 b + 1 - b =
	// 0.76356: -400 log10(1/0.23644 - 1) = -203.7 to +203.7.
	if e := TrinomialElo(0, 4, 0); !e.Alike || !near(e.Low, -203.7, 0.05) || !near(e.High, 203.7, 0.05) || e.Elo != 0 || e.LOS != 0.5 {
		t.Errorf("4 draws: %+v, want 0, -203.7..+203.7", e)
	}
	// 2 pairs of a win and a loss: the same for the pairs, b = 0.22361:
	// 0.11180 to 0.88820, -400 log10(1/0.11180 - 1) = -360.0 to +360.0.
	if e := (Pentanomial{WL: 2}).Elo(); !e.Alike || !near(e.Low, -360.0, 0.05) || !near(e.High, 360.0, 0.05) {
		t.Errorf("2 pairs WL: %+v, want -360.0..+360.0", e)
	}
	if e := TrinomialElo(0, 0, 0); e.N != 0 || !math.IsInf(e.Low, -1) || !math.IsInf(e.High, 1) {
		t.Errorf("no games: %+v, want an unbounded interval", e)
	}
}

// The pentanomial Elo against fastchess's published test values
// ("EloPentanomial": Stats(LL, LD, WL, DD, WD, WW)).
func TestPentanomialElo(t *testing.T) {
	cases := []struct {
		p                Pentanomial
		elo, margin, los float64
		score            float64
	}{
		{Pentanomial{34, 54, 31, 32, 64, 75}, 55.58, 27.65, 100.00, 0.579},
		{Pentanomial{332, 433, 457, 41, 333, 334}, -8.64, 10.33, 5.05, 0.488},
		{Pentanomial{7895, 8757, 5485, 200, 568, 9999}, -21.04, 2.95, 0.00, 0.470},
	}
	for _, c := range cases {
		e := c.p.Elo()
		if !near(e.Elo, c.elo, 0.01) || !near(e.Margin(), c.margin, 0.01) || !near(100*e.LOS, c.los, 0.005) || !near(e.Score, c.score, 0.0005) || e.N != c.p.Pairs() {
			t.Errorf("%+v: %.2f ± %.2f, LOS %.2f %%, score %.4f; fastchess: %.2f ± %.2f, %.2f %%, %.3f",
				c.p, e.Elo, e.Margin(), 100*e.LOS, e.Score, c.elo, c.margin, c.los, c.score)
		}
	}
}

// Summary counts the pairs: games 2k and 2k+1, handed over in order, by
// p1's results in them; a pair missing a game is not counted.
func TestSummaryPairs(t *testing.T) {
	// p1's results game by game (1 win, 0 draw, 2 loss as GameResult.Winner).
	games := []struct{ index, winner int }{
		{0, 1}, {1, 1}, // WW
		{2, 1}, {3, 0}, // WD
		{4, 0}, {5, 0}, // DD
		{6, 2}, {7, 1}, // LW: WL
		{8, 2}, {9, 0}, // LD
		{10, 2}, {11, 2}, // LL
		{12, 1}, // game 13 alone: its pair is incomplete
		{15, 1}, // game 16 without game 15 (another shard's, or unfinished)
	}
	var s Summary
	for _, g := range games {
		s.Add(GameResult{Index: g.index, P1Side: g.index % 2, Winner: g.winner, WinnerSide: -1})
	}
	want := Pentanomial{LL: 1, LD: 1, WL: 1, DD: 1, WD: 1, WW: 1}
	if s.Penta != want {
		t.Errorf("pairs %+v, want %+v", s.Penta, want)
	}
	if s.Games != 14 || s.P1Wins != 6 || s.Draws != 4 || s.P2Wins != 4 {
		t.Errorf("games %d: %d-%d-%d, want 14: 6-4-4", s.Games, s.P1Wins, s.Draws, s.P2Wins)
	}
	if want.Pairs() != 6 {
		t.Errorf("Pairs: %d, want 6", want.Pairs())
	}
}
