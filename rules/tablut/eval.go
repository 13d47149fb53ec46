package tablut

import "boardrepl/rules"

// The engine's view of Tablut: a cheap outcome test and a static evaluation
// from the side to move's view (100 = about one black soldier).

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// Evaluation weights, from white's view.
const (
	wWhiteSoldier = 160 // a white soldier (white has 8 against 16)
	wBlackSoldier = 100 // a black soldier
	wRoute        = 350 // the king sees an edge square he can reach in one move
	// wRouteAshton: the same under the Ashton rules, black to move. Black
	// shuts the line with one soldier, so the line is a threat to answer,
	// not an advantage: valued at 350, a king move that opens a line at the
	// search's horizon looked worth three soldiers, and the scores of odd
	// and even depths swung by about 300.
	wRouteAshton = 100
	wRoutes2     = 1800 // ... two or more: black can block only one
	wEscapeNow   = 8000 // ... and white is to move: the king escapes now
	wKingMove    = 6    // per square the king can move to
	wAttacker    = 45   // per black soldier (or hostile square) next to the king
	wBlockade    = 25   // per black soldier on a square that guards a corner
	wCampIdle    = 8    // per black soldier still standing in a camp
	// runDamp: in BrainKing, where the king escapes on any edge square and
	// is taken only by four, a king on the second ring with a free run
	// along it steps from threat to threat (each move attacks a new edge
	// square, each answer only blocks it): black, however far ahead, cannot
	// make progress. Black's lead then counts only 1/runDamp.
	runDamp = 2
)

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

// evalTerms computes the terms from white's view.
func (g *Game) evalTerms() (material, routes, mobility, safety, blockadeT, camps int) {
	var nw, nb2 int
	for sq := 0; sq < nsq; sq++ {
		switch g.board[sq] {
		case whiteSoldier:
			nw++
		case blackSoldier:
			nb2++
			if blockade[sq] {
				blockadeT += wBlockade
			}
			if g.r.camp[sq] {
				camps += wCampIdle
			}
		}
	}
	material = wWhiteSoldier*nw - wBlackSoldier*nb2
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
				mobility += wKingMove
			}
		}
		if open && ry.n > 0 && !r.noLand[ry.sq[ry.n-1]] {
			free++
		}
	}
	switch {
	case free >= 1 && g.side == white:
		routes = wEscapeNow // he walks out on this move
	case free == 1 && !r.escapeAllEdge:
		routes = wRouteAshton
	case free == 1:
		routes = wRoute
	case free >= 2:
		routes = wRoutes2
	}
	for d := 0; d < 4; d++ {
		n := nb[k][d]
		if n == noSq {
			continue
		}
		if g.board[n] == blackSoldier || (r.camp[n] && g.board[n] == empty) {
			safety -= wAttacker
		}
	}
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
