package tablut

import (
	"math/bits"
	"strconv"

	"boardrepl/rules"
	"boardrepl/rules/splitmix"
)

// How a game ended (besides the lazily found "no legal move").
const (
	endNone        uint8 = iota
	endEscaped           // the king reached the edge (endSq)
	endCaptured          // the king was captured (endSq, or noSq if unknown)
	endRepetition        // draw by repetition
	endServerWhite       // a server state said WHITEWIN
	endServerBlack       // a server state said BLACKWIN
	endServerDraw        // a server state said DRAW
)

// pos is everything a move changes; Play saves it whole and Unplay restores
// it, so Unplay is exact by construction.
type pos struct {
	board  [nsq]uint8
	occ    [2][2]uint64 // occupancy per side: squares 0-63, 64-80
	hash   uint64
	side   uint8
	king   uint8 // the king's square, or noSq
	end    uint8
	endSq  uint8
	capPly int32 // ply of the last capture: no earlier position can recur
}

type undo struct {
	prev pos
	move rules.Move
	ncap uint8
	caps [5]uint8
}

// Game is a Tablut position under one rule set, with its history.
type Game struct {
	r          *ruleSet
	repeatN    int
	countStart bool
	pos
	stack []undo
	bufs  [][]rules.Move // perft move buffers, one per depth
}

var _ rules.Game = (*Game)(nil)
var _ rules.Perfter = (*Game)(nil)
var _ rules.Hasher = (*Game)(nil)
var _ rules.HashHistory = (*Game)(nil)
var _ rules.Editor = (*Game)(nil)
var _ rules.AltFormatter = (*Game)(nil)

func newGame(r *ruleSet, opts rules.Options, s string) (*Game, error) {
	g := &Game{r: r, repeatN: r.repeatN, countStart: r.countStart}
	v, err := r.info.Values(opts)
	if err != nil {
		return nil, err
	}
	if r.repetitionOption {
		g.repeatN = int(v["repetition"].Int) // 0 for off
	}
	if err := g.parse(s); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) Info() *rules.Info { return g.r.info }

func (g *Game) Options() rules.Options {
	o := rules.Options{}
	if g.r.repetitionOption && g.repeatN != 0 {
		o["repetition"] = strconv.Itoa(g.repeatN)
	}
	return o
}

func (g *Game) SideToMove() int { return int(g.side) }

func (g *Game) SideName(side int) string { return g.r.info.Sides[side&1] }

func (g *Game) Ply() int { return len(g.stack) }

func (g *Game) Hash() uint64 { return g.hash }

// ReversiblePlies is the number of moves since the last capture (or since
// the game was created): no position before it can recur (rules.HashHistory).
func (g *Game) ReversiblePlies() int { return len(g.stack) - int(g.capPly) }

// PastHash is the hash of the position back plies ago, 1 <= back <=
// ReversiblePlies() (rules.HashHistory).
func (g *Game) PastHash(back int) uint64 { return g.stack[len(g.stack)-back].prev.hash }

func (g *Game) Clone() rules.Game {
	c := *g
	c.stack = append([]undo(nil), g.stack...)
	c.bufs = nil
	return &c
}

// --- board updates ---------------------------------------------------------

func (p *pos) put(sq int, piece uint8) {
	p.board[sq] = piece
	p.hash ^= zobrist[piece][sq]
	p.occ[ownerOf[piece]][sq>>6] |= 1 << uint(sq&63)
}

func (p *pos) remove(sq int) {
	piece := p.board[sq]
	p.board[sq] = empty
	p.hash ^= zobrist[piece][sq]
	p.occ[ownerOf[piece]][sq>>6] &^= 1 << uint(sq&63)
}

// --- move generation -------------------------------------------------------

// Moves appends the legal moves of the side to move.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.end != endNone {
		return buf
	}
	side := g.side
	for half := 0; half < 2; half++ {
		bb := g.occ[side][half]
		for bb != 0 {
			f := bits.TrailingZeros64(bb) + half*64
			bb &= bb - 1
			buf = g.movesFrom(f, buf)
		}
	}
	return buf
}

func (g *Game) movesFrom(f int, buf []rules.Move) []rules.Move {
	r := g.r
	fromCamp := r.camp[f]
	wall := &r.wallOut
	if fromCamp {
		wall = &r.wallCamp
	}
	for d := 0; d < 4; d++ {
		ry := &rays[f][d]
		for i := 0; i < int(ry.n); i++ {
			s := int(ry.sq[i])
			if g.board[s] != empty || wall[s] {
				break
			}
			if r.noLand[s] || (fromCamp && i >= 5 && r.camp[s]) {
				continue
			}
			buf = append(buf, rules.Move(f|s<<8))
		}
	}
	return buf
}

