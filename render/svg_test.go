package render_test

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardrepl/render"
	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// node is a parsed SVG element.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []node     `xml:",any"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attr("class")) {
		if f == c {
			return true
		}
	}
	return false
}

// all returns the elements (at any depth) with the class.
func (n *node) all(class string) []*node {
	var out []*node
	var walk func(*node)
	walk = func(m *node) {
		if m.hasClass(class) {
			out = append(out, m)
		}
		for i := range m.Nodes {
			walk(&m.Nodes[i])
		}
	}
	walk(n)
	return out
}

func parse(t *testing.T, text string) *node {
	t.Helper()
	var n node
	if err := xml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatalf("not XML: %v\n%s", err, text)
	}
	if n.XMLName.Local != "svg" || n.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root %v, want svg", n.XMLName)
	}
	return &n
}

func game(t *testing.T, id string, opts []string, pos string, moves ...string) (rules.Game, render.Style) {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := info.NewGame(opts, pos)
	if err != nil {
		t.Fatal(err)
	}
	st := render.Style{Sides: [2]string{g.SideName(0), g.SideName(1)}}
	for _, m := range moves {
		mv, err := g.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(mv)
		st.Captured = g.LastCaptured() // the board names the last move's squares
	}
	return g, st
}

func draw(t *testing.T, g rules.Game, st render.Style) *node {
	t.Helper()
	var b strings.Builder
	bd := g.Board()
	if err := render.BoardSVG(&b, &bd, st, render.DiagramTitle(g)); err != nil {
		t.Fatal(err)
	}
	return parse(t, b.String())
}

func squares(ns []*node) map[string]string {
	out := map[string]string{}
	for _, n := range ns {
		out[n.attr("data-square")] = n.attr("data-piece")
	}
	return out
}

// The Tablut start after e3-h3 d1-d3: every piece where the rules put it,
// the castle, the camps and escapes, the last move, coordinates.
func TestBoardSVGTablut(t *testing.T) {
	g, st := game(t, "tablut", nil, "", "e3-h3", "d1-d3")
	svg := draw(t, g, st)
	pieces := svg.all("piece")
	// Ashton's start: 16 black, 8 white and the king.
	var black, white, king int
	for _, p := range pieces {
		switch {
		case p.attr("data-piece") == "K":
			king++
		case p.hasClass("side0"):
			white++
		case p.hasClass("side1"):
			black++
		}
	}
	if black != 16 || white != 8 || king != 1 {
		t.Errorf("pieces: %d black, %d white, %d king; want 16, 8, 1", black, white, king)
	}
	ps := squares(pieces)
	if ps["e5"] != "K" || ps["h3"] == "" || ps["d3"] == "" || ps["e3"] != "" || ps["d1"] != "" {
		t.Errorf("pieces at e5 %q h3 %q d3 %q e3 %q d1 %q", ps["e5"], ps["h3"], ps["d3"], ps["e3"], ps["d1"])
	}
	if c := svg.all("castle"); len(c) != 1 || c[0].attr("data-square") != "e5" {
		t.Errorf("castle: %d cells", len(c))
	}
	if n := len(svg.all("camp")); n != 16 {
		t.Errorf("%d camp squares, want 16", n)
	}
	if n := len(svg.all("escape")); n != 16 {
		t.Errorf("%d escape squares, want 16", n)
	}
	last := squares(svg.all("last"))
	if _, ok := last["d1"]; !ok || len(last) != 2 {
		t.Errorf("last move squares %v, want d1 and d3", last)
	} else if _, ok := last["d3"]; !ok {
		t.Errorf("last move squares %v, want d1 and d3", last)
	}
	// Files a-i above and below, ranks 1-9 on both sides.
	coords := map[string]int{}
	for _, c := range svg.all("coord") {
		coords[c.Text]++
	}
	for _, k := range []string{"a", "e", "i", "1", "5", "9"} {
		if coords[k] != 2 {
			t.Errorf("coordinate %s drawn %d times, want 2", k, coords[k])
		}
	}
	if !strings.Contains(svg.all("caption")[0].Text, "white to move") {
		t.Errorf("caption %q", svg.all("caption")[0].Text)
	}
}

// Oware: twelve pits with their seeds, labels, the scores below.
func TestBoardSVGOware(t *testing.T) {
	g, st := game(t, "oware", nil, "", "C")
	svg := draw(t, g, st)
	seeds := map[string]string{}
	total := 0
	for _, s := range svg.all("seeds") {
		seeds[s.attr("data-square")] = s.Text
		n := 0
		for _, c := range s.Text {
			n = n*10 + int(c-'0')
		}
		total += n
	}
	if len(seeds) != 12 || total != 48 || seeds["C"] != "0" || seeds["B"] != "5" || seeds["H"] != "5" || seeds["I"] != "4" {
		t.Errorf("seeds %v (total %d)", seeds, total)
	}
	if n := len(svg.all("pit")); n != 12 {
		t.Errorf("%d pits", n)
	}
	if len(svg.all("note")) == 0 {
		t.Errorf("no scores written")
	}
	if l := squares(svg.all("last")); len(l) != 1 {
		t.Errorf("last %v, want the pit C", l)
	}
}

