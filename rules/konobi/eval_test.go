package konobi

import (
	"math/rand/v2"

	"boardrepl/rules"
	"testing"

	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	for _, n := range []int{5, 8} {
		g, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		evaltest.RandomGames(t, g, 20, 1)
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		pos          string
		black, white int
		why          string
	}{
		{"8/8/8/8/8/8/8/8 b -", 8, 8, "an empty board: a whole line of stones each"},
		{"3/1BW/1BW b -", 1, 3, "black needs b3; white a3, b3 and c3 (b1, b2 block the lower ranks)"},
	}
	for _, c := range cases {
		g, err := Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if b, w := g.Distance(0), g.Distance(1); b != c.black || w != c.white {
			t.Errorf("%s: distances black %d white %d, want %d %d (%s)", c.pos, b, w, c.black, c.white, c.why)
		}
	}
	g, _ := Parse("3/1BW/1BW b -")
	want := evalWeights[fOwnDist]*1 + evalWeights[fOppDist]*3
	if got := evaltest.Term(t, g, "own distance") + evaltest.Term(t, g, "opponent distance"); got != want {
		t.Errorf("evaluation of 3/1BW/1BW b - is %d, want %d (1 and 3 stones to place)", got, want)
	}
}

// mirror returns g reflected in its diagonal (a point at file f, rank r goes
// to file r, rank f) with the colours swapped and the other colour to place:
// the same position seen from the other side, so every evaluation term and
// every move's order score must be the same.
func mirror(t *testing.T, g *Game) *Game {
	t.Helper()
	m, err := New(g.n)
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			var piece string
			switch g.cells[g.idx(r, c)] {
			case black:
				piece = "W"
			case white:
				piece = "B"
			default:
				continue
			}
			if err := m.SetSquare(m.PointName(m.idx(c, r)), piece); err != nil {
				t.Fatalf("mirror of %s: %v", g.Position(), err)
			}
		}
	}
	if err := m.SetSideToMove(1 - g.SideToMove()); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEvalMirror checks the evaluation's symmetry on random games: a
// position and its colour-swapped mirror are worth the same to the colour
// to place, term by term, and each placement is ordered alike; the same
// stones with the other colour to place swap the own and opponent features.
func TestEvalMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	positions := 0
	for _, n := range []int{5, 8, 9} {
		for game := 0; game < 10; game++ {
			g, _ := New(n)
			for !func() bool { over, _ := g.Outcome(); return over }() {
				if g.SwapAvailable() {
					g.Play(g.Moves(nil)[0])
					continue
				}
				m := mirror(t, g)
				gt, mt := g.EvalTerms(), m.EvalTerms()
				for i := range gt {
					if gt[i] != mt[i] {
						t.Fatalf("%s: term %v, its mirror %s: %v", g.Position(), gt[i], m.Position(), mt[i])
					}
				}
				for _, mv := range g.Moves(nil) {
					if mv == MovePass {
						continue
					}
					r, c := g.rc(int(mv))
					if a, b := g.OrderMove(mv), m.OrderMove(rules.Move(m.idx(c, r))); a != b {
						t.Fatalf("%s: %s orders %d, its mirror in %s %d", g.Position(), g.FormatMove(mv), a, m.Position(), b)
					}
				}
				// The other colour to place: own and opponent features trade
				// places (their weights need not be opposite: the colour to
				// place has the tempo).
				o := mirror(t, mirror(t, g))
				o.SetSideToMove(1 - g.SideToMove())
				gf, of := g.Features(), o.Features()
				if of[fOwnDist] != gf[fOppDist] || of[fOppDist] != gf[fOwnDist] || of[fOwnCut] != gf[fOppCut] || of[fOppCut] != gf[fOwnCut] || of[fTempo] != gf[fTempo] {
					t.Fatalf("%s: features %v; with the other colour to place %v", g.Position(), gf, of)
				}
				positions++
				moves := g.Moves(nil)
				g.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if positions < 100 {
		t.Fatalf("only %d positions checked", positions)
	}
}

// TestEvalHandChecked checks whole evaluations worked out by hand.
func TestEvalHandChecked(t *testing.T) {
	// The features are worked out by hand (own distance, the opponent's,
	// own cut point, the opponent's, tempo); the evaluation is their sum
	// weighted by evalWeights.
	cases := []struct {
		pos string
		f   [nFeatures]int
		why string
	}{
		{"8/8/8/8/8/8/8/8 b -", [nFeatures]int{8, 8, 0, 0, 1}, "equal distances (8), eight ways through every rank and file: the tempo only"},
		{"5/5/2B2/5/5 w -", [nFeatures]int{5, 4, 0, 1, 1}, "black needs c1 c2 c4 c5, each a cut point; white 5 through four free ranks"},
		{"3/1BW/1BW b -", [nFeatures]int{1, 3, 1, 1, 1}, "black needs b3 alone (1, a cut); white a3 b3 c3 (3, each a cut)"},
	}
	for _, c := range cases {
		g, err := Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		want := 0
		for i, x := range c.f {
			want += evalWeights[i] * x
		}
		if got := g.Evaluate(); got != want {
			t.Errorf("%s: Evaluate() = %d, want %d (%s); terms %v", c.pos, got, want, c.why, g.EvalTerms())
		}
	}
}

// TestOrderMove checks the order of a hand-checked position: black's
// stone c3 on 5x5 with white to place; black's shortest connection is the
// c-file, each point of it a cut point; white's run along ranks 1, 2, 4, 5.
func TestOrderMove(t *testing.T) {
	g, err := Parse("5/5/2B2/5/5 w -")
	if err != nil {
		t.Fatal(err)
	}
	score := func(pt string) int {
		m, err := g.ParseMove(pt)
		if err != nil {
			t.Fatalf("%s: %v", pt, err)
		}
		return g.OrderMove(m)
	}
	// c4: on both connections and black's cut: 20 + 20 + 20.
	// a4: on white's only: 20. a3: on neither, in the open: -1.
	// b3: on neither, next to c3: 0.
	for pt, want := range map[string]int{"c4": 60, "a4": 20, "a3": -1, "b3": 0} {
		if got := score(pt); got != want {
			t.Errorf("OrderMove(%s) = %d, want %d", pt, got, want)
		}
	}
	if a := testing.AllocsPerRun(10, func() { g.order.valid = false; score("c4") }); a != 0 {
		t.Errorf("OrderMove allocates %v times", a)
	}
}
