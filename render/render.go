// Package render draws a rules.Board as text, with or without colour.
//
// It knows no game: it draws what the Board describes. Square boards are a
// grid with coordinates on every side; a two-row board whose cells carry
// labels (Oware) is drawn as pits, letters above and below and seed counts in
// parentheses. Special squares (blocks, camps, castle, escapes, owned edges)
// have their own marks; the squares of the last move are bracketed, squares
// captured by it are in parentheses, and marked squares (a piece's
// destinations) show a '+'.
package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"boardrepl/rules"

	"github.com/fatih/color"
)

// Style says how to draw.
type Style struct {
	Color   bool // ANSI colours
	Unicode bool // Unicode marks instead of ASCII
	Flip    bool // turn the board 180 degrees
	// Sides names the two sides (for edge marks and the legend).
	Sides [2]string
	// Last, Captured and Marked name cells (by Cell.Name) to highlight: the
	// squares of the last move, the squares it captured, and squares to mark
	// (destinations of a piece).
	Last, Captured, Marked []string
}

type palette struct {
	side    [2]*color.Color
	special map[string]*color.Color
	last    *color.Color
	capt    *color.Color
	mark    *color.Color
	label   *color.Color
	under   *color.Color
}

// sideColor picks a side's colour from its name, so Tablut's and Konobi's
// white and black look like white and black stones (on a grey or white
// background, readable in dark and light terminals alike); other sides keep
// their own hue.
func sideColor(name string, side int) *color.Color {
	switch name {
	case "red":
		return color.New(color.FgRed, color.Bold)
	case "blue":
		return color.New(color.FgBlue, color.Bold)
	case "white":
		return color.New(color.FgHiWhite, color.BgHiBlack, color.Bold)
	case "black":
		return color.New(color.FgBlack, color.BgWhite, color.Bold)
	case "north":
		return color.New(color.FgGreen, color.Bold)
	case "south":
		return color.New(color.FgMagenta, color.Bold)
	}
	if side == 0 {
		return color.New(color.FgRed, color.Bold)
	}
	return color.New(color.FgBlue, color.Bold)
}

