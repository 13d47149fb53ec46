package tablut

import "boardrepl/rules"

// The engine's view of Tablut: a cheap outcome test, a test for a win on
// the next move and a static evaluation from the side to move's view (100 =
// about one black soldier).

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// The evaluation is a weighted sum of features (evalFeatures), each from
// white's view, then from the side to move's; in BrainKing the king's run
// then damps black's lead (runTerm).
const (
	fWhite     = iota // white soldiers (white has 8 against 16)
	fBlack            // black soldiers, counted negative
	fEscapeNow        // the king sees an edge square he can reach, white to move: he escapes now
	fRoute1           // ... one such line, black to move
	fRoutes2          // ... two or more, black to move: black can block only one
	fKingMove         // squares the king can move to
	fAttacker         // black soldiers (or empty camp squares) next to the king, negative
	fBlockade         // black soldiers on squares that guard a corner, negative
	fCampIdle         // black soldiers still standing in a camp
	nFeatures
)

// FeatureNames names the features of the evaluation, in order.
var FeatureNames = [nFeatures]string{"white soldiers", "black soldiers", "escape now",
	"one free line", "two free lines", "king mobility", "black next to the king",
	"corner blockade", "idle camps"}

// Evaluation weights (100 = about one black soldier).
var (
	// ashtonWeights are the Ashton rules' weights. One free line with black
	// to move is worth 100: black shuts it with one soldier, so the line is
	// a threat to answer, not an advantage; valued at 350, a king move that
	// opens a line at the search's horizon looked worth three soldiers, and
	// the scores of odd and even depths swung by about 300. A black soldier
	// on a blockade square weighs 50 (25 until entry 134 of docs/engine.md:
	// doubled, +21 ± 14 Elo in self-play, SPRT H1; BrainKing keeps 25,
	// not measured).
	ashtonWeights = [nFeatures]int{
		fWhite: 160, fBlack: 100, fEscapeNow: 8000, fRoute1: 100, fRoutes2: 1800,
		fKingMove: 6, fAttacker: 45, fBlockade: 50, fCampIdle: 8,
	}
	// brainkingWeights are BrainKing's: the same but for one free line
	// (350: the king escapes on any edge square there).
	brainkingWeights = [nFeatures]int{
		fWhite: 160, fBlack: 100, fEscapeNow: 8000, fRoute1: 350, fRoutes2: 1800,
		fKingMove: 6, fAttacker: 45, fBlockade: 25, fCampIdle: 8,
	}
)

// runDamp: in BrainKing, where the king escapes on any edge square and is
// taken only by four, a king on the second ring with a free run along it
// steps from threat to threat (each move attacks a new edge square, each
// answer only blocks it): black, however far ahead, cannot make progress.
// Black's lead then counts only 1/runDamp.
const runDamp = 2

// weights returns the weights of g's rule set.
func (g *Game) weights() *[nFeatures]int {
	if g.r.escapeAllEdge {
		return &brainkingWeights
	}
	return &ashtonWeights
}

// EvalWeights returns the weights of the evaluation's features
// (FeatureNames) under g's rules.
func (g *Game) EvalWeights() []int {
	w := g.weights()
	return w[:]
}

// Features returns the features of the evaluation from the side to move's
// view (for tuning: Evaluate is their sum weighted by EvalWeights, and in
// BrainKing the king's run).
func (g *Game) Features() []float64 {
	f := g.evalFeatures()
	out := make([]float64, nFeatures)
	sign := 1
	if g.side == black {
		sign = -1
	}
	for i, x := range f {
		out[i] = float64(sign * x)
	}
	return out
}

// blockade lists the squares diagonal to the corners' approaches, where
// black soldiers shut several escape lines at once.
var blockade [nsq]bool

func init() {
	for _, s := range []string{"b3", "c2", "g2", "h3", "b7", "c8", "g8", "h7"} {
		blockade[mustSq(s)] = true
	}
}

// Outcome reports whether the game is over and who won (-1 for a draw),
// without allocating; it agrees with Result.
func (g *Game) Outcome() (over bool, winner int) {
	switch g.end {
	case endNone:
		if g.hasMove() {
			return false, -1
		}
		return true, int(g.side ^ 1)
	case endEscaped, endServerWhite:
		return true, white
	case endCaptured, endServerBlack:
		return true, black
	}
	return true, -1
}

