package konobi

import "boardrepl/rules"

// Move ordering for the engine (rules.MoveOrderer): the points on the two
// colours' shortest connections first, the cut points (one point every
// shortest connection passes) above the others, then quiet moves next to a
// stone, then the rest.

var (
	_ rules.MoveOrderer = (*Game)(nil)
)

// Bits of orderCache.mark: a point on a shortest connection of the colour
// to place or of the other, and one that is a cut point of it.
const (
	ordOwnPath uint8 = 1 << iota
	ordOwnCut
	ordOppPath
	ordOppCut
)

// orderCache holds the marks of the position whose hash is hash, made by
// the last Evaluate or OrderMove; it is scratch, not part of the position.
type orderCache struct {
	mark  [maxCell]uint8
	hash  uint64
	valid bool
}

// clearOrder clears the marks for the current position and returns them to
// be filled.
func (g *Game) clearOrder() *[maxCell]uint8 {
	o := &g.order
	for r := 0; r < g.n; r++ {
		clear(o.mark[g.idx(r, 0):g.idx(r, g.n)])
	}
	o.hash, o.valid = g.hash, true
	return &o.mark
}

// OrderMove scores a move before the search: a point on both colours'
// shortest connections highest, a cut point (of either) above a plain
// point on one connection; these score above 0 and are never pruned as
// quiet. Off the connections, a point next to a stone scores 0 and one in
// the open -1. Pass and swap score 0.
func (g *Game) OrderMove(m rules.Move) int {
	if m == MovePass || m == MoveSwap {
		return 0
	}
	o := &g.order
	if !o.valid || o.hash != g.hash {
		me := g.SideToMove()
		on := g.clearOrder()
		g.connection(me, on, ordOwnPath, ordOwnCut)
		g.connection(1-me, on, ordOppPath, ordOppCut)
	}
	p := int(m)
	k := o.mark[p]
	s := 0
	if k&ordOwnPath != 0 {
		s += 20
		if k&ordOwnCut != 0 {
			s += 10
		}
	}
	if k&ordOppPath != 0 {
		s += 20
		if k&ordOppCut != 0 {
			s += 20
		}
	}
	if s > 0 {
		return s
	}
	w := g.w
	for _, d := range [8]int{1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1} {
		if c := g.cells[p+d]; c == black || c == white {
			return 0
		}
	}
	return -1
}
