package konobi

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// Board describes the position for rendering: black's edges (top and
// bottom ranks) are "edge0", white's (a-file and last file) "edge1", the
// corners "edge01".
func (g *Game) Board() rules.Board {
	n := g.n
	b := rules.Board{Rows: n, Cols: n, Cells: make([]rules.Cell, 0, n*n), Colours: [2]rules.Colour{rules.Black, rules.White}, Placement: true}
	if k := len(g.hist); k > 0 {
		b.Last = g.MoveSquares(g.hist[k-1].move)
	}
	for c := 0; c < n; c++ {
		b.Files = append(b.Files, string(rune('a'+c)))
	}
	for r := n - 1; r >= 0; r-- {
		b.Ranks = append(b.Ranks, strconv.Itoa(r+1))
		for c := 0; c < n; c++ {
			p := g.idx(r, c)
			cell := rules.Cell{Owner: -1, Name: g.PointName(p)}
			switch g.cells[p] {
			case black:
				cell.Piece, cell.Owner = "B", 0
			case white:
				cell.Piece, cell.Owner = "W", 1
			}
			e := g.edge[p]
			bl := e&(edgeTop|edgeBottom) != 0
			wh := e&(edgeLeft|edgeRight) != 0
			switch {
			case bl && wh:
				cell.Special = rules.EdgeBoth
			case bl:
				cell.Special = rules.Edge0
			case wh:
				cell.Special = rules.Edge1
			}
			b.Cells = append(b.Cells, cell)
		}
	}
	b.Notes = append(b.Notes, "black joins top and bottom, white joins left and right")
	switch {
	case g.winner >= 0:
		b.Notes = append(b.Notes, rules.FormatResult(g, g.Result()))
	case g.swapAvail:
		b.Notes = append(b.Notes, "white to move: place a stone or swap")
	default:
		if _, ok := g.hasPlacement(); !ok {
			b.Notes = append(b.Notes, g.SideName(g.SideToMove())+" has no legal placement and must pass")
		}
	}
	return b
}

// SetSquare puts "B" or "W" on a point, or clears it with "" or ".". The
// history is cleared. An edit after which both colours join their edges is
// refused. The swap flag is recomputed: White may swap when White is to
// place and the only stone on the board is black.
func (g *Game) SetSquare(square, piece string) error {
	p, ok, err := g.point(strings.TrimSpace(square))
	if !ok {
		return fmt.Errorf("%q is not a point (files a-%c, ranks 1-%d)", square, 'a'+g.n-1, g.n)
	}
	if err != nil {
		return err
	}
	var v uint8
	switch strings.TrimSpace(piece) {
	case "", ".":
		v = empty
	case "B", "b":
		v = black
	case "W", "w":
		v = white
	default:
		return fmt.Errorf("piece %q: want B, W, or . to clear", piece)
	}
	old := g.cells[p]
	g.cells[p] = v
	if err := g.setWinnerFromScan(); err != nil {
		g.cells[p] = old
		_ = g.setWinnerFromScan()
		return fmt.Errorf("%s: %v", g.PointName(p), err)
	}
	if old != empty {
		g.stones--
	}
	if v != empty {
		g.stones++
	}
	g.afterEdit()
	return nil
}

// SetSideToMove sets the colour to place (0 black, 1 white); the history
// is cleared and the swap flag recomputed as in SetSquare.
func (g *Game) SetSideToMove(side int) error {
	switch side {
	case 0:
		g.toMove = black
	case 1:
		g.toMove = white
	default:
		return fmt.Errorf("side %d: want 0 (black) or 1 (white)", side)
	}
	g.afterEdit()
	return nil
}

func (g *Game) afterEdit() {
	g.hist = g.hist[:0]
	g.swapAvail = false
	if g.toMove == white && g.stones == 1 {
		for p := range g.cells {
			if g.cells[p] == black {
				g.swapAvail = true
			}
		}
	}
	g.rehash()
}
