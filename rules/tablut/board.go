package tablut

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// Board describes the position for rendering: rank 9 at the top, special
// squares "castle" (e5), "camp" (Ashton's camps) and "escape" (Ashton: the
// squares drawn on the challenge board; BrainKing: every edge square, since
// the king escapes on any of them).
func (g *Game) Board() rules.Board {
	b := rules.Board{Rows: size, Cols: size, Cells: make([]rules.Cell, nsq), Colours: [2]rules.Colour{rules.White, rules.Black}}
	if n := len(g.stack); n > 0 {
		b.Last = g.MoveSquares(g.stack[n-1].move)
	}
	for f := 0; f < size; f++ {
		b.Files = append(b.Files, string(rune('a'+f)))
	}
	var counts [4]int
	for row := 0; row < size; row++ {
		rank := size - 1 - row
		b.Ranks = append(b.Ranks, strconv.Itoa(rank+1))
		for f := 0; f < size; f++ {
			sq := sqOf(f, rank)
			p := g.board[sq]
			counts[p]++
			c := rules.Cell{Owner: -1, Name: sqName[sq]}
			if p != empty {
				c.Piece = string(pieceLetter[p])
				c.Owner = ownerOf[p]
			}
			switch {
			case sq == castle:
				c.Special = rules.Castle
			case g.r.camp[sq]:
				c.Special = rules.Camp
			case g.r.escapeMark[sq]:
				c.Special = rules.Escape
			}
			b.Cells[row*size+f] = c
		}
	}
	kingNote := "no king"
	if g.king != noSq {
		kingNote = "the king on " + sqName[g.king]
	}
	// The repetition rule is in 'rules', not under every board.
	b.Notes = append(b.Notes, fmt.Sprintf("white: %s and %s; black: %s", soldiers(counts[whiteSoldier]), kingNote, soldiers(counts[blackSoldier])))
	return b
}

func soldiers(n int) string {
	if n == 1 {
		return "1 soldier"
	}
	return fmt.Sprintf("%d soldiers", n)
}

// SetSquare puts "W", "B" or "K" on a square, or clears it ("" or ".").
// Setting the king where there is one already moves him. It refuses a
// soldier on the castle and (Ashton) a white piece on a camp. The history
// is cleared.
func (g *Game) SetSquare(square, piece string) error {
	sq, ok := parseSquare(strings.TrimSpace(square))
	if !ok {
		return fmt.Errorf("square %q: want a file a-i and a rank 1-9, like e5", square)
	}
	var p uint8
	switch strings.TrimSpace(piece) {
	case "", ".":
		p = empty
	case "W":
		p = whiteSoldier
	case "B":
		p = blackSoldier
	case "K":
		p = king
	default:
		return fmt.Errorf("piece %q: want W (white soldier), B (black soldier), K (king) or . (empty)", piece)
	}
	board := g.board
	if p == king && g.king != noSq && int(g.king) != sq {
		// There is one king: setting him elsewhere moves him (as
		// TablutTactics' editor does).
		board[g.king] = empty
	}
	board[sq] = p
	return g.setBoard(board, g.side, endNone)
}

// SetSideToMove makes side (0 white, 1 black) the side to move and clears
// the history.
func (g *Game) SetSideToMove(side int) error {
	if side != white && side != black {
		return fmt.Errorf("side %d: want 0 (white) or 1 (black)", side)
	}
	return g.setBoard(g.board, uint8(side), endNone)
}
