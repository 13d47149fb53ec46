package oware

import "boardrepl/rules"

// The engine's view of Oware: the outcome test and a static evaluation from
// the side to move's view (100 = one seed).

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// Evaluation weights.
const (
	wScore      = 100 // per captured seed
	wInPlay     = 5   // per seed in one's own row (mobility, and what one collects at the end)
	wVulnerable = 45  // per seed the opponent could capture with one move now
)

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

func (g *Game) evalTerms() (score, inPlay, vulnerable int) {
	p := &g.p
	me, them := p.side, 1-p.side
	score = wScore * (int(p.score[me]) - int(p.score[them]))
	inPlay = wInPlay * (p.b.rowSum(me) - p.b.rowSum(them))
	// The side to move can cash its threat now; the opponent's is a danger.
	vulnerable = wVulnerable * (threat(&p.b, me) - threat(&p.b, them))
	return
}

// Evaluate scores the position for the side to move: captured seeds, seeds
// in each row, and the captures each side threatens.
func (g *Game) Evaluate() int {
	s, p, v := g.evalTerms()
	return s + p + v
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	s, p, v := g.evalTerms()
	return []rules.EvalTerm{{Name: "score", Value: s}, {Name: "seeds in play", Value: p}, {Name: "threats", Value: v}}
}
