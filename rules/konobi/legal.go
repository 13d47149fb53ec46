package konobi

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/splitmix"
)

// legal reports whether colour c may place a stone on the empty point p.
// Only the 3x3 neighbourhood of p and, for a weak connection to S, the
// neighbourhood of S's orthogonal neighbours are looked at.
func (g *Game) legal(p int, c uint8) bool {
	o := 3 - c
	w := g.w
	cells := &g.cells
	for k := 0; k < 4; k++ {
		dv, dh := w, 1
		if k&1 != 0 {
			dv = -w
		}
		if k&2 != 0 {
			dh = -1
		}
		if cells[p+dv+dh] != c {
			continue
		}
		a, b := cells[p+dv], cells[p+dh]
		if a == o && b == o {
			return false // crosscut
		}
		if a != c && b != c && g.strongAlt(p+dv+dh, c) >= 0 {
			return false // needless weak connection
		}
	}
	return true
}

// strongAlt returns an empty point Q orthogonally adjacent to the stone s
// (colour c) where a stone of colour c would make no weak connection, or -1.
func (g *Game) strongAlt(s int, c uint8) int {
	w := g.w
	for _, d := range [4]int{w, 1, -w, -1} {
		q := s + d
		if g.cells[q] == empty && !g.weakAt(q, c) {
			return q
		}
	}
	return -1
}

// weakAt reports whether a stone of colour c on q would be weakly connected
// to some stone: a diagonal neighbour of colour c with which it shares no
// neighbour of colour c.
func (g *Game) weakAt(q int, c uint8) bool {
	w := g.w
	cells := &g.cells
	for k := 0; k < 4; k++ {
		dv, dh := w, 1
		if k&1 != 0 {
			dv = -w
		}
		if k&2 != 0 {
			dh = -1
		}
		if cells[q+dv+dh] == c && cells[q+dv] != c && cells[q+dh] != c {
			return true
		}
	}
	return false
}

// whyIllegal explains why colour c may not place on p, or returns "".
// A crosscut is reported before a needless weak connection.
func (g *Game) whyIllegal(p int, c uint8) string {
	switch g.cells[p] {
	case black:
		return g.PointName(p) + " is occupied by a black stone"
	case white:
		return g.PointName(p) + " is occupied by a white stone"
	}
	o := 3 - c
	w := g.w
	dirs := [4][2]int{{w, 1}, {w, -1}, {-w, 1}, {-w, -1}}
	for _, d := range dirs {
		s := p + d[0] + d[1]
		if g.cells[s] == c && g.cells[p+d[0]] == o && g.cells[p+d[1]] == o {
			lo, hi := p, s
			if lo > hi {
				lo, hi = hi, lo
			}
			// lower-left and upper-right corners of the square
			rlo, clo := g.rc(lo)
			rhi, chi := g.rc(hi)
			if clo > chi {
				clo, chi = chi, clo
			}
			return fmt.Sprintf("%s would form a crosscut in the square %s-%s",
				g.PointName(p), g.PointName(g.idx(rlo, clo)), g.PointName(g.idx(rhi, chi)))
		}
	}
	for _, d := range dirs {
		s := p + d[0] + d[1]
		if g.cells[s] == c && g.cells[p+d[0]] != c && g.cells[p+d[1]] != c {
			if q := g.strongAlt(s, c); q >= 0 {
				return fmt.Sprintf("%s would be weakly connected to %s, which has a strong alternative at %s",
					g.PointName(p), g.PointName(s), g.PointName(q))
			}
		}
	}
	return ""
}

// point reads "d4" (either case) on this board; ok is false for text that
// is not a point at all, err set for a point off the board.
func (g *Game) point(s string) (int, bool, error) {
	if len(s) < 2 || len(s) > 4 {
		return 0, false, nil
	}
	f := s[0]
	if f >= 'A' && f <= 'Z' {
		f += 'a' - 'A'
	}
	if f < 'a' || f > 'z' {
		return 0, false, nil
	}
	rk := s[1:]
	if rk[0] < '1' || rk[0] > '9' {
		return 0, false, nil
	}
	r, err := strconv.Atoi(rk)
	if err != nil {
		return 0, false, nil
	}
	c := int(f - 'a')
	if c >= g.n || r > g.n {
		return 0, true, fmt.Errorf("%c%d is off the board (files a-%c, ranks 1-%d)", f, r, 'a'+g.n-1, g.n)
	}
	return g.idx(r-1, c), true, nil
}

