package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test on the results of a match,
// as engine testers (fishtest, cutechess, OpenBench) use to decide whether
// a change gains strength: H0 "p1 is Elo0 stronger than p2" against H1 "p1
// is Elo1 stronger", with error rates Alpha (accepting H1 when H0 holds)
// and Beta (accepting H0 when H1 holds). The match stops as soon as the log
// likelihood ratio leaves [LowerBound, UpperBound].
//
// The LLR is the generalised SPRT of fishtest on the results' multinomial
// distribution: under each hypothesis the probabilities of the outcomes
// are the maximum likelihood estimate whose expected score is that
// hypothesis's (s0, s1: the logistic model's expected scores of Elo0 and
// Elo1, s = 1 / (1 + 10^(-elo/400))), and
//
//	LLR = Σ n_i ln(p1_i / p0_i)  over the outcomes i.
//
// The outcomes are the games' (win, draw, loss: the trinomial model) or,
// by default, the pairs' (Pentanomial: p1's points in the two games of an
// opening, 0, 1/2, 1, 3/2 or 2, a pair counting as one result), as fishtest
// and fastchess test paired games: a pair's two games are not independent
// (the opening may favour a colour), and the pentanomial model does not
// count them as if they were.
//
// For many games it is close to the normal approximation
// N (s1 - s0) (2x - s0 - s1) / (2v) (x the mean score, v its variance).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Trinomial   bool // the model: games (true) or pairs (false, the default)
}

// ParseSPRT reads "elo0=0,elo1=10[,alpha=0.05,beta=0.05][,model=M]" (the
// settings separated by commas or spaces, as cutechess writes them; M is
// pentanomial, the default, or trinomial).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok {
			return t, fmt.Errorf("sprt %q: %q is not KEY=VALUE (want elo0=0,elo1=10[,alpha=0.05,beta=0.05][,model=pentanomial|trinomial])", s, p)
		}
		if k == "model" {
			switch v {
			case "pentanomial", "trinomial":
				t.Trinomial = v == "trinomial"
			default:
				return t, fmt.Errorf("sprt %q: model=%s: want pentanomial or trinomial", s, v)
			}
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt %q: %s=%s: not a number", s, k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("sprt %q: unknown key %q (keys: elo0, elo1, alpha, beta, model)", s, k)
		}
		seen[k] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return t, fmt.Errorf("sprt %q: elo0 and elo1 are required", s)
	case t.Elo1 <= t.Elo0:
		return t, fmt.Errorf("sprt %q: elo1 (%g) must be above elo0 (%g)", s, t.Elo1, t.Elo0)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return t, fmt.Errorf("sprt %q: alpha and beta must lie between 0 and 0.5", s)
	}
	return t, nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.Model())
}

// Model names the model: "pentanomial" or "trinomial".
func (t SPRT) Model() string {
	if t.Trinomial {
		return "trinomial"
	}
	return "pentanomial"
}

// Of is the LLR of a match's results by the test's model.
func (t SPRT) Of(s Summary) float64 {
	if t.Trinomial {
		return t.LLR(s.P1Wins, s.Draws, s.P2Wins)
	}
	return t.LLRPairs(s.Penta)
}

// LowerBound is the LLR at or below which H0 is accepted: ln(β/(1-α)).
func (t SPRT) LowerBound() float64 { return math.Log(t.Beta / (1 - t.Alpha)) }

// UpperBound is the LLR at or above which H1 is accepted: ln((1-β)/α).
func (t SPRT) UpperBound() float64 { return math.Log((1 - t.Beta) / t.Alpha) }

func logisticScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// LLR is the log likelihood ratio of H1 over H0 after wins, draws and
// losses (p1's view), the trinomial model; 0 before the first game. An
// outcome not seen yet counts as 0.001 games (as in fishtest), so that a
// one-sided run (all wins: Ataxx has few draws) is judged by its
// likelihood, not given up.
func (t SPRT) LLR(wins, draws, losses int) float64 {
	return t.llr(trinomialScores, []int{wins, draws, losses})
}

// LLRPairs is the log likelihood ratio of the pentanomial model: a pair
// is one result, its score p1's mean score in its two games. A win and a
// loss count with two draws (the same score), as in fishtest.
func (t SPRT) LLRPairs(p Pentanomial) float64 {
	return t.llr([]float64{0, 0.25, 0.5, 0.75, 1}, []int{p.LL, p.LD, p.WL + p.DD, p.WD, p.WW})
}

// llr is the GSPRT's LLR of results with scores a, seen counts times.
func (t SPRT) llr(a []float64, counts []int) float64 {
	seen, total := 0, 0.0
	n := make([]float64, len(counts))
	for i, c := range counts {
		seen += c
		n[i] = max(float64(c), 1e-3)
		total += n[i]
	}
	if seen == 0 {
		return 0
	}
	f := make([]float64, len(n))
	for i := range n {
		f[i] = n[i] / total
	}
	p0 := mleMultinomial(f, a, logisticScore(t.Elo0))
	p1 := mleMultinomial(f, a, logisticScore(t.Elo1))
	llr := 0.0
	for i := range f {
		llr += n[i] * math.Log(p1[i]/p0[i])
	}
	return llr
}

// mleMultinomial returns the probabilities of the outcomes (scores a) that
// make the frequencies f most likely among those with expected score s:
// p_i = f_i / (1 + λ(a_i - s)) with λ the root of
// Σ f_i (a_i - s) / (1 + λ(a_i - s)) = 0, found by bisection (Van den
// Bergh, "Comparing the approximations for the generalized log likelihood
// ratio of a multinomial distribution", proposition 1.1). a runs from the
// best score (1) down or up; s lies strictly between its ends.
func mleMultinomial(f, a []float64, s float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	// 1 + λ(a_i - s) > 0 for every i: λ between -1/(max a - s) and
	// 1/(s - min a).
	for _, x := range a {
		switch {
		case x > s:
			lo = max(lo, -1/(x-s))
		case x < s:
			hi = min(hi, 1/(s-x))
		}
	}
	g := func(l float64) float64 {
		sum := 0.0
		for i := range f {
			sum += f[i] * (a[i] - s) / (1 + l*(a[i]-s))
		}
		return sum
	}
	for k := 0; k < 200; k++ {
		mid := (lo + hi) / 2
		if g(mid) > 0 { // g decreases in λ
			lo = mid
		} else {
			hi = mid
		}
	}
	l := (lo + hi) / 2
	p := make([]float64, len(f))
	for i := range f {
		p[i] = f[i] / (1 + l*(a[i]-s))
	}
	return p
}

// Decision returns +1 when H1 is accepted, -1 when H0 is, 0 to go on.
func (t SPRT) Decision(llr float64) int {
	switch {
	case llr >= t.UpperBound():
		return 1
	case llr <= t.LowerBound():
		return -1
	}
	return 0
}
