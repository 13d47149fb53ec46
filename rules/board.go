package rules

// Board describes a position for rendering. It carries no colours: the REPL
// decides how an owner or a special square looks.
type Board struct {
	Rows, Cols int
	// Cells holds Rows*Cols cells, top row first, each row left to right, as
	// the first player sees the board.
	Cells []Cell
	// Files labels the columns left to right; Ranks labels the rows top to
	// bottom. Either may be nil when cells carry their own labels.
	Files []string
	Ranks []string
	// Notes are extra lines to show with the board (scores, counters).
	Notes []string
}

// Cell is one square, point or pit.
type Cell struct {
	// Piece is the piece's letter as in position strings ("x", "K", "B"), or
	// a seed count for pit games; "" when empty.
	Piece string
	// Owner is the side (0 or 1) the piece belongs to, or -1.
	Owner int
	// Special marks a square the rules treat apart: "block", "camp",
	// "castle", "escape", "edge0" / "edge1" (an edge owned by side 0 / 1),
	// "edge01" (a corner owned by both), or "".
	Special string
	// Label is the cell's own name when it has one (an Oware pit letter).
	Label string
	// Name is the square's name in move notation ("e5", "A").
	Name string
}

// At returns the cell at row r (0 = top) and column c (0 = left).
func (b *Board) At(r, c int) *Cell { return &b.Cells[r*b.Cols+c] }