// WinsNow reports whether the side to move wins with its next move
// (engine.WinNower): white to move and the king sees a free line to the
// edge, where he escapes; black to move and a soldier can step onto the
// last square the king's capture needs.
func (g *Game) WinsNow() bool {
	if g.king == noSq {
		return false
	}
	if g.side == white {
		return g.freeLine(int(g.king), noSq)
	}
	return g.takesKingNow()
}

// takesKingNow reports whether black, to move, captures the king with its
// next move: the square that closes the last side the capture needs is
// empty and a black soldier reaches it (kingTaken's rule, one move early).
func (g *Game) takesKingNow() bool {
	k := int(g.king)
	r := g.r
	if r.kingRule == kingEnclosed || byCastle(k) {
		// Every side closed but one: by black soldiers, or the castle
		// (Ashton: next to it; BrainKing: while it is empty).
		gap := noSq
		for e := 0; e < 4; e++ {
			s := int(nb[k][e])
			if s == noSq {
				return false // on the edge (the game is over)
			}
			closed := g.board[s] == blackSoldier
			if s == castle {
				closed = closed || r.kingRule == kingAshton || g.board[s] == empty
			}
			if closed {
				continue
			}
			if gap != noSq {
				return false
			}
			gap = s
		}
		if gap == noSq {
			// Closed on every side already (the king stepped in): under
			// BrainKing's rule any black move takes him; under Ashton's
			// only a soldier that moves next to him, and none can.
			return r.kingRule == kingEnclosed
		}
		return g.board[gap] == empty && g.blackReaches(gap)
	}
	// Ashton, away from the castle: two opposite sides, the far one a black
	// soldier or a camp square.
	for d := 0; d < 4; d++ {
		t, a := int(nb[k][d]), int(nb[k][d^1])
		if t == noSq || a == noSq || g.board[t] != empty {
			continue
		}
		if (g.board[a] == blackSoldier || r.camp[a]) && g.blackReaches(t) {
			return true
		}
	}
	return false
}

// blackReaches reports whether a black soldier can move to the empty square
// t: the nearest piece along one of t's lines is a black soldier whose legal
// moves (movesFrom's walk) include t.
func (g *Game) blackReaches(t int) bool {
	r := g.r
	if r.noLand[t] {
		return false
	}
	for d := 0; d < 4; d++ {
		ry := &rays[t][d]
		for i := 0; i < int(ry.n); i++ {
			f := int(ry.sq[i])
			if g.board[f] == empty {
				continue
			}
			if g.board[f] == blackSoldier && g.reachesAlong(f, d^1, t) {
				return true
			}
			break
		}
	}
	return false
}

// reachesAlong reports whether the piece on f, moving in direction d, may
// stop on t (the squares between being empty): movesFrom's walk along one
// line.
func (g *Game) reachesAlong(f, d, t int) bool {
	r := g.r
	fromCamp := r.camp[f]
	wall := &r.wallOut
	if fromCamp {
		wall = &r.wallCamp
	}
	ry := &rays[f][d]
	for i := 0; i < int(ry.n); i++ {
		s := int(ry.sq[i])
		if g.board[s] != empty || wall[s] {
			return false
		}
		if s == t {
			return !(fromCamp && i >= 5 && r.camp[s])
		}
	}
	return false
}

// evalFeatures computes the features from white's view.
func (g *Game) evalFeatures() (f [nFeatures]int) {
	for sq := 0; sq < nsq; sq++ {
		switch g.board[sq] {
		case whiteSoldier:
			f[fWhite]++
		case blackSoldier:
			f[fBlack]--
			if blockade[sq] {
				f[fBlockade]--
			}
			if g.r.camp[sq] {
				f[fCampIdle]++
			}
		}
	}
	k := int(g.king)
	if k == noSq {
		return
	}
	r := g.r
	free := 0
	for d := 0; d < 4; d++ {
		ry := &rays[k][d]
		open := true
		for i := 0; i < int(ry.n); i++ {
			s := int(ry.sq[i])
			if g.board[s] != empty || r.wallOut[s] {
				open = false
				break
			}
			if !r.noLand[s] {
				f[fKingMove]++
			}
		}
		if open && ry.n > 0 && !r.noLand[ry.sq[ry.n-1]] {
			free++
		}
	}
	switch {
	case free >= 1 && g.side == white:
		f[fEscapeNow] = 1 // he walks out on this move
	case free == 1:
		f[fRoute1] = 1
	case free >= 2:
		f[fRoutes2] = 1
	}
	for d := 0; d < 4; d++ {
		n := nb[k][d]
		if n == noSq {
			continue
		}
		if g.board[n] == blackSoldier || (r.camp[n] && g.board[n] == empty) {
			f[fAttacker]--
		}
	}
	return
}

