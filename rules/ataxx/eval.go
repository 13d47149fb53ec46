package ataxx

import "boardrepl/rules"

// The engine's view of Ataxx: a cheap outcome test, a static evaluation
// from the side to move's view (100 = one piece), a move-ordering guess and
// the null move.
//
// The evaluation is linear in a few features, each counted for the side to
// move minus the opponent (see Features):
//
//	material   pieces, and again scaled by how full the board is
//	mobility   empty squares one of our clones could fill
//	frontier   our pieces next to an empty square (they can be converted)
//	holes      empty squares next to n of our pieces (n = 1..8) that the
//	           opponent can reach: moving there converts n of ours
//	tempo      the side to move (it plays first: without this term scores
//	           swing between odd and even depths), and again scaled by fill
//	squares    pieces on each of the 10 classes of squares the board's
//	           symmetries leave (corners, edges, centre...)
//
// Mobility, frontier, each hole count and each square class have a
// fill-scaled twin too, so that their weights move from the empty board's
// to the full board's as the board fills.
//
// The weights are tuned from self-play (Texel's method: tools/
// ataxxtune/README.md says how), starting from hand-set values.

var (
	_ rules.Evaluator      = (*Game)(nil)
	_ rules.Outcomer       = (*Game)(nil)
	_ rules.MoveOrderer    = (*Game)(nil)
	_ rules.NullMover      = (*Game)(nil)
	_ rules.CaptureReducer = (*Game)(nil)
)

// ReduceCaptures: nearly every Ataxx move converts a piece, so the late
// conversions are reduced as much as late quiet moves (rules.
// CaptureReducer): +39 ± 28 Elo, SPRT H1 (615 games, 20,000 nodes a move).
func (g *Game) ReduceCaptures() bool { return true }

// Feature indices of Features and EvalWeights.
const (
	fMaterial     = iota // piece difference
	fMaterialFill        // piece difference * fill (0 empty board .. 1 full)
	fMobility
	fFrontier
	fTempo                  // 1
	fTempoFill              // fill
	fHole1                  // holes next to 1 of our pieces ... fHole1+7: next to 8
	fSquare0   = fHole1 + 8 // pieces on squares of class 0 ... fSquare0+9: class 9
	// The fill-scaled twins of mobility, frontier, the holes and the
	// squares: the weight of each moves from its own (empty board) to its
	// own plus its twin's (full board).
	fMobilityFill = fSquare0 + nSquareClasses
	fFrontierFill = fMobilityFill + 1
	fHole1Fill    = fFrontierFill + 1
	fSquare0Fill  = fHole1Fill + 8
	nFeatures     = fSquare0Fill + nSquareClasses
)

// fillTwin[i] is the fill-scaled twin of feature i (0 when it has none or
// is one).
var fillTwin = func() (t [nFeatures]int) {
	t[fMobility], t[fFrontier] = fMobilityFill, fFrontierFill
	for n := 0; n < 8; n++ {
		t[fHole1+n] = fHole1Fill + n
	}
	for k := 0; k < nSquareClasses; k++ {
		t[fSquare0+k] = fSquare0Fill + k
	}
	return
}()

// nSquareClasses: the squares of the board fall into 10 classes under its
// 8 symmetries, by their distances (x <= y) to the nearest edges: (0,0) the
// corners, (0,1) next to a corner on the edge, ... (3,3) the centre.
const nSquareClasses = 10

// squareClass[k] holds the squares of class k.
var squareClass = func() (c [nSquareClasses]uint64) {
	for sq := 0; sq < nsq; sq++ {
		a, b := min(sq%size, size-1-sq%size), min(sq/size, size-1-sq/size)
		x, y := min(a, b), max(a, b)
		k := 0 // (0,0) (0,1) (0,2) (0,3) (1,1) (1,2) (1,3) (2,2) (2,3) (3,3)
		for i := 0; i < x; i++ {
			k += 4 - i
		}
		k += y - x
		c[k] |= 1 << sq
	}
	return
}()

// FeatureNames names the features, in order.
var FeatureNames = [nFeatures]string{"material", "material*fill", "mobility", "frontier", "tempo", "tempo*fill",
	"hole1", "hole2", "hole3", "hole4", "hole5", "hole6", "hole7", "hole8",
	"square00", "square01", "square02", "square03", "square11", "square12", "square13", "square22", "square23", "square33",
	"mobility*fill", "frontier*fill",
	"hole1*fill", "hole2*fill", "hole3*fill", "hole4*fill", "hole5*fill", "hole6*fill", "hole7*fill", "hole8*fill",
	"square00*fill", "square01*fill", "square02*fill", "square03*fill", "square11*fill", "square12*fill", "square13*fill",
	"square22*fill", "square23*fill", "square33*fill"}

