package render

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/analysis"
)

// SVG pictures: a board diagram (BoardSVG) and an evaluation graph
// (GraphSVG), for puzzle sheets, documents and web pages. Like the text
// boards they know no game: they draw what a rules.Board describes. Every
// drawn thing carries a class (and the board's the square's name in
// data-square) so that programs and tests can read the picture back.

const (
	cellSize = 48
	margin   = 28 // room for the coordinates
)

// svgPiece fills and strokes the pieces by the colour the game gives its
// sides; sides without a colour (Oware's) take green and purple.
var svgPiece = map[rules.Colour][2]string{ // fill, stroke
	rules.White: {"#fafafa", "#333333"},
	rules.Black: {"#222222", "#000000"},
	rules.Red:   {"#d62828", "#7a1010"},
	rules.Blue:  {"#1d5fbf", "#0c2f66"},
}

// svgSpecial fills the special squares.
var svgSpecial = map[rules.Special]string{
	rules.Castle: "#8d6e63",
	rules.Camp:   "#b89468",
	rules.Escape: "#a5d6a7",
	rules.Block:  "#555555",
}

func pieceColors(cols [2]rules.Colour, owner int) (fill, stroke string) {
	if owner < 0 || owner > 1 {
		return "#999999", "#444444"
	}
	if c, ok := svgPiece[cols[owner]]; ok {
		return c[0], c[1]
	}
	if owner == 0 {
		return "#2a9d55", "#145a2e"
	}
	return "#9b2a9d", "#571458"
}

// darkFill reports whether a letter on that fill should be white.
func darkFill(fill string) bool {
	return fill != svgPiece[rules.White][0]
}

// svgWriter writes elements with escaped attributes.
type svgWriter struct {
	b strings.Builder
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), `"`, "&#34;")
}

// el writes <name k="v"...>text</name> (self-closed without text); attrs
// alternate names and values.
func (w *svgWriter) el(name, text string, attrs ...string) {
	w.b.WriteString("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		fmt.Fprintf(&w.b, ` %s="%s"`, attrs[i], esc(attrs[i+1]))
	}
	if text == "" {
		w.b.WriteString("/>\n")
		return
	}
	w.b.WriteString(">" + esc(text) + "</" + name + ">\n")
}

func (w *svgWriter) open(width, height int, title string) {
	fmt.Fprintf(&w.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif">`+"\n",
		width, height, width, height)
	if title != "" {
		w.el("title", title)
	}
	w.el("rect", "", "class", "background", "x", "0", "y", "0", "width", itoa(width), "height", itoa(height), "fill", "#ffffff")
}