// evalTerms computes the terms from white's view: the weighted features in
// the groups EvalTerms shows (blockade with its sign: subtracted).
func (g *Game) evalTerms() (material, routes, mobility, safety, blockadeT, camps int) {
	f := g.evalFeatures()
	w := g.weights()
	material = w[fWhite]*f[fWhite] + w[fBlack]*f[fBlack]
	routes = w[fEscapeNow]*f[fEscapeNow] + w[fRoute1]*f[fRoute1] + w[fRoutes2]*f[fRoutes2]
	mobility = w[fKingMove] * f[fKingMove]
	safety = w[fAttacker] * f[fAttacker]
	blockadeT = -w[fBlockade] * f[fBlockade]
	camps = w[fCampIdle] * f[fCampIdle]
	return
}

// kingRun counts, for a BrainKing king on the second ring, the squares he
// can reach along it in one move (his own included) whose edge square
// beyond is empty: each is a threat black must answer. 0 elsewhere and
// under the Ashton rules (their escapes are few and camps guard them).
func (g *Game) kingRun() int {
	r := g.r
	k := int(g.king)
	if !r.escapeAllEdge || k == noSq || edge[k] {
		return 0
	}
	n := 0
	for o := 0; o < 4; o++ {
		if e := nb[k][o]; e == noSq || !edge[e] {
			continue
		}
		// o points out to the edge; the run goes across it.
		if g.board[nb[k][o]] == empty {
			n++
		}
		for d := 0; d < 4; d++ {
			if dirDF[d]*dirDF[o]+dirDR[d]*dirDR[o] != 0 {
				continue
			}
			ry := &rays[k][d]
			for i := 0; i < int(ry.n); i++ {
				s := int(ry.sq[i])
				if g.board[s] != empty || edge[s] || r.wallOut[s] {
					break
				}
				if !r.noLand[s] && g.board[nb[s][o]] == empty {
					n++
				}
			}
		}
	}
	return n
}

// runTerm is what the king's run takes back of black's lead v (white's
// view, the other terms summed): half of it while he has a run.
func (g *Game) runTerm(v int) int {
	if v >= 0 || g.kingRun() == 0 {
		return 0
	}
	return -v - (-v)/runDamp
}

// Evaluate scores the position for the side to move: material, the king's
// free routes to the edge and his mobility, black soldiers around him, the
// corner blockade and idle camps, and in BrainKing the king's run along the
// second ring.
func (g *Game) Evaluate() int {
	m, ro, mob, s, b, c := g.evalTerms()
	v := m + ro + mob + s - b + c
	v += g.runTerm(v)
	if g.side == black {
		return -v
	}
	return v
}

// EvalTerms lists the terms of Evaluate, from the side to move's view.
func (g *Game) EvalTerms() []rules.EvalTerm {
	m, ro, mob, s, b, c := g.evalTerms()
	sign := 1
	if g.side == black {
		sign = -1
	}
	return []rules.EvalTerm{
		{Name: "material", Value: sign * m},
		{Name: "king routes", Value: sign * ro},
		{Name: "king mobility", Value: sign * mob},
		{Name: "king safety", Value: sign * s},
		{Name: "blockade", Value: -sign * b},
		{Name: "camps", Value: sign * c},
		{Name: "king's run", Value: sign * g.runTerm(m+ro+mob+s-b+c)},
	}
}

var _ rules.SearchTuner = (*Game)(nil)

// SearchTuning opts into no part of the search but, under BrainKing's
// rules, out of the time scaling (rules.SearchTuning.NoTimeScale).
func (g *Game) SearchTuning() rules.SearchTuning {
	return rules.SearchTuning{NoTimeScale: g.r.noTimeScale}
}