// countMoves is len(Moves(nil)) without building the list.
func (g *Game) countMoves() int {
	if g.end != endNone {
		return 0
	}
	r := g.r
	n := 0
	side := g.side
	for half := 0; half < 2; half++ {
		bb := g.occ[side][half]
		for bb != 0 {
			f := bits.TrailingZeros64(bb) + half*64
			bb &= bb - 1
			fromCamp := r.camp[f]
			wall := &r.wallOut
			if fromCamp {
				wall = &r.wallCamp
			}
			for d := 0; d < 4; d++ {
				ry := &rays[f][d]
				for i := 0; i < int(ry.n); i++ {
					s := int(ry.sq[i])
					if g.board[s] != empty || wall[s] {
						break
					}
					if r.noLand[s] || (fromCamp && i >= 5 && r.camp[s]) {
						continue
					}
					n++
				}
			}
		}
	}
	return n
}

// hasMove reports whether the side to move has a legal move (ignoring a
// recorded end).
func (g *Game) hasMove() bool {
	var buf [64]rules.Move
	side := g.side
	for half := 0; half < 2; half++ {
		bb := g.occ[side][half]
		for bb != 0 {
			f := bits.TrailingZeros64(bb) + half*64
			bb &= bb - 1
			if len(g.movesFrom(f, buf[:0])) > 0 {
				return true
			}
		}
	}
	return false
}

// --- make / unmake ---------------------------------------------------------

// Play makes a legal move.
func (g *Game) Play(m rules.Move) {
	f, t := int(m&0xff), int(m>>8&0xff)
	g.stack = append(g.stack, undo{prev: g.pos, move: m})
	u := &g.stack[len(g.stack)-1]
	r := g.r
	piece := g.board[f]
	g.remove(f)
	g.put(t, piece)
	if piece == king {
		g.king = uint8(t)
	}
	if g.side == white {
		if piece == whiteSoldier || r.armedKing {
			for d := 0; d < 4; d++ {
				n := nb[t][d]
				if n == noSq || g.board[n] != blackSoldier {
					continue
				}
				a := nb[n][d]
				if a == noSq {
					continue
				}
				ac := g.board[a]
				if ac == whiteSoldier || (ac == king && r.armedKing) || r.antiBlack[a] ||
					(a == castle && ac == empty && r.emptyCastleHostileToBlack) {
					g.remove(int(n))
					u.caps[u.ncap] = n
					u.ncap++
				}
			}
		}
		if piece == king && edge[t] {
			g.end, g.endSq = endEscaped, uint8(t)
		}
	} else {
		for d := 0; d < 4; d++ {
			n := nb[t][d]
			if n == noSq || g.board[n] != whiteSoldier {
				continue
			}
			a := nb[n][d]
			if a == noSq {
				continue
			}
			if g.board[a] == blackSoldier || r.antiWhite[a] {
				g.remove(int(n))
				u.caps[u.ncap] = n
				u.ncap++
			}
		}
		if g.king != noSq && g.kingTaken(t) {
			k := int(g.king)
			g.remove(k)
			g.king = noSq
			u.caps[u.ncap] = uint8(k)
			u.ncap++
			g.end, g.endSq = endCaptured, uint8(k)
		}
	}
	g.side ^= 1
	g.hash ^= zobristSide
	if u.ncap > 0 {
		g.capPly = int32(len(g.stack))
		if u.ncap > 1 {
			sortSquares(u.caps[:u.ncap])
		}
	} else if g.end == endNone && g.repeatN > 0 && g.repeated() {
		g.end = endRepetition
	}
}

// kingTaken reports whether black's move to t captured the king.
func (g *Game) kingTaken(t int) bool {
	k := int(g.king)
	switch g.r.kingRule {
	case kingEnclosed:
		return g.enclosed(k)
	default: // kingAshton
		for d := 0; d < 4; d++ {
			if int(nb[t][d]) != k {
				continue
			}
			if byCastle(k) {
				// On or next to the castle: black on every side but the castle.
				for e := 0; e < 4; e++ {
					s := nb[k][e]
					if s != castle && g.board[s] != blackSoldier {
						return false
					}
				}
				return true
			}
			a := nb[k][d]
			return a != noSq && (g.board[a] == blackSoldier || g.r.camp[a])
		}
		return false
	}
}

// byCastle reports whether square k is the castle or next to it, where
// Ashton's king is taken only on every side but the castle's.
func byCastle(k int) bool {
	return k == castle || int(nb[k][0]) == castle || int(nb[k][1]) == castle ||
		int(nb[k][2]) == castle || int(nb[k][3]) == castle
}

