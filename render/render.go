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
	// squares of the last move (the board's own Last when nil), the squares
	// it captured, and squares to mark (destinations of a piece).
	Last, Captured, Marked []string
}

type palette struct {
	side    [2]*color.Color
	under   [2]*color.Color // a side's piece on a special square: underlined
	special map[rules.Special]*color.Color
	last    *color.Color
	capt    *color.Color
	mark    *color.Color
	label   *color.Color
}

// sideColor is how a side's pieces look. Every piece carries its own
// background, so it reads the same on a dark and on a light terminal: a
// white piece is a black letter on white, a black piece a white letter on
// black, red and blue pieces white letters on red and blue. Sides the game
// gives no colour (Oware's north and south) are black on yellow and black
// on cyan.
func sideAttrs(c rules.Colour, side int) []color.Attribute {
	switch c {
	case rules.White:
		return []color.Attribute{color.FgBlack, color.BgHiWhite, color.Bold}
	case rules.Black:
		return []color.Attribute{color.FgHiWhite, color.BgBlack, color.Bold}
	case rules.Red:
		return []color.Attribute{color.FgHiWhite, color.BgRed, color.Bold}
	case rules.Blue:
		return []color.Attribute{color.FgHiWhite, color.BgBlue, color.Bold}
	}
	if side == 0 {
		return []color.Attribute{color.FgBlack, color.BgYellow}
	}
	return []color.Attribute{color.FgBlack, color.BgCyan}
}

