// Package rules holds the game-independent contract that every game implements,
// and the registry through which the rest of boardrepl finds the games.
//
// Nothing in this package (or in the game packages below it) knows about
// terminals, colours, Lua or networks: a game is a position plus its rules.
//
// The contract is deliberately small. Hot paths (move generation,
// make/unmake, perft) run on each game's concrete type without allocating;
// the interface is for everything else (the REPL, scripts, the engine's
// generic layer, the server).
package rules

// Move is a move in some game, encoded by that game. Outside the game that
// produced it a Move is opaque: it is only compared, stored and handed back.
// The zero value is not guaranteed to be invalid; games document their own
// encoding.
type Move uint32

// Status says whether a game is still going on.
type Status int8

const (
	Ongoing Status = iota // the side to move has a move to make
	Win                   // Result.Winner has won
	Draw                  // nobody won
)

func (s Status) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case Win:
		return "win"
	case Draw:
		return "draw"
	}
	return "unknown"
}

// Result is the state of a game: ongoing, or over with a winner or a draw
// and the reason, in the game's own words.
type Result struct {
	Status Status
	// Winner is the index (0 = the side that moves first in the start
	// position, 1 = the other) of the winning side; -1 unless Status == Win.
	Winner int
	// Reason says why the game ended, in the game's terms ("no moves left for
	// either side", "king escaped at c1"). Empty while ongoing.
	Reason string
	// Score is the final score when the game has one ("29-20" with the first
	// side's count first), else empty.
	Score string
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Status != Ongoing }

// Game is a position of one game together with its rules and options. It is
// mutable: Play and Unplay change it in place. A Game is not safe for
// concurrent use; Clone gives an independent copy.
type Game interface {
	// Info describes the rule set this game follows.
	Info() *Info
	// Options returns the options in force, canonical form, in the order the
	// Info declares them (only options whose value differs from the default).
	Options() Options

	// SideToMove is 0 or 1 (0 = the side that moves first from the start).
	SideToMove() int
	// SideName names a side in the game's terms: "red", "blue", "north",
	// "white"...
	SideName(side int) string

	// Moves appends every legal move of the side to move to buf and returns
	// it. It returns buf unchanged when the game is over. A forced pass is a
	// move: when the side to move must pass, it is the only one listed.
	Moves(buf []Move) []Move
	// ParseMove reads a move in the game's notation in the context of the
	// current position. If the text is not a move, or the move is illegal,
	// the error says why in the game's terms ("e3 is occupied").
	ParseMove(s string) (Move, error)
	// FormatMove writes a move in the game's canonical notation.
	FormatMove(m Move) string
	// Play makes a legal move (one returned by Moves or ParseMove). Playing
	// anything else is undefined behaviour.
	Play(m Move)
	// Unplay takes back the last move played, restoring the exact previous
	// position (counters included). It is a no-op when nothing was played.
	Unplay()
	// Ply is the number of moves played on this Game value since it was
	// created or parsed (what Unplay can take back).
	Ply() int
	// LastCaptured names the squares or pits emptied by captures in the last
	// move played (in the game's notation, in a fixed order), nil when none.
	// Conversions (Ataxx) count as captures.
	LastCaptured() []string

	// Result reports whether the game is over, and how.
	Result() Result
	// Position formats the position as the game's canonical position string.
	Position() string
	// Clone returns an independent copy, history included.
	Clone() Game
	// Board describes the board for rendering, without colours.
	Board() Board
	// MoveSquares names the cells a move touches, where it starts first
	// ("e3-h3": e3 h3; an Ataxx jump a1c3: a1 c3; a clone f2: f2; an Oware
	// pit: A); nil for a move on no cell (a pass, a swap). It reads the move
	// alone, whatever the position.
	MoveSquares(m Move) []string
}

// Hasher is implemented by games that provide a Zobrist-style key of the
// position (side to move included), for transposition tables and repetition.
type Hasher interface {
	Hash() uint64
}

// KeyAfterer is implemented by Hashers that can tell, without playing it,
// the key of the position a legal move leads to (what Hash returns once
// the move is played), cheaply and without allocating: the engine asks
// before each move it searches, so that the transposition table's entry
// is on its way to the cache while the move is made.
type KeyAfterer interface {
	KeyAfter(m Move) uint64
}

// HashHistory is implemented by games that keep the positions played before
// the current one, so that the engine sees a position recur across the
// game's history and not only inside its own tree (rules/engine: repetition
// and contempt). The hashes are those of Hasher.Hash. Neither method may
// allocate: the engine asks at every node of a search.
type HashHistory interface {
	// ReversiblePlies is how far back an earlier position can still equal
	// the current one: the plies since the last irreversible move (Tablut:
	// a capture) or since the game was created or parsed, whichever is
	// nearer.
	ReversiblePlies() int
	// PastHash is the Hash of the position back plies before the current
	// one, for 1 <= back <= ReversiblePlies().
	PastHash(back int) uint64
}

// Perfter is implemented by games with a fast perft on their concrete type.
// Perft(d) must equal the generic Perft over the Game interface.
type Perfter interface {
	Perft(depth int) uint64
}

// Editor is implemented by games whose positions can be edited square by
// square, ignoring the rules (the REPL's board editor). Every edit clears the
// move history (Ply becomes 0) and is validated: an edit that would break an
// invariant of the game (two kings, a piece on a block, more seeds than the
// game holds) is refused with the reason and changes nothing.
type Editor interface {
	// SetSquare puts a piece, written as in position strings ("x", "K",
	// "B", or a seed count for pits), on the named square or pit; the piece
	// "" (or ".") clears it.
	SetSquare(square, piece string) error
	// SetSideToMove makes side (0 or 1) the side to move.
	SetSideToMove(side int) error
}

// MoveKinds is implemented by games whose moves are of kinds a player tells
// apart (Ataxx's clones and jumps), for the front ends that explain a
// piece's moves.
type MoveKinds interface {
	// MoveKind names the kind of move m in the game's words, singular
	// ("clone", "jump"); "" for a move of no particular kind (a pass).
	MoveKind(m Move) string
	// GrownFrom names the squares of the mover's pieces that make move m
	// possible when it adds a piece without moving one (an Ataxx clone to
	// f2: the mover's pieces next to f2), in a fixed order; nil for any
	// other move. It reads the current position.
	GrownFrom(m Move) []string
}

// ScoreEditor is implemented by games whose positions hold a score beside
// the board (Oware's captured seeds), for the board editor. SetScore is
// validated and clears the history as Editor's edits do.
type ScoreEditor interface {
	// Score is what side (0 or 1) has scored so far.
	Score(side int) int
	// SetScore sets side's score.
	SetScore(side, n int) error
}

// AltFormatter is implemented by games that can also write their position in
// other formats than the position string (Tablut: "server-json").
type AltFormatter interface {
	PositionFormats() []string
	FormatPositionAs(format string) (string, error)
}
