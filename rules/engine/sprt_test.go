package engine

import (
	"math"
	"testing"
)

// The LLR against values worked out by hand from the formula of the
// normal-approximation GSPRT (s0 = 0.5, s1 = 1/(1+10^(-10/400)) =
// 0.5143871841659987 for elo0=0, elo1=10).
func TestSPRTLLR(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Trinomial: true}
	cases := []struct {
		w, d, l int
		want    float64
	}{
		// Only wins: the likeliest trinomial of expected score s has p_win
		// = s (and the rest on losses, seen 0.001 times), so the LLR is
		// n ln(s1/s0) = 5 ln(0.5143872/0.5) = 5 * 0.0283682.
		{5, 0, 0, 0.14184},
		{1, 0, 0, 0.02837},
		// Symmetric results, x = 0.5, v = 0.125: the normal approximation
		// 400 * 0.0143872 * (1 - 1.0143872) / 0.25 = -0.33119 holds to 1e-5.
		{100, 200, 100, -0.33119},
		// Worked out by an independent script (bisection on the Lagrange
		// multiplier of the constrained maximum likelihood).
		{60, 20, 20, 1.38982},
		{0, 0, 0, 0},
	}
	for _, c := range cases {
		if got := s.LLR(c.w, c.d, c.l); math.Abs(got-c.want) > 1e-4*math.Max(1, math.Abs(c.want)) {
			t.Errorf("LLR(%d,%d,%d) = %.5f, want %.5f", c.w, c.d, c.l, got, c.want)
		}
	}
	// ln(0.05/0.95) and ln(0.95/0.05)
	if lo, hi := s.LowerBound(), s.UpperBound(); math.Abs(lo+2.94444) > 1e-4 || math.Abs(hi-2.94444) > 1e-4 {
		t.Errorf("bounds %.5f %.5f, want ±2.94444", lo, hi)
	}
	if s.Decision(3) != 1 || s.Decision(-3) != -1 || s.Decision(0) != 0 {
		t.Error("Decision does not follow the bounds")
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0,elo1=10")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}) {
		t.Fatalf("ParseSPRT = %+v, %v", s, err)
	}
	s, err = ParseSPRT("elo0=-3, elo1=2,alpha=0.1,beta=0.2")
	if err != nil || s != (SPRT{Elo0: -3, Elo1: 2, Alpha: 0.1, Beta: 0.2}) {
		t.Fatalf("ParseSPRT = %+v, %v", s, err)
	}
	// cutechess's spelling (spaces) and the model.
	s, err = ParseSPRT("elo0=0 elo1=5 alpha=0.05 beta=0.1 model=trinomial")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1, Trinomial: true}) || s.String() != "elo0=0,elo1=5,alpha=0.05,beta=0.1,model=trinomial" {
		t.Fatalf("ParseSPRT = %+v %q, %v", s, s, err)
	}
	for _, bad := range []string{"", "elo0=0", "elo0=5,elo1=0", "elo0=0,elo1=x", "elo0=0,elo1=5,alpha=0.7", "elo0=0,elo1=5,gamma=1", "elo0", "elo0=0,elo1=5,model=normalized"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

// The LLR against fastchess's published test values (app/tests/
// sprt_test.cpp, the "logistic" model: fishtest's GSPRT). Trinomial:
// Stats(wins, losses, draws); pentanomial: Stats(LL, LD, WL, DD, WD, WW).
func TestSPRTPublished(t *testing.T) {
	tri := []struct {
		w, l, d    int
		elo0, elo1 float64
		want       float64
	}{
		{21404, 21184, 40708, 0.5, 2.5, -1.57},
		{57433, 57030, 106593, 0, 2, -2.59},
	}
	for _, c := range tri {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Trinomial: true}
		if got := s.LLR(c.w, c.d, c.l); !near(got, c.want, 0.01*math.Abs(c.want)) {
			t.Errorf("trinomial %d-%d-%d, elo %g..%g: LLR %.3f, fastchess %.2f", c.w, c.d, c.l, c.elo0, c.elo1, got, c.want)
		}
	}
	penta := []struct {
		p          Pentanomial
		elo0, elo1 float64
		want       float64
	}{
		{Pentanomial{223, 9863, 20279, 1000, 10037, 246}, 0.5, 2.5, -3.07},
		{Pentanomial{871, 26175, 55003, 980, 26678, 821}, 0, 2, -4.98},
	}
	for _, c := range penta {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}
		if got := s.Of(Summary{Penta: c.p}); !near(got, c.want, 0.01*math.Abs(c.want)) {
			t.Errorf("pentanomial %+v, elo %g..%g: LLR %.3f, fastchess %.2f", c.p, c.elo0, c.elo1, got, c.want)
		}
	}
}

// Pairs of wins only: the likeliest pentanomial of expected score s has
// P(WW) = s (the rest on LL, seen 0.001 times), so each pair adds
// ln(s1/s0), as each game does in the trinomial model.
func TestSPRTPairsOfWins(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if got, want := s.LLRPairs(Pentanomial{WW: 5}), 5*math.Log(0.5143871841659987/0.5); !near(got, want, 1e-3) {
		t.Errorf("5 pairs of wins: LLR %.5f, want %.5f", got, want)
	}
	if got := s.LLRPairs(Pentanomial{}); got != 0 {
		t.Errorf("no pairs: LLR %v, want 0", got)
	}
}
