package gtp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Coords is how GTP vertices name Konobi's files: Konobi (like HexGUI and
// benzene's Hex engines) names them a, b, c... with every letter; GTP (the
// specification, GNU Go, gogui and its tools) skips the letter I, so that
// on boards of 9 points or more a column's letter differs from J on.
type Coords int

const (
	// GoCoords: columns A-H, J-Z (no I), written in upper case (D4), as
	// the GTP specification and gogui read and write them.
	GoCoords Coords = iota
	// HexCoords: columns a-y with every letter, written in lower case
	// (d4), as Konobi, HexGUI and benzene write them.
	HexCoords
)

func (c Coords) String() string {
	if c == HexCoords {
		return "hex"
	}
	return "go"
}

// ParseCoords reads "go" or "hex".
func ParseCoords(s string) (Coords, error) {
	switch strings.ToLower(s) {
	case "go", "gtp":
		return GoCoords, nil
	case "hex", "konobi":
		return HexCoords, nil
	}
	return 0, fmt.Errorf("coordinates %q: want go (columns without I, as gogui) or hex (every letter, as HexGUI)", s)
}

// letter is the column letter of file col (0 = the first), in the
// convention's case.
func (c Coords) letter(col int) byte {
	if c == GoCoords {
		if col >= 8 {
			col++ // no I
		}
		return 'A' + byte(col)
	}
	return 'a' + byte(col)
}

// column reads a column letter (either case): the file's index, or an
// error for a letter the convention does not use.
func (c Coords) column(ch byte) (int, error) {
	ch |= 0x20 // lower case
	col := int(ch - 'a')
	if c == GoCoords {
		if ch == 'i' {
			return 0, fmt.Errorf("GTP has no column I (H is followed by J); Konobi's letters a, b, c... are read with --coords hex")
		}
		if ch > 'i' {
			col--
		}
	}
	return col, nil
}

// span names the columns and rows of a board of n points: "columns A-H,
// rows 1-8".
func (c Coords) span(n int) string {
	return fmt.Sprintf("columns %c-%c, rows 1-%d", c.letter(0), c.letter(n-1), n)
}

// vertex is a GTP vertex read for a board: a point (its Konobi name, such
// as "d4"), a pass or a swap.
type vertex struct {
	point string // Konobi's name of the point; "" for pass and swap
	pass  bool
	swap  bool
}

// text is the vertex in Konobi's notation, as its ParseMove reads it.
func (v vertex) text() string {
	switch {
	case v.pass:
		return "pass"
	case v.swap:
		return "swap"
	}
	return v.point
}

// errOffBoard marks a well-formed vertex outside the board (an illegal
// move, where a malformed vertex is a syntax error).
type errOffBoard struct{ msg string }

func (e errOffBoard) Error() string { return e.msg }

// parseVertex reads a GTP vertex (case-insensitive) on a board of n points:
// a point such as D4, "pass", or a swap, written "swap" (Konobi, LittleGolem),
// "swap-sides" (the players exchange colours, the stone stays: Konobi's pie
// rule) or "swap-pieces" (what HexGUI sends for every swap; its own board
// then keeps the stone and gives White the next move, which is Konobi's swap
// again).
func (c Coords) parseVertex(s string, n int) (vertex, error) {
	switch strings.ToLower(s) {
	case "pass":
		return vertex{pass: true}, nil
	case "swap", "swap-sides", "swap-pieces":
		return vertex{swap: true}, nil
	}
	bad := func() (vertex, error) {
		return vertex{}, fmt.Errorf("%q is not a vertex: want a point such as %c%d, pass or swap", s, c.letter(min(3, n-1)), min(4, n))
	}
	if len(s) < 2 || len(s) > 3 {
		return bad()
	}
	ch := s[0] | 0x20
	if ch < 'a' || ch > 'z' || s[1] < '1' || s[1] > '9' {
		return bad()
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil {
		return bad()
	}
	col, err := c.column(ch)
	if err != nil {
		return vertex{}, fmt.Errorf("%q is not a vertex: %v", s, err)
	}
	if col >= n || row > n {
		return vertex{}, errOffBoard{fmt.Sprintf("%c%d is off the %dx%d board (%s)", c.letter(col), row, n, n, c.span(n))}
	}
	return vertex{point: string(rune('a'+col)) + strconv.Itoa(row)}, nil
}

// format writes a move in Konobi's notation ("d4", "pass", "swap") as a
// GTP vertex.
func (c Coords) format(move string) string {
	if len(move) < 2 || move[0] < 'a' || move[0] > 'z' || move[1] < '1' || move[1] > '9' {
		return move // pass, swap
	}
	return string(c.letter(int(move[0]-'a'))) + move[1:]
}

// konobiPoint matches a point named in Konobi's notation inside a message
// of the rules ("d4 would form a crosscut in the square c3-d4").
var konobiPoint = regexp.MustCompile(`\b[a-y][1-9][0-9]?\b`)

// reword writes the points that a message of the rules names as GTP
// vertices, so that a reason names points as the controller does.
func (c Coords) reword(msg string) string {
	return konobiPoint.ReplaceAllStringFunc(msg, c.format)
}
