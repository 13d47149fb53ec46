// Package evaltest holds the checks every game's evaluation must pass; the
// games call it from their eval tests.
package evaltest

import (
	"math/rand/v2"
	"testing"

	"boardrepl/rules"
)

// RandomGames plays n seeded random games from g's position (g is not
// changed) and checks at every position that:
//   - Outcome agrees with Result;
//   - Evaluate equals the sum of EvalTerms, stays within ±EvalLimit and
//     leaves the position as it was;
//   - Evaluate and Outcome allocate nothing (checked on a sample).
func RandomGames(t *testing.T, g rules.Game, n int, seed uint64) {
	t.Helper()
	ev, ok := g.(rules.Evaluator)
	if !ok {
		t.Fatalf("%T is not a rules.Evaluator", g)
	}
	if _, ok := g.(rules.Outcomer); !ok {
		t.Fatalf("%T is not a rules.Outcomer", g)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []rules.Move
	allocChecks := 0
	for i := 0; i < n; i++ {
		c := g.Clone()
		ev = c.(rules.Evaluator)
		oc := c.(rules.Outcomer)
		for ply := 0; ply < 1000; ply++ {
			over, w := oc.Outcome()
			r := c.Result()
			if over != r.Over() || (over && w != r.Winner && !(w == -1 && r.Status == rules.Draw)) {
				t.Fatalf("%s: Outcome() = %v, %d; Result() = %+v", c.Position(), over, w, r)
			}
			if over {
				break
			}
			pos := c.Position()
			e := ev.Evaluate()
			sum := 0
			for _, term := range ev.EvalTerms() {
				sum += term.Value
			}
			if sum != e {
				t.Fatalf("%s: Evaluate() = %d but the terms add up to %d", pos, e, sum)
			}
			if e <= -rules.EvalLimit || e >= rules.EvalLimit {
				t.Fatalf("%s: Evaluate() = %d, out of ±%d", pos, e, rules.EvalLimit)
			}
			if c.Position() != pos {
				t.Fatalf("Evaluate changed %s into %s", pos, c.Position())
			}
			if ply%17 == 5 && allocChecks < 50 {
				allocChecks++
				if a := testing.AllocsPerRun(5, func() { ev.Evaluate(); oc.Outcome() }); a != 0 {
					t.Fatalf("%s: Evaluate and Outcome allocate %.1f times", pos, a)
				}
			}
			buf = c.Moves(buf[:0])
			c.Play(buf[rng.IntN(len(buf))])
		}
	}
}

// Term returns the value of the named term of g's evaluation.
func Term(t *testing.T, g rules.Game, name string) int {
	t.Helper()
	for _, term := range g.(rules.Evaluator).EvalTerms() {
		if term.Name == name {
			return term.Value
		}
	}
	t.Fatalf("no evaluation term %q", name)
	return 0
}

// TermCase is a hand-checked value of one evaluation term in a position.
type TermCase struct {
	Pos  string // the position string
	Term string // the term's name
	Want int
	Why  string // how the value was worked out
}

// Terms checks hand-checked term values in positions of a rule set.
func Terms(t *testing.T, info *rules.Info, cases []TermCase) {
	t.Helper()
	for _, c := range cases {
		g, err := info.NewGame(nil, c.Pos)
		if err != nil {
			t.Fatalf("%s: %v", c.Pos, err)
		}
		if got := Term(t, g, c.Term); got != c.Want {
			t.Errorf("%s: %s = %d, want %d (%s)", c.Pos, c.Term, got, c.Want, c.Why)
		}
	}
}
