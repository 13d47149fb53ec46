package ataxx

import "boardrepl/rules"

// The engine's view of Ataxx: a cheap outcome test and a static evaluation
// from the side to move's view (100 = one piece).

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// Evaluation weights.
const (
	wMaterial = 100 // per piece
	wMobility = 4   // per empty square a clone of ours could fill
	wFrontier = 3   // per piece of ours next to an empty square (it can be converted)
)

// Outcome reports whether the game is over and who won (-1 for a draw),
// without allocating; it agrees with Result.
func (g *Game) Outcome() (over bool, winner int) {
	if !g.over() {
		return false, -1
	}
	red, blue := popcount(g.bb[0]), popcount(g.bb[1])
	if red != 0 && blue != 0 && expand2(g.bb[0]|g.bb[1])&g.empty() != 0 {
		return true, -1 // the fifty-move rule
	}
	switch {
	case red > blue:
		return true, 0
	case blue > red:
		return true, 1
	}
	return true, -1
}

func (g *Game) evalTerms() (material, mobility, frontier int) {
	us, them := g.bb[g.side], g.bb[1-g.side]
	empty := g.empty()
	material = wMaterial * (popcount(us) - popcount(them))
	mobility = wMobility * (popcount(expand1(us)&empty) - popcount(expand1(them)&empty))
	nearEmpty := expand1(empty)
	frontier = -wFrontier * (popcount(us&nearEmpty) - popcount(them&nearEmpty))
	return
}

// Evaluate scores the position for the side to move: material, then
// mobility (empty squares within clone reach) and frontier (pieces exposed
// to conversion).
func (g *Game) Evaluate() int {
	m, mob, f := g.evalTerms()
	return m + mob + f
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	m, mob, f := g.evalTerms()
	return []rules.EvalTerm{{Name: "material", Value: m}, {Name: "mobility", Value: mob}, {Name: "frontier", Value: f}}
}
