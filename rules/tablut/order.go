package tablut

import "boardrepl/rules"

var _ rules.MoveOrderer = (*Game)(nil)

// Move-ordering scores (rules.MoveOrderer). Moves scored above 0 are never
// pruned by the engine's selective search.
const (
	oEscape  = 8000 // the king steps onto an escape square: the game is won
	oCapture = 300  // per piece the move captures
	oKingWay = 200  // the king moves to a square with a free line to the edge
	oKing    = 20   // any other king move (he is the game: never pruned)
	oGuard   = 30   // a black soldier steps next to the king
)

// OrderMove scores a legal move before the search: the king's escapes, then
// captures, then king moves opening a line to the edge, other king moves and
// black soldiers closing on the king; other moves score 0. It reads the
// board only.
func (g *Game) OrderMove(m rules.Move) int {
	f, t := int(m&0xff), int(m>>8&0xff)
	r := g.r
	piece := g.board[f]
	score := 0
	if piece == king {
		if edge[t] && !r.noLand[t] {
			return oEscape
		}
		score = oKing
		if g.freeLine(t, f) {
			score = oKingWay
		}
	}
	captures, guards := g.closing(f, t, piece)
	return score + oCapture*captures + oGuard*guards
}

var _ rules.Quiescer = (*Game)(nil)

// Noisy reports whether legal move m captures a soldier (rules.Quiescer):
// the engine plays such moves out at the horizon before it trusts the
// evaluation. It reads the board only.
func (g *Game) Noisy(m rules.Move) bool {
	f, t := int(m&0xff), int(m>>8&0xff)
	captures, _ := g.closing(f, t, g.board[f])
	return captures > 0
}

// closing counts the soldiers that piece, moving from f to t, captures
// (by the custodial rule: an enemy soldier between t and a friendly piece
// or a hostile square), and for black the sides of the king it closes.
func (g *Game) closing(f, t int, piece uint8) (captures, guards int) {
	r := g.r
	for d := 0; d < 4; d++ {
		n := nb[t][d]
		if n == noSq {
			continue
		}
		a := nb[n][d]
		if a == noSq {
			continue
		}
		ac := g.board[a]
		if int(a) == f {
			ac = empty // the mover leaves it
		}
		switch {
		case g.side == white && g.board[n] == blackSoldier && (piece == whiteSoldier || r.armedKing):
			if ac == whiteSoldier || (ac == king && r.armedKing) || r.antiBlack[a] ||
				(a == castle && ac == empty && r.emptyCastleHostileToBlack) {
				captures++
			}
		case g.side == black && g.board[n] == whiteSoldier:
			if ac == blackSoldier || r.antiWhite[a] {
				captures++
			}
		case g.side == black && g.board[n] == king:
			guards++
		}
	}
	return captures, guards
}

// freeLine reports whether a king standing on t (having left from) sees an
// edge square he may stop on along some line.
func (g *Game) freeLine(t, from int) bool {
	r := g.r
	for d := 0; d < 4; d++ {
		ry := &rays[t][d]
		if ry.n == 0 {
			continue
		}
		open := true
		for i := 0; i < int(ry.n); i++ {
			s := int(ry.sq[i])
			if (g.board[s] != empty && s != from) || r.wallOut[s] {
				open = false
				break
			}
		}
		if open && !r.noLand[ry.sq[ry.n-1]] {
			return true
		}
	}
	return false
}
