package rules

// Board describes a position for rendering. It carries no terminal colours:
// it says what the game's pieces are (a side's colour by name, the kind of
// each special square, the squares of the last move) and the front end
// decides how they look.
type Board struct {
	// Layout says how the cells are arranged: a grid of squares or points,
	// or two rows of pits sown round.
	Layout     Layout
	Rows, Cols int
	// Cells holds Rows*Cols cells, top row first, each row left to right, as
	// the first player sees the board.
	Cells []Cell
	// Files labels the columns left to right; Ranks labels the rows top to
	// bottom. Either may be nil when cells carry their own labels.
	Files []string
	Ranks []string
	// Colours names what each side's pieces look like in the game itself
	// (Tablut's and Konobi's white and black, Ataxx's red and blue); NoColour
	// when the game gives its sides no colour (Oware's north and south).
	Colours [2]Colour
	// Sowing is the direction seeds go round a pit board, as drawn (top row
	// first); None for a grid.
	Sowing Direction
	// Last names the cells the last move played on this game value touched
	// (Game.MoveSquares of that move), nil when none was played or the move
	// touches no cell (a pass).
	Last []string
	// Notes are extra lines to show with the board (scores, counters).
	Notes []string
	// Placement: stones are placed and then never move nor change (Konobi),
	// so a legend has no captures and no piece destinations to explain.
	Placement bool
}

// Layout is the arrangement of a board's cells.
type Layout uint8

const (
	Grid Layout = iota // rows and columns of squares or points
	Pits               // two rows of pits, each side owning one row
)

// Colour is the colour of a side's pieces in the game's own terms, by name.
type Colour uint8

const (
	NoColour Colour = iota
	White
	Black
	Red
	Blue
)

func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	case Red:
		return "red"
	case Blue:
		return "blue"
	}
	return ""
}

// Direction is the way seeds go round a pit board.
type Direction uint8

const (
	None             Direction = iota
	Counterclockwise           // left along the bottom row, right along the top
	Clockwise
)

// Special is the kind of a square the rules treat apart.
type Special string

const (
	Plain    Special = ""
	Block    Special = "block"  // nobody may move there (Ataxx)
	Camp     Special = "camp"   // Tablut's camps (citadels)
	Castle   Special = "castle" // Tablut's castle (throne)
	Escape   Special = "escape" // a square the king escapes on
	Edge0    Special = "edge0"  // an edge owned by side 0 (Konobi)
	Edge1    Special = "edge1"  // an edge owned by side 1
	EdgeBoth Special = "edge01" // a corner owned by both sides
)

// IsEdge reports whether the special square is an owned edge.
func (s Special) IsEdge() bool { return s == Edge0 || s == Edge1 || s == EdgeBoth }

// Cell is one square, point or pit.
type Cell struct {
	// Piece is the piece's letter as in position strings ("x", "K", "B"), or
	// a seed count for pit games; "" when empty.
	Piece string
	// Owner is the side (0 or 1) the piece belongs to, or -1.
	Owner int
	// Special marks a square the rules treat apart (Plain for the others).
	Special Special
	// Label is the cell's own name when it has one (an Oware pit letter).
	Label string
	// Name is the square's name in move notation ("e5", "A").
	Name string
}

// At returns the cell at row r (0 = top) and column c (0 = left).
func (b *Board) At(r, c int) *Cell { return &b.Cells[r*b.Cols+c] }

// Has reports whether a cell of the board is named name.
func (b *Board) Has(name string) bool {
	for i := range b.Cells {
		if b.Cells[i].Name == name {
			return true
		}
	}
	return false
}
