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
// The LLR is the generalised SPRT on the trinomial (win, draw, loss)
// results with the normal approximation of Michel Van den Bergh (fishtest's
// "GSPRT"): with N games, mean score x and per-game variance v,
//
//	LLR = N (s1 - s0) (2x - s0 - s1) / (2v),
//
// where s0 and s1 are the expected scores of Elo0 and Elo1 under the
// logistic model, s = 1 / (1 + 10^(-elo/400)).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "elo0=0,elo1=10[,alpha=0.05,beta=0.05]".
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, p := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok {
			return t, fmt.Errorf("sprt %q: %q is not KEY=VALUE (want elo0=0,elo1=10[,alpha=0.05,beta=0.05])", s, p)
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
			return t, fmt.Errorf("sprt %q: unknown key %q (keys: elo0, elo1, alpha, beta)", s, k)
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
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// LowerBound is the LLR at or below which H0 is accepted: ln(β/(1-α)).
func (t SPRT) LowerBound() float64 { return math.Log(t.Beta / (1 - t.Alpha)) }

// UpperBound is the LLR at or above which H1 is accepted: ln((1-β)/α).
func (t SPRT) UpperBound() float64 { return math.Log((1 - t.Beta) / t.Alpha) }

func logisticScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// LLR is the log likelihood ratio of H1 over H0 after wins, draws and
// losses (p1's view); 0 before the first game. As in fishtest, an outcome
// not seen yet counts as 0.001 games, so that a one-sided run (all wins, as
// happens in Ataxx, where draws are rare) still has a variance.
func (t SPRT) LLR(wins, draws, losses int) float64 {
	if wins+draws+losses == 0 {
		return 0
	}
	reg := func(c int) float64 { return max(float64(c), 1e-3) }
	fw, fd, fl := reg(wins), reg(draws), reg(losses)
	n := fw + fd + fl
	w, d, l := fw/n, fd/n, fl/n
	x := w + d/2
	v := w*(1-x)*(1-x) + d*(0.5-x)*(0.5-x) + l*x*x
	if v <= 0 {
		return 0
	}
	s0, s1 := logisticScore(t.Elo0), logisticScore(t.Elo1)
	return n * (s1 - s0) * (2*x - s0 - s1) / (2 * v)
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
