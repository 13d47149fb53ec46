package ataxx

import (
	"math/rand/v2"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/engine/evaltest"
)

func TestEvalRandomGames(t *testing.T) {
	g, err := Info.NewGame(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	evaltest.RandomGames(t, g, 30, 1)
}

// The terms from features counted by hand, times the weights (64ths: a
// fill-scaled feature is the piece difference or 1 times 64*occupied/
// available squares, rounded down).
func TestEvalHandChecked(t *testing.T) {
	w := evalWeights
	evaltest.Terms(t, handInfo(), []evaltest.TermCase{
		{Pos: StartPosition, Term: "material", Want: 0, Why: "two pieces each"},
		// 5 of 49 squares taken: fill = 64*5/49 = 6 (64ths).
		{Pos: "x5o/7/7/7/7/5x1/o5x o 0 1", Term: "material", Want: (-64*w[fMaterial] - 6*w[fMaterialFill]) / 64, Why: "blue to move has 2 pieces against 3"},
		{Pos: "x5o/7/7/7/7/5x1/o5x x 0 1", Term: "material", Want: (64*w[fMaterial] + 6*w[fMaterialFill]) / 64, Why: "red to move has 3 pieces against 2"},
		// Red a1 clones to a2, b1, b2 (3); blue g7 to f7, f6, g6 (3).
		{Pos: "6o/7/7/7/7/7/x6 x 0 1", Term: "mobility", Want: 0, Why: "a corner piece each: 3 clone squares each"},
		// Red d4 reaches 8 squares, blue g7 3; 2 of 49 squares taken:
		// fill = 64*2/49 = 2.
		{Pos: "6o/7/7/3x3/7/7/7 x 0 1", Term: "mobility", Want: (64*5*w[fMobility] + 2*5*w[fMobilityFill]) / 64, Why: "d4 has 8 neighbours, g7 three"},
		{Pos: "6o/7/7/3x3/7/7/7 x 0 1", Term: "frontier", Want: 0, Why: "one exposed piece each"},
		// 2 of 49 squares taken: fill = 64*2/49 = 2.
		{Pos: "6o/7/7/3x3/7/7/7 x 0 1", Term: "tempo", Want: (64*w[fTempo] + 2*w[fTempoFill]) / 64, Why: "red has the move"},
		// Red a1 b1, blue d1. Red's holes blue reaches (within 2 of d1):
		// b2 (next to a1 and b1), c2 and c1 (next to b1): one of 2, two
		// of 1 (a2 is out of blue's reach). Blue's holes red reaches: c1,
		// c2, d2, each next to d1 only (e1, e2 are 3 from b1): three of 1.
		// 3 of 49 squares taken: fill = 64*3/49 = 3.
		{Pos: "7/7/7/7/7/7/xx1o3 x 0 1", Term: "holes", Want: (64*(-w[fHole1]+w[fHole1+1]) + 3*(-w[fHole1Fill]+w[fHole1Fill+1])) / 64, Why: "red: holes of 2, 1, 1; blue: 1, 1, 1"},
		{Pos: "7/7/7/7/7/7/xx1o3 o 0 1", Term: "holes", Want: (64*(w[fHole1]-w[fHole1+1]) + 3*(w[fHole1Fill]-w[fHole1Fill+1])) / 64, Why: "the same from blue's view"},
	})
}

func TestOutcomeEnds(t *testing.T) {
	cases := []struct {
		pos    string
		over   bool
		winner int
	}{
		{StartPosition, false, -1},
		{"7/7/7/7/7/7/x6 o 0 1", true, 0}, // blue has no pieces
		{"xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1", true, 1}, // full: 21 against 28
		{"x5o/7/7/7/7/7/o5x x 100 60", true, -1},                                   // fifty-move rule
	}
	for _, c := range cases {
		g, err := Info.Parse(nil, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		over, w := g.(rules.Outcomer).Outcome()
		if over != c.over || w != c.winner {
			t.Errorf("%s: Outcome() = %v, %d; want %v, %d", c.pos, over, w, c.over, c.winner)
		}
	}
}

// OrderMove: 100 a converted piece and 200 more for a clone, so a clone
// that converts before a quiet clone, before a jump that converts, before
// a jump that converts nothing (0: quiet).
func TestOrderMove(t *testing.T) {
	g := mustParse(t, "7/7/7/7/7/7/xx1o3 x 0 1")
	score := func(s string) int {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return g.OrderMove(m)
	}
	// c1 converts d1; a1c2 lands next to d1 too; a2 and a1a3 convert nothing.
	cloneCap, jumpCap, clone, jump := score("c1"), score("a1c2"), score("a2"), score("a1a3")
	if cloneCap != 300 || clone != 200 || jumpCap != 100 || jump != 0 {
		t.Errorf("c1 %d, a2 %d, a1c2 %d, a1a3 %d: want 300, 200, 100, 0", cloneCap, clone, jumpCap, jump)
	}
	// Two converted pieces by a jump score as a quiet clone.
	g2 := mustParse(t, "7/7/7/o6/7/2o4/x6 x 0 1")
	if m, err := g2.ParseMove("a1b3"); err != nil || g2.OrderMove(m) != 200 {
		t.Errorf("a1b3 converting a4 and c2: %v, want 200", err)
	}
	// The null move is offered on an open board, not on a nearly full one.
	if _, ok := g.NullMove(); !ok {
		t.Error("no null move on an almost empty board")
	}
	full := mustParse(t, "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/oooooo1/ooooo2 x 0 1")
	if _, ok := full.NullMove(); ok {
		t.Error("a null move on a board with 3 empty squares")
	}
}

// The 10 square classes: 4 corners, 8 squares next to a corner on an edge,
// ..., 1 centre; 49 squares in all.
func TestSquareClasses(t *testing.T) {
	want := [nSquareClasses]int{4, 8, 8, 4, 4, 8, 4, 4, 4, 1}
	all := uint64(0)
	for k, c := range squareClass {
		if n := popcount(c); n != want[k] {
			t.Errorf("class %s: %d squares, want %d", FeatureNames[fSquare0+k], n, want[k])
		}
		all |= c
	}
	if all != full {
		t.Errorf("the classes cover %x, not the board", all)
	}
	if squareClass[0] != corners || squareClass[9] != 1<<24 {
		t.Errorf("class 0 is %x (want the corners), class 9 %x (want d4)", squareClass[0], squareClass[9])
	}
}

// handInfo is Info with the games it parses on the hand-written evaluation
// (UseNetwork(false)), for the tests of its terms.
func handInfo() *rules.Info {
	i := *Info
	i.Parse = func(opts rules.Options, pos string) (rules.Game, error) {
		g, err := parseGame(opts, pos)
		if err == nil {
			g.(*Game).UseNetwork(false)
		}
		return g, err
	}
	return &i
}

// MoveGain is the change in the mover's piece balance, 100 a piece: an
// invariant checked on every legal move of positions reached by random
// play.
func TestMoveGain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for game := 0; game < 10; game++ {
		g := mustParse(t, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
		balance := func(side int) int { return popcount(g.bb[side]) - popcount(g.bb[1-side]) }
		for ply := 0; ply < 100; ply++ {
			moves := g.Moves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				side := g.side
				before := balance(side)
				gain := g.MoveGain(m)
				g.Play(m)
				want := 100 * (balance(side) - before)
				g.Unplay()
				if gain != want {
					t.Fatalf("game %d ply %d, %s: MoveGain %d, the balance changed by %d", game, ply, g.FormatMove(m), gain, want)
				}
				checked++
			}
			g.Play(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 5000 {
		t.Errorf("only %d moves checked", checked)
	}
}
