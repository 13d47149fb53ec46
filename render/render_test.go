package render

import (
	"strings"
	"testing"

	"boardrepl/rules"
)

func grid3() rules.Board {
	b := rules.Board{Rows: 3, Cols: 3, Files: []string{"a", "b", "c"}, Ranks: []string{"3", "2", "1"}, Notes: []string{"note"}}
	names := []string{"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}
	for _, n := range names {
		b.Cells = append(b.Cells, rules.Cell{Owner: -1, Name: n})
	}
	*b.At(0, 0) = rules.Cell{Piece: "x", Owner: 0, Name: "a3"}
	*b.At(1, 1) = rules.Cell{Special: "castle", Owner: -1, Name: "b2"}
	*b.At(2, 2) = rules.Cell{Piece: "o", Owner: 1, Special: "camp", Name: "c1"}
	b.At(0, 2).Special = "block"
	b.At(2, 0).Special = "escape"
	return b
}

func TestGrid(t *testing.T) {
	got := Board(grid3(), Style{Last: []string{"a3", "b3"}, Captured: []string{"c2"}})
	want := `   a  b  c
3 [x][.] #  3
2  .  = (.) 2
1  *  .  o  1
   a  b  c
note
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = Board(grid3(), Style{Flip: true, Unicode: true, Marked: []string{"b1"}})
	want = `   c  b  a
1  o  •  ◇  1
2  ·  ▣  ·  2
3  ■  ·  x  3
   c  b  a
note
`
	if got != want {
		t.Errorf("flipped got\n%s\nwant\n%s", got, want)
	}
	col := Board(grid3(), Style{Color: true})
	if !strings.Contains(col, "\x1b[31;1mx\x1b[0;22m") || !strings.Contains(col, "\x1b[34;1;4mo") {
		t.Errorf("colour:\n%q", col)
	}
}

func TestEdges(t *testing.T) {
	b := rules.Board{Rows: 2, Cols: 2, Files: []string{"a", "b"}, Ranks: []string{"2", "1"}}
	for _, n := range []string{"a2", "b2", "a1", "b1"} {
		b.Cells = append(b.Cells, rules.Cell{Owner: -1, Name: n, Special: "edge01"})
	}
	b.At(0, 1).Special = "edge0"
	b.At(1, 0).Special = "edge1"
	got := Board(b, Style{Sides: [2]string{"black", "white"}})
	want := `     a  b
     *  B
2 *  .  .  B 2
1 W  .  .  * 1
     W  *
     a  b
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestPits(t *testing.T) {
	b := rules.Board{Rows: 2, Cols: 6, Notes: []string{"north 0, south 0"}}
	top, bottom := "ABCDEF", "GHIJKL"
	for i := 0; i < 6; i++ {
		b.Cells = append(b.Cells, rules.Cell{Piece: "4", Owner: 0, Label: top[i : i+1], Name: top[i : i+1]})
	}
	for i := 0; i < 6; i++ {
		b.Cells = append(b.Cells, rules.Cell{Piece: "4", Owner: 1, Label: bottom[i : i+1], Name: bottom[i : i+1]})
	}
	b.At(0, 2).Piece = "0"
	b.At(1, 0).Piece = "12"
	if !IsPits(&b) {
		t.Fatal("not pits")
	}
	got := Board(b, Style{Last: []string{"C"}, Captured: []string{"H"}})
	want := `  A    B    C    D    E    F
 (4)  (4)  [0]  (4)  (4)  (4)
(12)  <4>  (4)  (4)  (4)  (4)
  G    H    I    J    K    L
north 0, south 0
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestMoveSquares(t *testing.T) {
	b := rules.Board{}
	for _, n := range []string{"a1", "a10", "c3", "e3", "h3", "A"} {
		b.Cells = append(b.Cells, rules.Cell{Name: n})
	}
	for move, want := range map[string]string{"e3-h3": "e3 h3", "a1c3": "a1 c3", "a10c3": "a10 c3", "A": "A", "0000": "", "pass": ""} {
		if got := strings.Join(MoveSquares(&b, move), " "); got != want {
			t.Errorf("MoveSquares(%q) = %q, want %q", move, got, want)
		}
	}
}

func TestLegend(t *testing.T) {
	l := Legend(grid3(), Style{Sides: [2]string{"red", "blue"}})
	for _, want := range []string{"  x      red\n", "  o      blue\n", "  #      block", "  =      castle", "  *      escape square", "  :      camp"} {
		if !strings.Contains(l, want) {
			t.Errorf("legend lacks %q:\n%s", want, l)
		}
	}
}