// The marks use mid-tone colours that stand out on black and on white alike
// (contrast ratio 3.5 or more against both). No such colour is left for the
// destinations 'moves SQUARE' marks, apart from the escapes' magenta: they
// carry their own background, as pieces do (black on green).
func newPalette(on bool, cols [2]rules.Colour) *palette {
	p := &palette{
		side:    [2]*color.Color{color.New(sideAttrs(cols[0], 0)...), color.New(sideAttrs(cols[1], 1)...)},
		under:   [2]*color.Color{color.New(append(sideAttrs(cols[0], 0), color.Underline)...), color.New(append(sideAttrs(cols[1], 1), color.Underline)...)},
		special: map[rules.Special]*color.Color{},
		last:    color.New(color.FgHiBlue, color.Bold),
		capt:    color.New(color.FgHiRed, color.Bold),
		mark:    color.New(color.FgBlack, color.BgGreen),
		label:   color.New(color.Faint),
	}
	p.special[rules.Block] = color.New(color.FgHiBlack)
	p.special[rules.Camp] = color.New(color.FgHiBlack)
	p.special[rules.Castle] = color.New(color.FgRed)
	p.special[rules.Escape] = color.New(color.FgMagenta)
	all := []*color.Color{p.side[0], p.side[1], p.under[0], p.under[1], p.last, p.capt, p.mark, p.label}
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
var glyphs = map[rules.Special][2]string{
	rules.Plain:  {".", "·"},
	rules.Block:  {"#", "■"},
	rules.Camp:   {":", "▫"},
	rules.Castle: {"=", "▣"},
	rules.Escape: {"*", "◇"},
	markGlyph:    {"+", "•"},
}

// markGlyph is the glyph of a marked square (a destination).
const markGlyph rules.Special = "mark"

func glyph(name rules.Special, uni bool) string {
	g, ok := glyphs[name]
	if !ok {
		g = glyphs[""]
	}
	if uni {
		return g[1]
	}
	return g[0]
}

// IsPits reports whether a board is drawn as two rows of pits.
func IsPits(b *rules.Board) bool {
	return b.Layout == rules.Pits && b.Rows == 2 && len(b.Cells) == 2*b.Cols
}

// Board draws a board. The text ends with a newline.
func Board(b rules.Board, st Style) string {
	if len(b.Cells) != b.Rows*b.Cols || b.Rows <= 0 || b.Cols <= 0 {
		return "(no board)\n"
	}
	p := newPalette(st.Color, b.Colours)
	if st.Last == nil {
		st.Last = b.Last
	}
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

// padVisible pads text that may hold colour codes to w visible columns.
func padVisible(s string, visible, w int) string {
	if visible >= w {
		return s
	}
	return s + strings.Repeat(" ", w-visible)
}

// edgeMark is the frame mark for an owned edge: the side's initial (or its
// index when both sides share one), "*" for a corner both own.
func edgeMark(special rules.Special, st Style, p *palette) (string, bool) {
	initial := func(s int) string {
		a, b := st.Sides[0], st.Sides[1]
		if a == "" || b == "" || strings.EqualFold(a[:1], b[:1]) {
			return fmt.Sprint(s)
		}
		return strings.ToUpper(st.Sides[s][:1])
	}
	switch special {
	case rules.Edge0:
		return p.side[0].Sprint(initial(0)), true
	case rules.Edge1:
		return p.side[1].Sprint(initial(1)), true
	case rules.EdgeBoth:
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
		if c.Special.IsEdge() {
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
	if special.IsEdge() {
		special = rules.Plain
	}
	switch {
	case c.Piece != "":
		body = c.Piece
		if c.Owner == 0 || c.Owner == 1 {
			col := p.side[c.Owner]
			if special != rules.Plain {
				col = p.under[c.Owner]
			}
			body = col.Sprint(body)
		}
	case in(st.Marked, c.Name):
		body = p.mark.Sprint(glyph(markGlyph, st.Unicode))
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
// angle brackets for pits captured), and arrows at the end of each row
// showing which way the seeds go round.
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
	arrows := sowingArrows(b.Sowing, st.Unicode)
	labels(rows[0])
	for i, r := range rows {
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
		text := strings.TrimRight(line.String(), " ")
		if arrows[i] != "" {
			text += "  " + arrows[i]
		}
		out.WriteString(text)
		out.WriteByte('\n')
	}
	labels(rows[1])
}

// sowingArrows are the marks after the top and the bottom row for seeds
// going round in direction d (a board turned 180 degrees goes round the
// same way as drawn).
func sowingArrows(d rules.Direction, uni bool) [2]string {
	left, right := "<-", "->"
	if uni {
		left, right = "←", "→"
	}
	switch d {
	case rules.Counterclockwise:
		return [2]string{left, right}
	case rules.Clockwise:
		return [2]string{right, left}
	}
	return [2]string{}
}

// Legend explains the marks used for a board.
func Legend(b rules.Board, st Style) string {
	p := newPalette(st.Color, b.Colours)
	var out strings.Builder
	seen := map[string]bool{}
	var pieces [2][]string
	specials := map[rules.Special]bool{}
	for _, c := range b.Cells {
		if c.Piece != "" && (c.Owner == 0 || c.Owner == 1) && !IsPits(&b) && !seen[c.Piece] {
			seen[c.Piece] = true
			pieces[c.Owner] = append(pieces[c.Owner], c.Piece)
		}
		if c.Special != rules.Plain {
			specials[c.Special] = true
		}
	}
	// line writes a mark (visible width vis) and its meaning, the meanings
	// aligned in one column.
	const col = 8
	line := func(mark string, vis int, text string) {
		fmt.Fprintf(&out, "  %s %s\n", padVisible(mark, vis, col), text)
	}
	for s := 0; s < 2; s++ {
		if IsPits(&b) {
			line(p.side[s].Sprint("(n)"), 3, st.Sides[s]+"'s pits and seeds")
			continue
		}
		if len(pieces[s]) > 0 {
			var marks []string
			for _, pc := range pieces[s] {
				marks = append(marks, p.side[s].Sprint(pc))
			}
			text := strings.Join(pieces[s], " ")
			line(strings.Join(marks, " "), utf8.RuneCountInString(text), st.Sides[s])
		}
	}
	if !IsPits(&b) {
		line(glyph(rules.Plain, st.Unicode), 1, "empty square")
	}
	for _, s := range []struct {
		kind rules.Special
		text string
	}{
		{rules.Block, "block: nobody may move there"},
		{rules.Camp, "camp"},
		{rules.Castle, "castle"},
		{rules.Escape, "escape square"},
	} {
		if specials[s.kind] {
			line(p.special[s.kind].Sprint(glyph(s.kind, st.Unicode)), 1, s.text)
		}
	}
	if st.Color && (specials[rules.Camp] || specials[rules.Castle]) {
		line("K", 1, "an underlined piece stands on a camp or the castle")
	}
	for s, e := range []rules.Special{rules.Edge0, rules.Edge1} {
		if specials[e] {
			m, _ := edgeMark(e, st, p)
			line(m, 1, "edge owned by "+st.Sides[s])
		}
	}
	if specials[rules.EdgeBoth] {
		line("*", 1, "corner owned by both sides")
	}
	if IsPits(&b) {
		line(p.last.Sprint("[")+"n"+p.last.Sprint("]"), 3, "the pit just played")
		line(p.capt.Sprint("<")+"n"+p.capt.Sprint(">"), 3, "a pit captured by it")
		if a := sowingArrows(b.Sowing, st.Unicode); a[0] != "" {
			dir := "counter-clockwise"
			if b.Sowing == rules.Clockwise {
				dir = "clockwise"
			}
			line(a[0]+" "+a[1], utf8.RuneCountInString(a[0]+" "+a[1]), "the way seeds go round ("+dir+")")
		}
	} else {
		line(p.last.Sprint("[")+"x"+p.last.Sprint("]"), 3, "a square of the last move")
		if !b.Placement {
			line(p.capt.Sprint("(")+"x"+p.capt.Sprint(")"), 3, "a square captured by the last move")
			line(p.mark.Sprint(glyph(markGlyph, st.Unicode)), 1, "a destination of the piece shown by 'moves SQUARE'")
		}
	}
	return out.String()
}
