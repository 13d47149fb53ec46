package render

import (
	"strings"
	"testing"

	"boardrepl/internal/sgr"
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
	// In colour each side has its own look, readable on dark and light
	// terminals alike; a piece on a special square is underlined.
	b := grid3()
	b.Colours = [2]rules.Colour{rules.White, rules.Black}
	looks := map[string]string{}
	for _, r := range sgr.Parse(Board(b, Style{Color: true})) {
		if r.Text == "x" || r.Text == "o" {
			looks[r.Text] = r.Style()
			for _, dark := range []bool{true, false} {
				if c := r.Contrast(dark); c < 4.5 {
					t.Errorf("%q (%s) has contrast %.1f on a dark=%v terminal", r.Text, r.Style(), c, dark)
				}
			}
		}
	}
	if looks["x"] != "fg=black bg=bright-white bold" || looks["o"] != "fg=bright-white bg=black bold underline" {
		t.Errorf("looks %v", looks)
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
	b := rules.Board{Layout: rules.Pits, Rows: 2, Cols: 6, Notes: []string{"north 0, south 0"}, Sowing: rules.Counterclockwise}
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
 (4)  (4)  [0]  (4)  (4)  (4)  <-
(12)  <4>  (4)  (4)  (4)  (4)  ->
  G    H    I    J    K    L
north 0, south 0
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestLegend(t *testing.T) {
	l := Legend(grid3(), Style{Sides: [2]string{"red", "blue"}})
	for _, want := range []string{"  x        red\n", "  o        blue\n", "  #        block", "  =        castle", "  *        escape square", "  :        camp"} {
		if !strings.Contains(l, want) {
			t.Errorf("legend lacks %q:\n%s", want, l)
		}
	}
	// The meanings start in one column, whatever the marks' widths.
	for _, line := range strings.Split(strings.TrimSuffix(l, "\n"), "\n") {
		if len(line) < 12 || line[10] != ' ' || line[11] == ' ' {
			t.Errorf("misaligned legend line %q", line)
		}
	}
	// A board of placed stones (Konobi) has no captures and no piece
	// destinations to explain; a board of moving pieces has both.
	for _, placement := range []bool{false, true} {
		b := grid3()
		b.Placement = placement
		l := Legend(b, Style{Sides: [2]string{"red", "blue"}})
		for _, mark := range []string{"captured by the last move", "a destination of the piece"} {
			if strings.Contains(l, mark) == placement {
				t.Errorf("placement %v: legend has %q: %v\n%s", placement, mark, !placement, l)
			}
		}
	}
}
