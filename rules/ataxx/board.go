package ataxx

import (
	"fmt"
	"strings"

	"boardrepl/rules"
)

// Board describes the position for rendering: rank 7 at the top.
func (g *Game) Board() rules.Board {
	b := rules.Board{Rows: size, Cols: size, Cells: make([]rules.Cell, nsq), Colours: [2]rules.Colour{rules.Red, rules.Blue}}
	if n := len(g.stack); n > 0 {
		b.Last = g.MoveSquares(g.stack[n-1].move)
	}
	for f := 0; f < size; f++ {
		b.Files = append(b.Files, string(rune('a'+f)))
	}
	for r := size - 1; r >= 0; r-- {
		b.Ranks = append(b.Ranks, string(rune('1'+r)))
	}
	for row := 0; row < size; row++ {
		rank := size - 1 - row
		for f := 0; f < size; f++ {
			s := rank*size + f
			bit := uint64(1) << s
			c := b.At(row, f)
			c.Owner = -1
			c.Name = squareName(s)
			switch {
			case g.bb[0]&bit != 0:
				c.Piece, c.Owner = "x", 0
			case g.bb[1]&bit != 0:
				c.Piece, c.Owner = "o", 1
			case g.blocks&bit != 0:
				c.Special = rules.Block
			}
		}
	}
	red, blue := g.Counts()
	b.Notes = append(b.Notes,
		fmt.Sprintf("red (x) %d, blue (o) %d", red, blue),
		fmt.Sprintf("halfmove clock %d, fullmove %d", g.half, g.full))
	var rl []string
	if n := popcount(g.blocks); n > 0 {
		s := fmt.Sprintf("%d blocks", n)
		if g.blocksOpt != "" && g.hasSeed {
			s += fmt.Sprintf(" (blocks=%s pattern=%d)", g.blocksOpt, g.seed)
		}
		rl = append(rl, s)
	}
	if !g.fifty {
		rl = append(rl, "no fifty-move rule")
	}
	if len(rl) > 0 {
		b.Notes = append(b.Notes, strings.Join(rl, ", "))
	}
	return b
}

// SetSquare puts "x", "o" or "-" (a block) on a square, or clears it with
// "" or ".". Whatever was there before, block included, is replaced. The
// move history is cleared.
func (g *Game) SetSquare(square, piece string) error {
	s, ok := parseSquare(strings.ToLower(strings.TrimSpace(square)))
	if !ok {
		return fmt.Errorf("%q is not a square (a1 to g7)", square)
	}
	bit := uint64(1) << s
	var c int
	switch strings.TrimSpace(piece) {
	case "x", "X":
		c = 0
	case "o", "O":
		c = 1
	case "-":
		c = 2
	case "", ".":
		c = 3
	default:
		return fmt.Errorf("piece %q: want x (red), o (blue), - (block), or . to clear", piece)
	}
	g.bb[0] &^= bit
	g.bb[1] &^= bit
	g.blocks &^= bit
	switch c {
	case 0, 1:
		g.bb[c] |= bit
	case 2:
		g.blocks |= bit
	}
	g.edited()
	return nil
}

// SetSideToMove makes side (0 red, 1 blue) the side to move.
func (g *Game) SetSideToMove(side int) error {
	if side != 0 && side != 1 {
		return fmt.Errorf("side %d: want 0 (red) or 1 (blue)", side)
	}
	g.side = side
	g.edited()
	return nil
}

// edited clears the history after an edit; the position no longer comes
// from the block generator, so its options are dropped.
func (g *Game) edited() {
	g.stack = g.stack[:0]
	g.blocksOpt, g.hasSeed, g.seed = "", false, 0
	g.rehash()
}