// ParseMove reads a point ("d4", upper case accepted), "pass" or "swap" and
// checks that it is legal now.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	t := strings.TrimSpace(s)
	lt := strings.ToLower(t)
	if t == "" {
		return 0, fmt.Errorf("empty move: want a point such as d4, or pass or swap")
	}
	over := func() error {
		return fmt.Errorf("game is over (%s)", g.Result().Reason)
	}
	col := g.SideName(g.SideToMove())
	switch lt {
	case "pass":
		if g.winner >= 0 {
			return 0, over()
		}
		if p, ok := g.hasPlacement(); ok {
			return 0, fmt.Errorf("pass is not allowed: %s has a legal placement (%s)", col, g.PointName(p))
		}
		return MovePass, nil
	case "swap":
		if g.winner >= 0 {
			return 0, over()
		}
		if !g.swapAvail {
			return 0, fmt.Errorf("swap is not available now: only white may swap, on white's first turn, instead of placing")
		}
		return MoveSwap, nil
	}
	p, ok, err := g.point(t)
	if !ok {
		return 0, fmt.Errorf("not a move: want a point such as d4 (files a-%c, ranks 1-%d), pass or swap", 'a'+g.n-1, g.n)
	}
	if err != nil {
		return 0, err
	}
	if g.winner >= 0 {
		return 0, over()
	}
	if why := g.whyIllegal(p, g.toMove); why != "" {
		return 0, fmt.Errorf("%s", why)
	}
	return rules.Move(p), nil
}

// wins reports whether the stone just placed on p (colour c) belongs to a
// chain, diagonals included, that touches both edges of its colour.
func (g *Game) wins(p int, c uint8) bool {
	want := uint8(edgeTop | edgeBottom)
	if c == white {
		want = edgeLeft | edgeRight
	}
	return g.flood(p, c)&want == want
}

// flood visits the 8-connected group of colour c through p and returns the
// union of its edge bits. It stops early once both edges of c are reached.
func (g *Game) flood(p int, c uint8) uint8 {
	want := uint8(edgeTop | edgeBottom)
	if c == white {
		want = edgeLeft | edgeRight
	}
	g.epoch++
	if g.epoch == 0 {
		for i := range g.mark {
			g.mark[i] = 0
		}
		g.epoch = 1
	}
	ep := g.epoch
	w := g.w
	nb := [8]int{1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1}
	sp := 0
	g.stack[sp] = int16(p)
	sp++
	g.mark[p] = ep
	var got uint8
	for sp > 0 {
		sp--
		q := int(g.stack[sp])
		got |= g.edge[q]
		if got&want == want {
			return got
		}
		for _, d := range nb {
			x := q + d
			if g.cells[x] == c && g.mark[x] != ep {
				g.mark[x] = ep
				g.stack[sp] = int16(x)
				sp++
			}
		}
	}
	return got
}

// scanWin reports whether colour c has a winning chain anywhere.
func (g *Game) scanWin(c uint8) bool {
	for i := 0; i < g.n; i++ {
		// start from the first edge of c: rank 1 for black, file a for white
		p := g.idx(0, i)
		if c == white {
			p = g.idx(i, 0)
		}
		if g.cells[p] == c && g.wins(p, c) {
			return true
		}
	}
	return false
}

var (
	zStone [2][maxCell]uint64
	zSide  uint64
	zSwap  uint64
)

func init() {
	next := splitmix.New(0x6b6f6e6f6269).Next // "konobi"
	for c := range zStone {
		for i := range zStone[c] {
			zStone[c][i] = next()
		}
	}
	zSide = next()
	zSwap = next()
}

func (g *Game) rehash() {
	var h uint64
	for p := range g.cells {
		switch g.cells[p] {
		case black:
			h ^= zStone[0][p]
		case white:
			h ^= zStone[1][p]
		}
	}
	if g.toMove == white {
		h ^= zSide
	}
	if g.swapAvail {
		h ^= zSwap
	}
	g.hash = h
}
