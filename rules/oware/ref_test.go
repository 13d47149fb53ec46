package oware

import (
	"math/rand"
	"testing"

	"boardrepl/rules"
)

// A deliberately plain reference of the rules, written straight from the
// rules file (pits in sowing order, one seed at a time), to check the
// word-parallel implementation and the indetermination search against.

type refPos struct {
	pits  [12]int
	score [2]int
	side  int
}

func refOwn(side, i int) bool { return i/6 == side }

func refRowSum(p *refPos, side int) int {
	s := 0
	for i := 6 * side; i < 6*side+6; i++ {
		s += p.pits[i]
	}
	return s
}

// refSow plays pit i without any legality check; it returns the new
// position and the captured pits in capture order.
func refSow(p refPos, i int) (refPos, []int) {
	n := p.pits[i]
	p.pits[i] = 0
	j := i
	for n > 0 {
		j = (j + 1) % 12
		if j == i {
			continue
		}
		p.pits[j]++
		n--
	}
	var caught []int
	sum := 0
	for k := j; k >= 0 && !refOwn(p.side, k) && refOwn(1-p.side, k) && (p.pits[k] == 2 || p.pits[k] == 3); k-- {
		caught = append(caught, k)
		sum += p.pits[k]
	}
	if len(caught) > 0 && sum == refRowSum(&p, 1-p.side) {
		caught = nil // grand slam
	}
	for _, k := range caught {
		p.score[p.side] += p.pits[k]
		p.pits[k] = 0
	}
	p.side = 1 - p.side
	return p, caught
}

func refMoves(p refPos) []int {
	var out []int
	oppEmpty := refRowSum(&p, 1-p.side) == 0
	for i := 6 * p.side; i < 6*p.side+6; i++ {
		if p.pits[i] == 0 {
			continue
		}
		if oppEmpty {
			if q, _ := refSow(p, i); refRowSum(&q, p.side^1) == 0 {
				continue
			}
		}
		out = append(out, i)
	}
	return out
}

// refReachable searches every capture-free position reachable from p.
func refReachable(p refPos) bool {
	type key struct {
		pits [12]int
		side int
	}
	seen := map[key]bool{}
	var dfs func(p refPos) bool
	dfs = func(p refPos) bool {
		k := key{p.pits, p.side}
		if seen[k] {
			return false
		}
		seen[k] = true
		for _, m := range refMoves(p) {
			q, caught := refSow(p, m)
			if len(caught) > 0 || dfs(q) {
				return true
			}
		}
		return false
	}
	return dfs(p)
}

func (p refPos) game(t *testing.T, opts rules.Options) *Game {
	t.Helper()
	g, err := Parse(opts, peerPosition(p.pits[:], p.score[:], p.side))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomRef spreads seeds over the pits: a few large piles or many small.
func randomRef(rng *rand.Rand, seeds int) refPos {
	var p refPos
	spots := 1 + rng.Intn(12)
	for s := 0; s < seeds; s++ {
		p.pits[rng.Intn(spots)*(12/spots)%12]++
	}
	// shuffle the piles around
	rng.Shuffle(12, func(i, j int) { p.pits[i], p.pits[j] = p.pits[j], p.pits[i] })
	rest := 48 - seeds
	p.score[0] = rng.Intn(rest + 1)
	p.score[1] = rng.Intn(rest - p.score[0] + 1)
	p.side = rng.Intn(2)
	return p
}

func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	checked, reach, unreach := 0, 0, 0
	shared := &reacher{} // one cache across all positions
	for n := 0; n < 20000; n++ {
		seeds := 1 + rng.Intn(48)
		if n%2 == 0 {
			seeds = 1 + rng.Intn(10)
		}
		p := randomRef(rng, seeds)
		g := p.game(t, nil)
		pos := g.Position()
		want := refMoves(p)
		var raw []int
		for m := g.p.b.legalMask(g.p.side); m != 0; m &= m - 1 {
			raw = append(raw, ctz(m))
		}
		if !sameInts(raw, want) {
			t.Fatalf("%s: moves %v, reference %v", pos, raw, want)
		}
		for _, m := range want {
			q, caught := refSow(p, m)
			g.Play(rules.Move(m))
			if got, w := g.Position(), peerPosition(q.pits[:], q.score[:], q.side); got != w {
				t.Fatalf("%s: after %c: %s, reference %s", pos, pitLetter(m), got, w)
			}
			var wantCaught []string
			for _, k := range caught {
				wantCaught = append(wantCaught, string(pitLetter(k)))
			}
			if got := g.LastCaptured(); len(got) != len(wantCaught) || (len(got) > 0 && joinS(got) != joinS(wantCaught)) {
				t.Fatalf("%s: after %c captured %v, reference %v", pos, pitLetter(m), got, wantCaught)
			}
			g.Unplay()
		}
		direct := false
		for _, m := range want {
			if _, c := refSow(p, m); len(c) > 0 {
				direct = true
			}
		}
		if got := g.p.b.hasCapture(g.p.side); got != direct {
			t.Fatalf("%s: hasCapture %v, reference %v", pos, got, direct)
		}
		if seeds <= 12 {
			w := refReachable(p)
			if got := g.CaptureReachable(); got != w {
				t.Fatalf("%s: capture reachable %v, reference %v", pos, got, w)
			}
			if got := shared.captureReachable(&g.p); got != w {
				t.Fatalf("%s: capture reachable %v with a shared cache, reference %v", pos, got, w)
			}
			if w {
				reach++
			} else {
				unreach++
			}
		}
		checked++
	}
	t.Logf("%d positions; reachability: %d reachable, %d indeterminate", checked, reach, unreach)
}

func joinS(a []string) string {
	s := ""
	for _, x := range a {
		s += x + " "
	}
	return s
}

// TestTwoSeedsNeverCapture: with at most two seeds on the board a capture
// is impossible (the mover has one seed at least, so the landing pit holds
// the whole opponent's row: a grand slam). Checked over every board.
func TestTwoSeedsNeverCapture(t *testing.T) {
	n := 0
	for a := 0; a < 12; a++ {
		for b := a; b < 13; b++ { // b == 12: a single seed
			for side := 0; side < 2; side++ {
				var p refPos
				p.pits[a]++
				if b < 12 {
					p.pits[b]++
				}
				p.side = side
				g := p.game(t, nil)
				if g.CaptureReachable() {
					t.Fatalf("%s: capture reachable with two seeds", g.Position())
				}
				if r := g.Result(); !r.Over() {
					t.Fatalf("%s: %+v, want the game over", g.Position(), r)
				}
				n++
			}
		}
	}
	t.Logf("%d positions", n)
}