// Ataxx with blocks: the blocks, the captures of a move crossed; Konobi:
// the owned edges.
func TestBoardSVGAtaxxKonobi(t *testing.T) {
	g, st := game(t, "ataxx", nil, "x5o/7/7/7/7/1o5/x6 x 0 1", "b1")
	svg := draw(t, g, st)
	if c := squares(svg.all("captured")); len(c) != 1 {
		t.Errorf("captured %v, want b2", c)
	} else if _, ok := c["b2"]; !ok {
		t.Errorf("captured %v, want b2", c)
	}
	g, st = game(t, "ataxx", []string{"blocks=4", "seed=3"}, "")
	if n := len(draw(t, g, st).all("block")); n != 4 {
		t.Errorf("%d blocks drawn, want 4", n)
	}
	g, st = game(t, "konobi", []string{"size=5"}, "")
	svg = draw(t, g, st)
	if n0, n1 := len(svg.all("side0")), len(svg.all("side1")); n0 == 0 || n1 == 0 {
		t.Errorf("owned edges: %d and %d", n0, n1)
	}
}

// The evaluation graph: one curve through every ply, the marks where the
// plies are marked, with the move in the tooltip.
func TestGraphSVG(t *testing.T) {
	pts := []render.GraphPoint{{Ply: 1, Score: 30, Move: "f2"}, {Ply: 2, Score: -250, Move: "b2", Mark: "?", Side: "blue"},
		{Ply: 3, Score: 2000, Move: "g1g3", Mark: "??", Side: "red"}, {Ply: 4, Score: 0, Move: "a1c1"}}
	var b strings.Builder
	if err := render.GraphSVG(&b, pts, 1000, [2]string{"red", "blue"}, [2]rules.Colour{rules.Red, rules.Blue}, "t"); err != nil {
		t.Fatal(err)
	}
	svg := parse(t, b.String())
	curve := svg.all("curve")
	if len(curve) != 1 || strings.Count(curve[0].attr("d"), "L") != len(pts) {
		t.Fatalf("curve %v", curve)
	}
	d, bl := svg.all("dubious"), svg.all("blunder")
	if len(d) != 1 || d[0].attr("data-ply") != "2" || len(bl) != 1 || bl[0].attr("data-ply") != "3" {
		t.Errorf("marks: dubious %d, blunder %d", len(d), len(bl))
	}
	if tip := bl[0].Nodes; len(tip) != 1 || tip[0].Text != "ply 3 red g1g3??" {
		t.Errorf("tooltip %+v", tip)
	}
	// The score beyond the limit is drawn at the top edge: the blunder's
	// dot is at the same height as the +1000 label's line.
	top := svg.all("half")[0].attr("y")
	if bl[0].attr("cy") != top+".0" {
		t.Errorf("clamped point at y=%s, want the top %s", bl[0].attr("cy"), top)
	}
	if err := render.GraphSVG(&b, pts, 0, [2]string{"a", "b"}, [2]rules.Colour{}, ""); err == nil {
		t.Errorf("a zero limit is accepted")
	}
}

// A picture replaces a picture, never another file, never a device.
func TestWriteSVGFile(t *testing.T) {
	dir := t.TempDir()
	pic := filepath.Join(dir, "a.svg")
	if err := render.WriteSVGFile(pic, []byte("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteSVGFile(pic, []byte("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n")); err != nil {
		t.Errorf("replacing a picture: %v", err)
	}
	for _, name := range []string{"game.rec", "game"} {
		rec := filepath.Join(dir, name)
		os.WriteFile(rec, []byte("[Game \"ataxx\"]\n"), 0o644)
		if err := render.WriteSVGFile(rec, []byte("<svg/>")); err == nil {
			t.Errorf("over a record %s: no error", name)
		}
		if data, _ := os.ReadFile(rec); string(data) != "[Game \"ataxx\"]\n" {
			t.Errorf("the record %s changed: %q", name, data)
		}
	}
	if err := render.WriteSVGFile(filepath.Join(dir, "game"), nil); err == nil || !strings.Contains(err.Error(), "not an SVG picture") {
		t.Errorf("over a record: %v", err)
	}
	// The name says what the file is: a .png would hold SVG text.
	for _, name := range []string{"x.png", "x.SVG.txt"} {
		err := render.WriteSVGFile(filepath.Join(dir, name), []byte("<svg/>"))
		if err == nil || !strings.Contains(err.Error(), "draws SVG pictures only: name the file") {
			t.Errorf("%s: %v", name, err)
		}
		if _, serr := os.Stat(filepath.Join(dir, name)); serr == nil {
			t.Errorf("%s was written", name)
		}
	}
	if err := render.WriteSVGFile(filepath.Join(dir, "b.SVG"), []byte("<svg/>")); err != nil {
		t.Errorf("b.SVG: %v", err)
	}
	if err := render.WriteSVGFile(dir, []byte("<svg/>")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("over a directory: %v", err)
	}
}