// evalWeights are the weights of the features (see EvalWeights). The
// fill-scaled twins of mobility, frontier, holes and squares were fitted
// alone, the other weights held (ataxxtune -load data11.txt -iters 1000
// -tune '^(mobility|frontier|hole[1-8]|square[0-9]+)\*fill$': 2500
// self-play games at 4000 nodes a move, seed 11, 198,596 positions; error
// 0.2111 -> 0.2101): +49 +- 32 Elo, SPRT H1 (458 games, 20,000 nodes a
// move). Fitting every weight at once on the same data (error 0.2088)
// scored 47 % in a stopped match (347 games). The other weights: tuned
// by tools/ataxxtune (400 self-play games at 4000 nodes a move, 6
// random opening plies, seed 2: 33,318 positions, error 0.2075 -> 0.1991),
// starting from an earlier tuning (seed 1) without the square classes.
var evalWeights = [nFeatures]int{
	fMaterial: 100, fMaterialFill: 254, fMobility: 20, fFrontier: -77, fTempo: -147, fTempoFill: 892,
	fHole1: -15, fHole1 + 1: 1, fHole1 + 2: -17, fHole1 + 3: -23, fHole1 + 4: -95, fHole1 + 5: -231, fHole1 + 6: -216, fHole1 + 7: -695,
	fSquare0: -21, fSquare0 + 1: -12, fSquare0 + 2: -26, fSquare0 + 3: -36, fSquare0 + 4: -85,
	fSquare0 + 5: -101, fSquare0 + 6: -139, fSquare0 + 7: -83, fSquare0 + 8: -87, fSquare0 + 9: -192,
	fMobilityFill: -29, fFrontierFill: -5,
	fHole1Fill: 30, fHole1Fill + 1: 5, fHole1Fill + 2: 22, fHole1Fill + 3: -12, fHole1Fill + 4: -39, fHole1Fill + 5: 21, fHole1Fill + 6: -124, fHole1Fill + 7: 63,
	fSquare0Fill: 22, fSquare0Fill + 1: 6, fSquare0Fill + 2: 31, fSquare0Fill + 3: -62, fSquare0Fill + 4: 1, fSquare0Fill + 5: 23, fSquare0Fill + 6: 31, fSquare0Fill + 7: 30, fSquare0Fill + 8: -39, fSquare0Fill + 9: 74,
}

// EvalWeights returns the weights of the features (FeatureNames).
func EvalWeights() []int { return append([]int(nil), evalWeights[:]...) }

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

// holes adds to f[fHole1+n-1] (sign +1 or -1) the empty squares next to n
// of own's pieces that other can reach.
func holes(f *[nFeatures]int, own, other, empty uint64, sign int) {
	for b := expand1(own) & empty & expand2(other); b != 0; b &= b - 1 {
		if n := popcount(adj1[tz(b)] & own); n > 0 {
			f[fHole1+n-1] += sign
		}
	}
}

// features counts the features of the position (side to move's view), 64
// times over (fill is a fraction: fill*64 is a whole number).
func (g *Game) features(f *[nFeatures]int) {
	us, them := g.bb[g.side], g.bb[1-g.side]
	empty := g.empty()
	avail := nsq - popcount(g.blocks)
	fill := 64 * (avail - popcount(empty)) / max(avail, 1)
	mat := popcount(us) - popcount(them)
	*f = [nFeatures]int{}
	f[fMaterial] = mat
	f[fMaterialFill] = mat * fill
	f[fMobility] = popcount(expand1(us)&empty) - popcount(expand1(them)&empty)
	nearEmpty := expand1(empty)
	f[fFrontier] = popcount(us&nearEmpty) - popcount(them&nearEmpty)
	f[fTempo] = 1
	f[fTempoFill] = fill
	holes(f, us, them, empty, 1)
	holes(f, them, us, empty, -1)
	for k, c := range squareClass {
		f[fSquare0+k] = popcount(us&c) - popcount(them&c)
	}
	for i := range fSquare0 + nSquareClasses {
		if tw := fillTwin[i]; tw != 0 {
			f[tw] = f[i] * fill
		}
		if i != fMaterialFill && i != fTempoFill {
			f[i] *= 64
		}
	}
}

