package konobi

import "boardrepl/rules"

// The engine's view of Konobi: a cheap outcome test and a static evaluation
// from the side to move's view, built on connection distance: how many
// stones each colour still needs to join its two edges.

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

const wDistance = 100 // per stone of difference in connection distance

// Outcome reports whether the game is over and who won; Konobi has no
// draws. It agrees with Result.
func (g *Game) Outcome() (over bool, winner int) {
	if g.winner >= 0 {
		return true, int(g.winner)
	}
	return false, -1
}

// Distance returns the number of empty points colour side (0 black, 1
// white) must still fill to join its two edges through empty points and its
// own stones (orthogonal steps, and diagonal steps between two of its own
// stones, which count as linked for winning); the opponent's stones block.
// A colour that can no longer connect gets 2*N*N.
func (g *Game) Distance(side int) int {
	c := uint8(side + 1)
	n, w := g.n, g.w
	var dist [maxCell]uint16
	var dq [4 * maxCell]int16
	const inf = 0xffff
	for i := range dist[:w*w] {
		dist[i] = inf
	}
	head, tail := 2*maxCell, 2*maxCell // deque in dq[head:tail]
	for i := 0; i < n; i++ {
		p := g.idx(0, i) // black starts from rank 1
		if c == white {
			p = g.idx(i, 0) // white from file a
		}
		var d uint16
		switch g.cells[p] {
		case c:
			d = 0
		case empty:
			d = 1
		default:
			continue
		}
		dist[p] = d
		if d == 0 {
			head--
			dq[head] = int16(p)
		} else {
			dq[tail] = int16(p)
			tail++
		}
	}
	goal := uint8(edgeTop)
	if c == white {
		goal = edgeRight
	}
	orth := [4]int{1, -1, w, -w}
	diag := [4]int{w + 1, w - 1, -w + 1, -w - 1}
	for head < tail {
		p := int(dq[head])
		head++
		dp := dist[p]
		if g.edge[p]&goal != 0 {
			return int(dp) // 0-1 BFS pops in order of distance
		}
		for _, d := range orth {
			q := p + d
			var cost uint16
			switch g.cells[q] {
			case c:
			case empty:
				cost = 1
			default:
				continue
			}
			if nd := dp + cost; nd < dist[q] {
				dist[q] = nd
				if cost == 0 {
					head--
					dq[head] = int16(q)
				} else {
					dq[tail] = int16(q)
					tail++
				}
			}
		}
		if g.cells[p] == c {
			for _, d := range diag {
				q := p + d
				if g.cells[q] == c && dp < dist[q] {
					dist[q] = dp
					head--
					dq[head] = int16(q)
				}
			}
		}
	}
	return 2 * n * n
}

// Evaluate scores the position for the colour to place: the difference of
// the two connection distances.
func (g *Game) Evaluate() int {
	me := g.SideToMove()
	return wDistance * (g.Distance(1-me) - g.Distance(me))
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	me := g.SideToMove()
	return []rules.EvalTerm{
		{Name: "own distance", Value: -wDistance * g.Distance(me)},
		{Name: "opponent distance", Value: wDistance * g.Distance(1-me)},
	}
}
