package engine

import (
	"fmt"
	"hash/fnv"
	"math"
	"strings"
)

// The statistics of a match: the Elo difference a score implies, with its
// 95 % interval and the likelihood of superiority, from the games
// (trinomial: win, draw, loss) or from the pairs of games that share an
// opening with the colours swapped (pentanomial: p1's points in the pair,
// 0 to 2 by halves), as fastchess and OpenBench compute them.

// EloEstimate is the Elo difference of p1 over p2 that a set of results
// implies.
type EloEstimate struct {
	N     int     // the independent results it rests on: games, or pairs
	Score float64 // p1's mean score per game, 0 to 1
	Elo   float64 // the point estimate; +Inf (-Inf) when p1 won (lost) everything
	// Low and High bound the 95 % interval. The normal approximation gives
	// both, each infinite when it reaches a score of 0 or 1. When every
	// result scored the same, a, the approximation says nothing (no
	// spread): the interval is then the scores of the distributions under
	// which N results alike are at least 5 % likely, P(a)^N >= 0.05, that is
	// a b to a b + 1 - b with b = 0.05^(1/N); Alike says so. For a clean
	// sweep (a = 1) that is the exact one-sided bound, Low = b, High = +Inf.
	Low, High float64
	Alike     bool
	// LOS is the likelihood of superiority: the probability, under the
	// normal approximation, that p1 is the stronger.
	LOS float64
}

// Margin is the half-width of the interval, +Inf when either end is.
func (e EloEstimate) Margin() float64 {
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		return math.Inf(1)
	}
	return (e.High - e.Low) / 2
}

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// estimate works out the Elo estimate of results whose scores per game are
// a[i], seen counts[i] times each.
func estimate(a []float64, counts []int) EloEstimate {
	n := 0
	sum := 0.0
	for i, c := range counts {
		n += c
		sum += float64(c) * a[i]
	}
	if n == 0 {
		return EloEstimate{Low: math.Inf(-1), High: math.Inf(1), LOS: 0.5}
	}
	s := sum / float64(n)
	v := 0.0
	for i, c := range counts {
		v += float64(c) * (a[i] - s) * (a[i] - s)
	}
	se := math.Sqrt(v / float64(n) / float64(n))
	e := EloEstimate{N: n, Score: s, Elo: eloOf(s)}
	if v > 0 {
		e.Low, e.High = eloOf(s-z95*se), eloOf(s+z95*se)
		e.LOS = (1 + math.Erf((s-0.5)/(se*math.Sqrt2))) / 2
		return e
	}
	// Every result alike: P(s)^n = 5 % at P(s) = b.
	b := math.Pow(0.05, 1/float64(n))
	e.Alike = true
	e.Low, e.High = eloOf(s*b), eloOf(s*b+1-b)
	switch {
	case s > 0.5:
		e.LOS = 1
	case s == 0.5:
		e.LOS = 0.5
	}
	return e
}

func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// trinomialScores are the scores of a win, a draw and a loss.
var trinomialScores = []float64{1, 0.5, 0}

// TrinomialElo is the estimate from wins, draws and losses (p1's view),
// each game counted as independent.
func TrinomialElo(wins, draws, losses int) EloEstimate {
	return estimate(trinomialScores, []int{wins, draws, losses})
}

// Pentanomial counts the pairs of games of a match (games 2k and 2k+1,
// 0-based: the same opening, one with each colour) by p1's results in
// them: two losses, a loss and a draw, a win and a loss or two draws (p1
// scores 1 of 2 either way), a win and a draw, two wins.
type Pentanomial struct {
	LL, LD, WL, DD, WD, WW int
}

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p.LL + p.LD + p.WL + p.DD + p.WD + p.WW }

// add counts a pair from p1's half points in each game (0 a loss, 1 a
// draw, 2 a win).
func (p *Pentanomial) add(a, b int) {
	switch a + b {
	case 0:
		p.LL++
	case 1:
		p.LD++
	case 2:
		if a == 1 {
			p.DD++
		} else {
			p.WL++
		}
	case 3:
		p.WD++
	default:
		p.WW++
	}
}

// pentanomialScores are p1's score per game in a pair of each kind, in the
// order of counts().
var pentanomialScores = []float64{0, 0.25, 0.5, 0.5, 0.75, 1}

func (p Pentanomial) counts() []int { return []int{p.LL, p.LD, p.WL, p.DD, p.WD, p.WW} }

// Elo is the estimate from the pairs, each pair counted as one independent
// result: the variance is that of the pairs' scores, which a correlated
// pair (the opening favours one colour) makes smaller than the games'
// (fastchess's and OpenBench's pentanomial Elo).
func (p Pentanomial) Elo() EloEstimate { return estimate(pentanomialScores, p.counts()) }

// Repeats finds the games of a match that repeat an earlier game move for
// move: the same start, the same moves, p1 on the same side (deterministic
// players from one start play one game over and over). Such a game adds no
// information, though the statistics count it.
type Repeats struct {
	first map[uint64]int // a game's hash: the first game with it
	n     int
}

// Add counts a game; it returns the number of the earlier game it repeats,
// or -1.
func (rp *Repeats) Add(r GameResult) int {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%s", r.P1Side, r.Start, strings.Join(r.Moves, " "))
	k := h.Sum64()
	if rp.first == nil {
		rp.first = map[uint64]int{}
	}
	if i, ok := rp.first[k]; ok {
		rp.n++
		return i
	}
	rp.first[k] = r.Index
	return -1
}

// Count is the number of repeats seen.
func (rp *Repeats) Count() int { return rp.n }