// enclosed: black soldiers on all four sides of k, the empty castle counting
// as one.
func (g *Game) enclosed(k int) bool {
	if edge[k] {
		return false
	}
	for e := 0; e < 4; e++ {
		s := nb[k][e]
		if g.board[s] != blackSoldier && !(s == castle && g.board[s] == empty) {
			return false
		}
	}
	return true
}

// repeated reports whether the position now reached has occurred often
// enough to draw. Positions after moves before the last capture cannot
// recur (fewer pieces now), so the scan stops there.
func (g *Game) repeated() bool {
	k := len(g.stack) // the current position is the one after move k
	lo := int(g.capPly)
	if !g.countStart && lo < 1 {
		lo = 1
	}
	count := 1
	for j := k - 2; j >= lo; j -= 2 {
		p := &g.stack[j].prev // the position after move j
		if p.hash == g.hash && p.board == g.board && p.side == g.side {
			count++
			if count >= g.repeatN {
				return true
			}
		}
	}
	return false
}

func sortSquares(s []uint8) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Unplay takes back the last move.
func (g *Game) Unplay() {
	n := len(g.stack)
	if n == 0 {
		return
	}
	g.pos = g.stack[n-1].prev
	g.stack = g.stack[:n-1]
}

// LastCaptured names the squares emptied by the last move (the king's
// square included when he was captured), in square order (a1, b1, ..., i9).
func (g *Game) LastCaptured() []string {
	n := len(g.stack)
	if n == 0 || g.stack[n-1].ncap == 0 {
		return nil
	}
	u := &g.stack[n-1]
	out := make([]string, u.ncap)
	for i := range out {
		out[i] = sqName[u.caps[i]]
	}
	return out
}

// --- result ----------------------------------------------------------------

// Result reports whether the game is over and how.
func (g *Game) Result() rules.Result {
	switch g.end {
	case endEscaped:
		return rules.Result{Status: rules.Win, Winner: white, Reason: "king escaped at " + sqName[g.endSq]}
	case endCaptured:
		reason := "king captured"
		if g.endSq != noSq {
			reason += " at " + sqName[g.endSq]
		}
		return rules.Result{Status: rules.Win, Winner: black, Reason: reason}
	case endRepetition:
		return rules.Result{Status: rules.Draw, Winner: -1, Reason: "the position repeated"}
	case endServerWhite:
		return rules.Result{Status: rules.Win, Winner: white, Reason: "white won on the server (WHITEWIN)"}
	case endServerBlack:
		return rules.Result{Status: rules.Win, Winner: black, Reason: "black won on the server (BLACKWIN)"}
	case endServerDraw:
		return rules.Result{Status: rules.Draw, Winner: -1, Reason: "drawn on the server (DRAW)"}
	}
	if !g.hasMove() {
		return rules.Result{Status: rules.Win, Winner: int(g.side ^ 1), Reason: g.SideName(int(g.side)) + " has no legal move"}
	}
	return rules.Result{Status: rules.Ongoing, Winner: -1}
}

// staticEnd sets the end of a freshly parsed or edited position from the
// board alone: the king on the edge has escaped, a missing king has been
// captured, and (BrainKing) an enclosed king with white to move was taken by
// black's last move.
func (g *Game) staticEnd() {
	g.end, g.endSq = endNone, noSq
	switch {
	case g.king == noSq:
		g.end = endCaptured
	case edge[g.king]:
		g.end, g.endSq = endEscaped, g.king
	case g.r.kingRule == kingEnclosed && g.side == white && g.enclosed(int(g.king)):
		g.end, g.endSq = endCaptured, g.king
	}
}

// --- perft -----------------------------------------------------------------

// Perft counts the leaves of the legal move tree (a finished game has no
// moves), counting the last ply in bulk.
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth+1 {
		g.bufs = append(g.bufs, make([]rules.Move, 0, 128))
	}
	return g.perft(depth)
}

func (g *Game) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(g.countMoves())
	}
	moves := g.Moves(g.bufs[depth][:0])
	g.bufs[depth] = moves
	var n uint64
	for _, m := range moves {
		g.Play(m)
		n += g.perft(depth - 1)
		g.Unplay()
	}
	return n
}

// --- zobrist ---------------------------------------------------------------

var (
	zobrist     [4][nsq]uint64
	zobristSide uint64
)

func initZobrist() {
	next := splitmix.New(0x7ab1e7ab1e5eed).Next
	for p := 1; p < 4; p++ {
		for sq := 0; sq < nsq; sq++ {
			zobrist[p][sq] = next()
		}
	}
	zobristSide = next()
}