func newPalette(on bool, sides [2]string) *palette {
	p := &palette{
		side:    [2]*color.Color{sideColor(sides[0], 0), sideColor(sides[1], 1)},
		special: map[string]*color.Color{},
		last:    color.New(color.FgCyan, color.Bold),
		capt:    color.New(color.FgMagenta, color.Bold),
		mark:    color.New(color.FgGreen, color.Bold),
		label:   color.New(color.Faint),
		under:   color.New(color.Underline),
	}
	p.special["block"] = color.New(color.FgHiBlack)
	p.special["camp"] = color.New(color.FgYellow)
	p.special["castle"] = color.New(color.FgMagenta)
	p.special["escape"] = color.New(color.FgGreen)
	all := []*color.Color{p.side[0], p.side[1], p.last, p.capt, p.mark, p.label, p.under}
	for _, c := range p.special {
		all = append(all, c)
	}
	for _, c := range all {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// Glyphs for empty cells, ASCII and Unicode.
var glyphs = map[string][2]string{
	"":       {".", "·"},
	"block":  {"#", "■"},
	"camp":   {":", "▫"},
	"castle": {"=", "▣"},
	"escape": {"*", "◇"},
	"mark":   {"+", "•"},
}

func glyph(name string, uni bool) string {
	g, ok := glyphs[name]
	if !ok {
		g = glyphs[""]
	}
	if uni {
		return g[1]
	}
	return g[0]
}

// IsPits reports whether a board is drawn as a row of pits (two rows, cells
// with labels).
func IsPits(b *rules.Board) bool {
	if b.Rows != 2 || len(b.Cells) != 2*b.Cols {
		return false
	}
	for _, c := range b.Cells {
		if c.Label == "" {
			return false
		}
	}
	return true
}

// Board draws a board. The text ends with a newline.
func Board(b rules.Board, st Style) string {
	if len(b.Cells) != b.Rows*b.Cols || b.Rows <= 0 || b.Cols <= 0 {
		return "(no board)\n"
	}
	p := newPalette(st.Color, st.Sides)
	var out strings.Builder
	if IsPits(&b) {
		pits(&out, b, st, p)
	} else {
		grid(&out, b, st, p)
	}
	for _, n := range b.Notes {
		out.WriteString(n)
		out.WriteByte('\n')
	}
	return out.String()
}

// trimLine removes the spaces that end the text written so far.
func trimLine(out *strings.Builder) {
	t := strings.TrimRight(out.String(), " ")
	out.Reset()
	out.WriteString(t)
}

func in(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// order returns the rows and columns in drawing order.
func order(n int, flip bool) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
		if flip {
			o[i] = n - 1 - i
		}
	}
	return o
}

func pad(s string, w int) string {
	n := utf8.RuneCountInString(s)
	if n >= w {
		return s
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}

func padLeft(s string, w int) string {
	n := utf8.RuneCountInString(s)
	if n >= w {
		return s
	}
	return strings.Repeat(" ", w-n) + s
}

// edgeMark is the frame mark for an owned edge: the side's initial (or its
// index when both sides share one), "*" for a corner both own.
func edgeMark(special string, st Style, p *palette) (string, bool) {
	initial := func(s int) string {
		a, b := st.Sides[0], st.Sides[1]
		if a == "" || b == "" || strings.EqualFold(a[:1], b[:1]) {
			return fmt.Sprint(s)
		}
		return strings.ToUpper(st.Sides[s][:1])
	}
	switch special {
	case "edge0":
		return p.side[0].Sprint(initial(0)), true
	case "edge1":
		return p.side[1].Sprint(initial(1)), true
	case "edge01":
		return "*", true
	}
	return "", false
}

func grid(out *strings.Builder, b rules.Board, st Style, p *palette) {
	rows, cols := order(b.Rows, st.Flip), order(b.Cols, st.Flip)
	rw := 0
	for _, r := range b.Ranks {
		rw = max(rw, utf8.RuneCountInString(r))
	}
	edges := false
	for _, c := range b.Cells {
		if strings.HasPrefix(c.Special, "edge") {
			edges = true
		}
	}
	files := func() {
		if b.Files == nil {
			return
		}
		var line strings.Builder
		for _, c := range cols {
			f := ""
			if c < len(b.Files) {
				f = b.Files[c]
			}
			line.WriteString(pad(f, 3))
		}
		out.WriteString(strings.Repeat(" ", rw+1))
		if edges {
			out.WriteString("  ")
		}
		out.WriteString(p.label.Sprint(strings.TrimRight(line.String(), " ")))
		out.WriteByte('\n')
	}
	// frameRow draws the owned-edge marks of the row r above or below.
	frameRow := func(r int) {
		out.WriteString(strings.Repeat(" ", rw+1))
		out.WriteString("  ")
		for _, c := range cols {
			m, ok := edgeMark(b.At(r, c).Special, st, p)
			if !ok {
				m = " "
			}
			out.WriteString(" " + m + " ")
		}
		trimLine(out)
		out.WriteByte('\n')
	}
	rank := func(r int) string {
		if r < len(b.Ranks) {
			return b.Ranks[r]
		}
		return ""
	}
	files()
	if edges {
		frameRow(rows[0])
	}
	for _, r := range rows {
		out.WriteString(p.label.Sprint(padLeft(rank(r), rw)))
		out.WriteByte(' ')
		if edges {
			m, ok := edgeMark(b.At(r, cols[0]).Special, st, p)
			if !ok {
				m = " "
			}
			out.WriteString(m + " ")
		}
		for _, c := range cols {
			out.WriteString(cell(b.At(r, c), st, p))
		}
		if edges {
			m, ok := edgeMark(b.At(r, cols[len(cols)-1]).Special, st, p)
			if !ok {
				m = " "
			}
			out.WriteString(" " + m)
		}
		out.WriteByte(' ')
		out.WriteString(p.label.Sprint(rank(r)))
		out.WriteByte('\n')
	}
	if edges {
		frameRow(rows[len(rows)-1])
	}
	files()
}

// cell draws one grid cell, three columns wide.
func cell(c *rules.Cell, st Style, p *palette) string {
	var body string
	special := c.Special
	if strings.HasPrefix(special, "edge") {
		special = ""
	}
	switch {
	case c.Piece != "":
		body = c.Piece
		if c.Owner == 0 || c.Owner == 1 {
			col := p.side[c.Owner]
			if special != "" {
				col = color.New(color.FgRed, color.Bold, color.Underline)
				if c.Owner == 1 {
					col = color.New(color.FgBlue, color.Bold, color.Underline)
				}
				if st.Color {
					col.EnableColor()
				} else {
					col.DisableColor()
				}
			}
			body = col.Sprint(body)
		}
	case in(st.Marked, c.Name):
		body = p.mark.Sprint(glyph("mark", st.Unicode))
	default:
		g := glyph(special, st.Unicode)
		if col, ok := p.special[special]; ok {
			g = col.Sprint(g)
		}
		body = g
	}
	switch {
	case in(st.Captured, c.Name):
		return p.capt.Sprint("(") + body + p.capt.Sprint(")")
	case in(st.Last, c.Name):
		return p.last.Sprint("[") + body + p.last.Sprint("]")
	}
	return " " + body + " "
}

// pits draws a two-row pit board: labels above the top row and below the
// bottom row, counts in parentheses (brackets for the pit just played,
// angle brackets for pits captured).
func pits(out *strings.Builder, b rules.Board, st Style, p *palette) {
	rows, cols := order(2, st.Flip), order(b.Cols, st.Flip)
	w := 3
	for _, c := range b.Cells {
		w = max(w, utf8.RuneCountInString(c.Piece)+2, utf8.RuneCountInString(c.Label))
	}
	w++
	labels := func(r int) {
		var line strings.Builder
		for _, c := range cols {
			line.WriteString(pad(b.At(r, c).Label, w))
		}
		out.WriteString(strings.TrimRight(p.label.Sprint(line.String()), " "))
		out.WriteByte('\n')
	}
	labels(rows[0])
	for _, r := range rows {
		var line strings.Builder
		for _, c := range cols {
			cl := b.At(r, c)
			n := cl.Piece
			if n == "" {
				n = "0"
			}
			if cl.Owner == 0 || cl.Owner == 1 {
				n = p.side[cl.Owner].Sprint(n)
			}
			open, close := "(", ")"
			var mc *color.Color
			switch {
			case in(st.Captured, cl.Name):
				open, close, mc = "<", ">", p.capt
			case in(st.Last, cl.Name):
				open, close, mc = "[", "]", p.last
			case in(st.Marked, cl.Name):
				open, close, mc = "+", "+", p.mark
			}
			if mc != nil {
				open, close = mc.Sprint(open), mc.Sprint(close)
			}
			vis := utf8.RuneCountInString(cl.Piece) + 2
			if cl.Piece == "" {
				vis = 3
			}
			left := (w - vis) / 2
			line.WriteString(strings.Repeat(" ", left) + open + n + close + strings.Repeat(" ", w-vis-left))
		}
		out.WriteString(strings.TrimRight(line.String(), " "))
		out.WriteByte('\n')
	}
	labels(rows[1])
}

// Legend explains the marks used for a board.
func Legend(b rules.Board, st Style) string {
	p := newPalette(st.Color, st.Sides)
	var out strings.Builder
	seen := map[string]bool{}
	var pieces [2][]string
	specials := map[string]bool{}
	for _, c := range b.Cells {
		if c.Piece != "" && (c.Owner == 0 || c.Owner == 1) && !IsPits(&b) && !seen[c.Piece] {
			seen[c.Piece] = true
			pieces[c.Owner] = append(pieces[c.Owner], c.Piece)
		}
		if c.Special != "" {
			specials[c.Special] = true
		}
	}
	for s := 0; s < 2; s++ {
		if IsPits(&b) {
			fmt.Fprintf(&out, "  %s  %s's pits and seeds\n", p.side[s].Sprint("(n)"), st.Sides[s])
			continue
		}
		if len(pieces[s]) > 0 {
			fmt.Fprintf(&out, "  %-6s %s\n", p.side[s].Sprint(strings.Join(pieces[s], " ")), st.Sides[s])
		}
	}
	if !IsPits(&b) {
		fmt.Fprintf(&out, "  %-6s empty square\n", glyph("", st.Unicode))
	}
	for _, s := range []struct{ name, text string }{
		{"block", "block: nobody may move there"},
		{"camp", "camp (an underlined piece stands on a special square)"},
		{"castle", "castle"},
		{"escape", "escape square"},
	} {
		if specials[s.name] {
			g := glyph(s.name, st.Unicode)
			fmt.Fprintf(&out, "  %-6s %s\n", p.special[s.name].Sprint(g), s.text)
		}
	}
	for s, e := range []string{"edge0", "edge1"} {
		if specials[e] {
			m, _ := edgeMark(e, st, p)
			fmt.Fprintf(&out, "  %-6s edge owned by %s\n", m, st.Sides[s])
		}
	}
	if specials["edge01"] {
		fmt.Fprintf(&out, "  %-6s corner owned by both sides\n", "*")
	}
	if IsPits(&b) {
		fmt.Fprintf(&out, "  %s  the pit just played; %s a pit captured by it\n", "[n]", "<n>")
	} else {
		fmt.Fprintf(&out, "  %-6s a square of the last move\n", "[x]")
		fmt.Fprintf(&out, "  %-6s a square captured by the last move\n", "(x)")
		fmt.Fprintf(&out, "  %-6s a destination of the piece shown by 'moves SQUARE'\n", glyph("mark", st.Unicode))
	}
	return out.String()
}

// MoveSquares lists the cell names a move's text mentions, in order,
// matching the longest name at each place ("e3-h3" -> e3 h3, "a1c3" -> a1
// c3, "A" -> A).
func MoveSquares(b *rules.Board, move string) []string {
	var out []string
	for i := 0; i < len(move); {
		best := ""
		for _, c := range b.Cells {
			if c.Name != "" && len(c.Name) > len(best) && strings.HasPrefix(move[i:], c.Name) {
				best = c.Name
			}
		}
		if best == "" {
			i++
			continue
		}
		out = append(out, best)
		i += len(best)
	}
	return out
}
