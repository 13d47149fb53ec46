package oware

import "boardrepl/rules"

// The engine's view of Oware: the outcome test and a static evaluation from
// the side to move's view (100 = one seed).

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// The evaluation is a weighted sum of features (Features), each the side
// to move's count minus the opponent's unless said otherwise; the weights
// (evalWeights) were tuned by Texel's method on self-play games
// (tools/owaretune). A tapered feature is multiplied by the seeds
// left on the board and divided by 48: it fades as the board empties.
const (
	fScore      = iota // captured seeds (weight fixed at 100: one seed)
	fInPlay            // seeds in one's own row
	fMyThreat          // seeds the side to move can capture with one move now
	fHisThreat         // seeds the opponent could capture with one move
	fEmpty             // empty pits in one's row
	fLow               // pits holding 1 or 2 seeds (targets)
	fKroo              // pits holding 12 or more seeds (sowing laps the board)
	fMobility          // legal moves (the opponent's as if he were to move)
	fTempo             // 1: the side to move
	fInPlayT           // seeds in one's own row, tapered
	fMyThreatT         // fMyThreat, tapered
	fHisThreatT        // fHisThreat, tapered
	nFeatures
)

// FeatureNames names the features of Features, in order.
var FeatureNames = [nFeatures]string{"score", "seeds in play", "my threat", "his threat", "empty pits",
	"pits of 1-2", "kroo", "mobility", "tempo", "seeds in play*fill", "my threat*fill", "his threat*fill"}

// tapered marks the features multiplied by the seeds on the board (/48).
var tapered = [nFeatures]bool{fInPlayT: true, fMyThreatT: true, fHisThreatT: true}

// evalWeights are the weights of the features (see EvalWeights): tuned
// by owaretune -games 1500 -nodes 3000 -opening 4 -seed 1 -iters 3000
// (109,149 positions with more than 12 seeds on the board; error 0.1642
// with the earlier weights 100, 5, 45, -45 and the rest 0, then 0.1547).
var evalWeights = [nFeatures]int{
	100,  // score
	-4,   // seeds in play
	147,  // my threat
	-87,  // his threat
	-29,  // empty pits
	-21,  // pits of 1-2
	185,  // kroo
	117,  // mobility
	-28,  // tempo
	-2,   // seeds in play*fill
	-107, // my threat*fill
	66,   // his threat*fill
}

// EvalWeights returns the weights of the features (FeatureNames).
func EvalWeights() []int { return append([]int(nil), evalWeights[:]...) }

// Outcome reports whether the game is over and who won (-1 for a draw). It
// goes through Result, which the game caches per position: only a finished
// game builds its strings.
func (g *Game) Outcome() (over bool, winner int) {
	r := g.Result()
	if !r.Over() {
		return false, -1
	}
	return true, r.Winner
}

// threat returns the seeds side could capture with its best single move on
// board b (ignoring the grand slam rule, which only makes it smaller).
func threat(b *board, side uint8) int {
	var pits [nPits]int
	for i := range pits {
		pits[i] = int(b.at(i))
	}
	best := 0
	base := 6 * int(side)
	for i := base; i < base+6; i++ {
		c := pits[i]
		if c == 0 {
			continue
		}
		// Where the last seed lands: c pits on, skipping the origin each lap.
		land := (i + c + (c-1)/11) % nPits
		if (land < 6) == (side == 0) {
			continue // in the mover's own row
		}
		// Seeds each pit receives: c/11 full laps, plus one for the first
		// c%11 pits after i.
		laps, extra := c/11, c%11
		got := 0
		for j := land; ; j = (j + nPits - 1) % nPits {
			if (j < 6) == (side == 0) {
				break
			}
			add := laps
			if d := (j - i + nPits) % nPits; d >= 1 && d <= extra {
				add++
			}
			n := pits[j] + add
			if n != 2 && n != 3 {
				break
			}
			got += n
		}
		best = max(best, got)
	}
	return best
}

// features fills f with the features of the position (tapered ones not
// yet divided by 48).
func (g *Game) features(f *[nFeatures]int) {
	p := &g.p
	me, them := p.side, 1-p.side
	f[fScore] = int(p.score[me]) - int(p.score[them])
	f[fInPlay] = p.b.rowSum(me) - p.b.rowSum(them)
	f[fMyThreat] = threat(&p.b, me)
	f[fHisThreat] = threat(&p.b, them)
	var empty, low, kroo [2]int
	for i := 0; i < nPits; i++ {
		c, s := p.b.at(i), i/6
		switch {
		case c == 0:
			empty[s]++
		case c <= 2:
			low[s]++
		case c >= 12:
			kroo[s]++
		}
	}
	f[fEmpty] = empty[me] - empty[them]
	f[fLow] = low[me] - low[them]
	f[fKroo] = kroo[me] - kroo[them]
	f[fMobility] = popcount(p.b.legalMask(me)) - popcount(p.b.legalMask(them))
	f[fTempo] = 1
	n := p.b.total()
	f[fInPlayT] = f[fInPlay] * n
	f[fMyThreatT] = f[fMyThreat] * n
	f[fHisThreatT] = f[fHisThreat] * n
}

// Features returns the features of the position as the evaluation weighs
// them (tapered ones divided by 48), for the tuner.
func (g *Game) Features() []float64 {
	var f [nFeatures]int
	g.features(&f)
	out := make([]float64, nFeatures)
	for i, x := range f {
		out[i] = float64(x)
		if tapered[i] {
			out[i] /= 48
		}
	}
	return out
}

// SeedsOnBoard is the number of seeds left in the pits.
func (g *Game) SeedsOnBoard() int { return g.p.b.total() }

// terms fills t with the weighted features.
func (g *Game) terms(t *[nFeatures]int) {
	g.features(t)
	for i := range t {
		t[i] *= evalWeights[i]
		if tapered[i] {
			t[i] /= 48
		}
	}
}

// Evaluate scores the position for the side to move: captured seeds, seeds
// in each row, and the captures each side threatens. Under end=tournament,
// where the endgame databases are not exact and the engine does not take
// their values as proven (EndgameValue), a position with
// TournamentTableSeeds seeds or fewer on the board is evaluated by the
// tournament tables instead (tournamentTables: the abapa tables' analysis
// without the indetermination ending): the final margin they give, which
// differs from the tournament's when the seeds circle until a position
// repeats.
func (g *Game) Evaluate() int {
	if g.tournament {
		if t, ok := g.tableScore(TournamentTableSeeds); ok {
			return t
		}
	}
	var t [nFeatures]int
	g.terms(&t)
	sum := 0
	for _, x := range t {
		sum += x
	}
	return sum
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	if g.tournament {
		if t, ok := g.tableScore(TournamentTableSeeds); ok {
			return []rules.EvalTerm{{Name: "endgame table", Value: t}}
		}
	}
	var t [nFeatures]int
	g.terms(&t)
	// The seeds in one's row and the threats as one term each, as before
	// the features were split.
	return []rules.EvalTerm{
		{Name: "score", Value: t[fScore]},
		{Name: "seeds in play", Value: t[fInPlay] + t[fInPlayT]},
		{Name: "threats", Value: t[fMyThreat] + t[fHisThreat] + t[fMyThreatT] + t[fHisThreatT]},
		{Name: "pits", Value: t[fEmpty] + t[fLow] + t[fKroo]},
		{Name: "mobility", Value: t[fMobility]},
		{Name: "tempo", Value: t[fTempo]},
	}
}
