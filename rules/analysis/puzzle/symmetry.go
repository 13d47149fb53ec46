package puzzle

import (
	"strings"

	"boardrepl/rules"
)

// Key is a position's identity up to symmetry: two positions of a game with
// the same options have the same key when a symmetry of the board (of the
// square grid: 8; of a rectangle: 4) takes one onto the other, pieces and
// special squares alike, and the rest of their position strings (side to
// move, counters) are equal. So only the symmetries that keep the game's
// special squares count: all 8 in Tablut (camps, castle and escapes are
// symmetric), in Ataxx those that keep the blocks (all 8 without blocks),
// in Konobi the left-right and top-bottom reflections and the half turn (a
// quarter turn or a diagonal would give black's edges to white). A board of
// pits (Oware) has none: its key is its position.
func Key(g rules.Game) string {
	info := g.Info()
	pos := g.Position()
	b := g.Board()
	prefix := info.ID + " " + strings.Join(info.FormatOptions(g.Options()), " ") + "|"
	if b.Layout != rules.Grid || len(b.Cells) != b.Rows*b.Cols || b.Rows == 0 {
		return prefix + pos
	}
	rest := ""
	if i := strings.IndexByte(pos, ' '); i >= 0 {
		rest = pos[i:]
	}
	best := ""
	for _, t := range symmetries(b.Rows, b.Cols) {
		var sb strings.Builder
		for r := 0; r < b.Rows; r++ {
			for c := 0; c < b.Cols; c++ {
				cell := b.At(t.apply(b.Rows, b.Cols, r, c))
				sb.WriteString(cell.Piece)
				if cell.Special != rules.Plain {
					sb.WriteString(":" + string(cell.Special))
				}
				sb.WriteByte(',')
			}
			sb.WriteByte('/')
		}
		if s := sb.String(); best == "" || s < best {
			best = s
		}
	}
	return prefix + best + rest
}

// transform is a symmetry of a grid: an optional transposition (square
// grids only), then reflections of the rows and of the columns.
type transform struct{ transpose, flipRows, flipCols bool }

// symmetries lists the symmetries of a rows x cols grid, identity first.
func symmetries(rows, cols int) []transform {
	var out []transform
	for _, tr := range []bool{false, true} {
		if tr && rows != cols {
			continue
		}
		for _, fr := range []bool{false, true} {
			for _, fc := range []bool{false, true} {
				out = append(out, transform{tr, fr, fc})
			}
		}
	}
	return out
}

// apply maps cell (r, c) to where t takes it.
func (t transform) apply(rows, cols, r, c int) (int, int) {
	if t.transpose {
		r, c = c, r
	}
	if t.flipRows {
		r = rows - 1 - r
	}
	if t.flipCols {
		c = cols - 1 - c
	}
	return r, c
}

// Set is a set of puzzles without repeats: the first of each key is kept.
type Set struct{ seen map[string]bool }

// Add adds the puzzle of position g and reports whether it is new.
func (s *Set) Add(g rules.Game) bool { return s.AddKey(Key(g)) }

// AddKey adds a key (Key) and reports whether it is new.
func (s *Set) AddKey(k string) bool {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[k] {
		return false
	}
	s.seen[k] = true
	return true
}

// Len is the number of puzzles in the set.
func (s *Set) Len() int { return len(s.seen) }