// Features returns the evaluation's features of the position (the side to
// move's view; FeatureNames names them), for tuning: Evaluate is about
// the sum of EvalWeights times Features.
func (g *Game) Features() []float64 {
	var f [nFeatures]int
	g.features(&f)
	out := make([]float64, nFeatures)
	for i, x := range f {
		out[i] = float64(x) / 64
	}
	return out
}

func (g *Game) evalTerms() (material, mobility, frontier, holeSum, tempo, squares int) {
	var f [nFeatures]int
	g.features(&f)
	w := &evalWeights
	material = (w[fMaterial]*f[fMaterial] + w[fMaterialFill]*f[fMaterialFill]) / 64
	mobility = (w[fMobility]*f[fMobility] + w[fMobilityFill]*f[fMobilityFill]) / 64
	frontier = (w[fFrontier]*f[fFrontier] + w[fFrontierFill]*f[fFrontierFill]) / 64
	h := 0
	for n := 0; n < 8; n++ {
		h += w[fHole1+n]*f[fHole1+n] + w[fHole1Fill+n]*f[fHole1Fill+n]
	}
	holeSum = h / 64
	tempo = (w[fTempo]*f[fTempo] + w[fTempoFill]*f[fTempoFill]) / 64
	sq := 0
	for k := 0; k < nSquareClasses; k++ {
		sq += w[fSquare0+k]*f[fSquare0+k] + w[fSquare0Fill+k]*f[fSquare0Fill+k]
	}
	squares = sq / 64
	return
}

// Evaluate scores the position for the side to move (see the features
// above).
func (g *Game) Evaluate() int {
	if g.UsesNetwork() {
		return g.netEvaluate()
	}
	m, mob, f, h, t, sq := g.evalTerms()
	return m + mob + f + h + t + sq
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	if g.UsesNetwork() {
		return []rules.EvalTerm{{Name: "network", Value: g.netEvaluate()}}
	}
	m, mob, f, h, t, sq := g.evalTerms()
	return []rules.EvalTerm{{Name: "material", Value: m}, {Name: "mobility", Value: mob}, {Name: "frontier", Value: f},
		{Name: "holes", Value: h}, {Name: "tempo", Value: t}, {Name: "squares", Value: sq}}
}

// OrderMove guesses how good a move is before the search (rules.
// MoveOrderer): 100 for each piece it converts, and 200 more for a clone,
// so that a clone that converts nothing comes before a jump that converts
// one; the history orders the moves scored alike (Zataxx's order, docs/
// engine.md entry 99: finer terms, our pieces next to a clone's square
// and the holes a jump leaves, ordered worse). Clones and converting moves
// score above 0; a jump that converts nothing scores 0: it is quiet.
func (g *Game) OrderMove(m rules.Move) int {
	kind, _, to := moveParts(m)
	c := popcount(adj1[to] & g.bb[1-g.side])
	if kind == kindSingle {
		c += 2
	}
	return 100 * c
}

// MoveGain is what a move adds to the material balance (rules.
// MoveGainer), 100 a piece: a clone adds a piece, each piece converted
// counts twice (ours gains it, theirs loses it).
func (g *Game) MoveGain(m rules.Move) int {
	kind, _, to := moveParts(m)
	c := 200 * popcount(g.converted(to))
	if kind == kindSingle {
		return 100 + c
	}
	return c
}

// NullMove is the pass, offered while the board is less than about 60 %
// full: late in the game, when every move may open a hole, having to move
// can hurt (zugzwang), and the null move would be unsound.
func (g *Game) NullMove() (rules.Move, bool) {
	avail := nsq - popcount(g.blocks)
	return Pass, popcount(g.empty())*5 > avail*2
}

// SearchTuning: the parts of the selective search that matches in Ataxx
// admitted (rules.SearchTuner; docs/engine.md, lab notebook).
func (g *Game) SearchTuning() rules.SearchTuning {
	return rules.SearchTuning{IIR: true, HistoryMalus: true, PruneLate: true, FutilityGain: true, Improving: true, PruneQuiet: true, RFPMargin: 70, RFPDepth: 6,
		FutilityBase: 160, FutilityPerPly: 80, FutilityDepth: 6, FutilityAfter: 3,
		LMRBase: 0.8, LMRScale: 0.4, LMRHistory: 12288,
		HistoryBonus: 300, HistoryBonusMax: 1500,
		KeepHistory: true, NoKillers: true, TTCutPV: true,
		AspirationDepth: 7, AspirationDelta: 16}
}