func itoa(n int) string { return strconv.Itoa(n) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// BoardSVG writes b as an SVG diagram: the squares (special ones filled
// and classed "special SPECIAL"), the pieces (circles classed "piece
// sideN", with their letter when it is not the side's plain man), the
// squares of the last move (st.Last, framed, class "last"), the captured
// squares (st.Captured, crossed, class "captured"), and the coordinates on
// every side (class "coord"). A two-row board whose cells carry labels
// (Oware) is drawn as pits with their seed counts. Notes (scores) are
// written below. title, when not empty, is the picture's title.
func BoardSVG(out io.Writer, b *rules.Board, st Style, title string) error {
	if b.Rows <= 0 || b.Cols <= 0 || len(b.Cells) != b.Rows*b.Cols {
		return fmt.Errorf("svg: the board has no cells")
	}
	pits := IsPits(b)
	last := st.Last
	if last == nil {
		last = b.Last
	}
	w := &svgWriter{}
	width := 2*margin + b.Cols*cellSize
	for _, n := range b.Notes {
		width = max(width, 2*margin+len(n)*8) // about 8 pixels a letter at 14 px
	}
	left := (width - b.Cols*cellSize) / 2 // the board is centred
	notesH := 22 * len(b.Notes)
	titleH := 0
	if title != "" {
		titleH = 26
	}
	height := 2*margin + b.Rows*cellSize + notesH + titleH
	w.open(width, height, title)
	if title != "" {
		w.el("text", title, "class", "caption", "x", itoa(width/2), "y", "20", "text-anchor", "middle", "font-size", "16")
	}
	top := margin + titleH
	// where returns the drawing row and column of board cell (r, c).
	where := func(r, c int) (int, int) {
		if st.Flip {
			return b.Rows - 1 - r, b.Cols - 1 - c
		}
		return r, c
	}
	boardFill := "#f0d9b5"
	if pits {
		boardFill = "#c8a165"
	}
	w.el("rect", "", "class", "board", "x", itoa(left), "y", itoa(top), "width", itoa(b.Cols*cellSize),
		"height", itoa(b.Rows*cellSize), "fill", boardFill, "stroke", "#5d4037", "stroke-width", "2")
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			cell := b.At(r, c)
			dr, dc := where(r, c)
			x, y := left+dc*cellSize, top+dr*cellSize
			cx, cy := x+cellSize/2, y+cellSize/2
			class := "cell"
			fill := "none"
			if cell.Special != "" {
				class += " special " + string(cell.Special)
				if f, ok := svgSpecial[cell.Special]; ok {
					fill = f
				}
			}
			if pits {
				w.el("circle", "", "class", class+" pit", "data-square", cell.Name, "cx", itoa(cx), "cy", itoa(cy),
					"r", itoa(cellSize/2-4), "fill", "#a47c48", "stroke", "#5d4037")
			} else {
				w.el("rect", "", "class", class, "data-square", cell.Name, "x", itoa(x), "y", itoa(y),
					"width", itoa(cellSize), "height", itoa(cellSize), "fill", fill, "stroke", "#8d6e63", "stroke-width", "1")
				if cell.Special.IsEdge() {
					// An owned edge: a strip in the owners' colours.
					for _, o := range strings.TrimPrefix(string(cell.Special), "edge") {
						f, _ := pieceColors(b.Colours, int(o-'0'))
						w.el("rect", "", "class", "edge side"+string(o), "data-square", cell.Name, "x", itoa(x+3), "y", itoa(y+3),
							"width", itoa(cellSize-6), "height", itoa(cellSize-6), "fill", f, "fill-opacity", "0.45", "stroke", "none")
					}
				}
			}
			if contains(last, cell.Name) {
				w.el("rect", "", "class", "last", "data-square", cell.Name, "x", itoa(x+1), "y", itoa(y+1),
					"width", itoa(cellSize-2), "height", itoa(cellSize-2), "fill", "#f6f669", "fill-opacity", "0.55",
					"stroke", "#c9a800", "stroke-width", "3")
			}
			switch {
			case pits:
				w.el("text", cell.Piece, "class", "seeds", "data-square", cell.Name, "x", itoa(cx), "y", itoa(cy+6),
					"text-anchor", "middle", "font-size", "18", "font-weight", "bold", "fill", "#ffffff")
			case cell.Piece != "":
				fill, stroke := pieceColors(b.Colours, cell.Owner)
				w.el("circle", "", "class", fmt.Sprintf("piece side%d", cell.Owner), "data-square", cell.Name,
					"data-piece", cell.Piece, "cx", itoa(cx), "cy", itoa(cy), "r", itoa(cellSize/2-7),
					"fill", fill, "stroke", stroke, "stroke-width", "2")
				if letter := pieceLetter(cell.Piece); letter != "" {
					tf := "#000000"
					if darkFill(fill) {
						tf = "#ffffff"
					}
					w.el("text", letter, "class", "piece-letter", "data-square", cell.Name, "x", itoa(cx), "y", itoa(cy+6),
						"text-anchor", "middle", "font-size", "18", "font-weight", "bold", "fill", tf)
				}
			}
			if contains(st.Captured, cell.Name) {
				d := cellSize/2 - 8
				w.el("path", "", "class", "captured", "data-square", cell.Name,
					"d", fmt.Sprintf("M%d %d L%d %d M%d %d L%d %d", cx-d, cy-d, cx+d, cy+d, cx-d, cy+d, cx+d, cy-d),
					"stroke", "#c62828", "stroke-width", "4", "stroke-linecap", "round")
			}
		}
	}
	// Coordinates on every side (pit letters above and below their rows).
	coord := func(text string, x, y int) {
		w.el("text", text, "class", "coord", "x", itoa(x), "y", itoa(y), "text-anchor", "middle", "font-size", "14", "fill", "#333333")
	}
	for c := 0; c < b.Cols; c++ {
		x := left + c*cellSize + cellSize/2
		if pits {
			// where is its own inverse: it maps drawn places to cells too.
			r0, c0 := where(0, c)
			r1, c1 := where(1, c)
			coord(b.At(r0, c0).Label, x, top-8)
			coord(b.At(r1, c1).Label, x, top+2*cellSize+18)
			continue
		}
		if b.Files != nil {
			f := b.Files[c]
			if st.Flip {
				f = b.Files[b.Cols-1-c]
			}
			coord(f, x, top-8)
			coord(f, x, top+b.Rows*cellSize+18)
		}
	}
	if !pits && b.Ranks != nil {
		for r := 0; r < b.Rows; r++ {
			y := top + r*cellSize + cellSize/2 + 5
			k := b.Ranks[r]
			if st.Flip {
				k = b.Ranks[b.Rows-1-r]
			}
			coord(k, left-margin/2, y)
			coord(k, left+b.Cols*cellSize+margin/2, y)
		}
	}
	for i, n := range b.Notes {
		w.el("text", n, "class", "note", "x", itoa(margin), "y", itoa(top+b.Rows*cellSize+margin+16+22*i), "font-size", "14")
	}
	w.b.WriteString("</svg>\n")
	_, err := io.WriteString(out, w.b.String())
	return err
}

// pieceLetter is the letter drawn on a piece: the king and other special
// pieces keep theirs; a side's plain man (a single letter that is its
// side's sign: x, o, W, B, w, b) is a plain disc.
func pieceLetter(p string) string {
	switch p {
	case "x", "o", "X", "O", "W", "B", "w", "b":
		return ""
	}
	return p
}

// GraphPoint is one ply of an evaluation graph (see analysis.GraphPoints).
type GraphPoint = analysis.Point

// GraphSVG writes an evaluation graph: the score after every ply from the
// first side's view (sides[0] above the middle line, sides[1] below),
// clamped to ±limit units, as a line over a shaded area (class "curve"),
// with the ? and ?? plies marked by dots (classes "mark dubious" and
// "mark blunder", each with a tooltip naming the move), and the plies
// numbered along the bottom (class "axis").
func GraphSVG(out io.Writer, pts []GraphPoint, limit int, sides [2]string, cols [2]rules.Colour, title string) error {
	if limit <= 0 {
		return fmt.Errorf("svg: the graph's limit must be positive")
	}
	const (
		width, height = 720, 300
		left, right   = 56, 16
		top, bottom   = 36, 36
	)
	w := &svgWriter{}
	w.open(width, height, title)
	if title != "" {
		w.el("text", title, "class", "caption", "x", itoa(width/2), "y", "22", "text-anchor", "middle", "font-size", "15")
	}
	pw, ph := width-left-right, height-top-bottom
	n := max(len(pts), 1)
	xOf := func(i int) float64 { return float64(left) + float64(pw)*float64(i)/float64(n) }
	yOf := func(s int) float64 {
		s = max(-limit, min(limit, s))
		return float64(top) + float64(ph)*(0.5-float64(s)/float64(2*limit))
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	fill0, _ := pieceColors(cols, 0)
	fill1, _ := pieceColors(cols, 1)
	// The halves: the first side's above, the second side's below.
	w.el("rect", "", "class", "half side0", "x", itoa(left), "y", itoa(top), "width", itoa(pw), "height", itoa(ph/2), "fill", fill0, "fill-opacity", "0.08")
	w.el("rect", "", "class", "half side1", "x", itoa(left), "y", itoa(top+ph/2), "width", itoa(pw), "height", itoa(ph-ph/2), "fill", fill1, "fill-opacity", "0.08")
	w.el("line", "", "class", "zero", "x1", itoa(left), "y1", f(yOf(0)), "x2", itoa(left+pw), "y2", f(yOf(0)), "stroke", "#888888", "stroke-dasharray", "4 3")
	for _, s := range []int{limit, limit / 2, -limit / 2, -limit} {
		label := fmt.Sprintf("%+d", s)
		w.el("text", label, "class", "axis scale", "x", itoa(left-6), "y", f(yOf(s)+4), "text-anchor", "end", "font-size", "11", "fill", "#555555")
	}
	w.el("text", sides[0]+" better", "class", "axis side0", "x", itoa(left+4), "y", itoa(top+14), "font-size", "11", "fill", "#555555")
	w.el("text", sides[1]+" better", "class", "axis side1", "x", itoa(left+4), "y", itoa(top+ph-6), "font-size", "11", "fill", "#555555")
	if len(pts) > 0 {
		var line, area strings.Builder
		fmt.Fprintf(&area, "M%s %s", f(xOf(0)), f(yOf(0)))
		fmt.Fprintf(&line, "M%s %s", f(xOf(0)), f(yOf(0)))
		for i, p := range pts {
			fmt.Fprintf(&line, " L%s %s", f(xOf(i+1)), f(yOf(p.Score)))
			fmt.Fprintf(&area, " L%s %s", f(xOf(i+1)), f(yOf(p.Score)))
		}
		fmt.Fprintf(&area, " L%s %s Z", f(xOf(len(pts))), f(yOf(0)))
		w.el("path", "", "class", "area", "d", area.String(), "fill", "#607d8b", "fill-opacity", "0.25")
		w.el("path", "", "class", "curve", "d", line.String(), "fill", "none", "stroke", "#263238", "stroke-width", "2")
	}
	step := max(1, (len(pts)+9)/10)
	if step > 1 {
		step = (step + 4) / 5 * 5
	}
	for i := step; i <= len(pts); i += step {
		w.el("text", itoa(i), "class", "axis ply", "x", f(xOf(i)), "y", itoa(height-bottom+16), "text-anchor", "middle", "font-size", "11", "fill", "#555555")
	}
	w.el("text", "ply", "class", "axis", "x", itoa(left+pw), "y", itoa(height-6), "text-anchor", "end", "font-size", "11", "fill", "#555555")
	for i, p := range pts {
		if p.Mark == "" {
			continue
		}
		class, fill, r := "mark dubious", "#f9a825", "5"
		if p.Mark == "??" {
			class, fill, r = "mark blunder", "#d32f2f", "6"
		}
		w.b.WriteString(fmt.Sprintf(`<circle class="%s" data-ply="%d" cx="%s" cy="%s" r="%s" fill="%s" stroke="#000000" stroke-width="1">`,
			class, p.Ply, f(xOf(i+1)), f(yOf(p.Score)), r, fill))
		w.el("title", fmt.Sprintf("ply %d %s %s%s", p.Ply, p.Side, p.Move, p.Mark))
		w.b.WriteString("</circle>\n")
	}
	w.b.WriteString("</svg>\n")
	_, err := io.WriteString(out, w.b.String())
	return err
}

// DiagramTitle is the caption of a board diagram: the game and the side to
// move ("Ataxx: red to move"), or the result when the game is over.
func DiagramTitle(g rules.Game) string {
	if r := g.Result(); r.Over() {
		return g.Info().Name + ": " + rules.FormatResult(g, r)
	}
	return fmt.Sprintf("%s: %s to move", g.Info().Name, g.SideName(g.SideToMove()))
}
