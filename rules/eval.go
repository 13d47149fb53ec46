package rules

// EvalTerm is one named term of a static evaluation, from the side to move's
// view, in the same unit as Evaluator.Evaluate (see EvalUnit).
type EvalTerm struct {
	Name  string
	Value int
}

// EvalUnit is the scale of evaluations: 100 is worth about one piece (Ataxx,
// Tablut), one seed (Oware) or one point of connection distance (Konobi).
const EvalUnit = 100

// EvalLimit bounds every static evaluation: |Evaluate()| < EvalLimit. The
// engine keeps the scores above it for proven wins and losses.
const EvalLimit = 100000

// Evaluator is implemented by games that know how to judge a position for
// the engine.
type Evaluator interface {
	// Evaluate scores the position from the side to move's view: positive
	// when the side to move stands better. It must not change the position,
	// must not allocate, and must stay strictly within ±EvalLimit. It is
	// only called on positions where the game is not over.
	Evaluate() int
	// EvalTerms breaks the evaluation into named terms (the REPL's eval
	// command). The Values add up to Evaluate(). It may allocate.
	EvalTerms() []EvalTerm
}

// Outcomer is implemented by games that can say whether the game is over
// without building a Result: the engine asks at every node of a search, so
// it must be cheap and must not allocate. It must agree with Result: over is
// Result().Over() and winner is Result().Winner (-1 for a draw).
type Outcomer interface {
	Outcome() (over bool, winner int)
}

// Outcome reports whether the game is over and its winner (-1 for a draw or
// an ongoing game), through the game's Outcomer when it has one.
func Outcome(g Game) (over bool, winner int) {
	if o, ok := g.(Outcomer); ok {
		return o.Outcome()
	}
	r := g.Result()
	if !r.Over() {
		return false, -1
	}
	if r.Status == Win {
		return true, r.Winner
	}
	return true, -1
}

// MoveOrderer is implemented by games that can guess, before searching,
// which moves are likely good: the engine tries the hash move and killers
// first, then the moves by this score (its history breaks ties), and its
// selective search (futility, late-move pruning) skips only moves scored
// 0 or below. OrderMove scores a legal move of the current position: above
// 0 for a move that changes the material (a capture, a conversion, a
// clone), higher for the more promising; 0 or below for a quiet move. It
// must not change the position nor allocate; |score| < 1<<14.
type MoveOrderer interface {
	OrderMove(m Move) int
}

// CaptureReducer is implemented by games in which nearly every move
// captures (Ataxx: most moves convert a piece), so that "a capture" says
// little about a move. The selective search's late-move reductions, which
// take a ply less from moves scored above 0 by OrderMove, then reduce them
// as much as quiet ones when ReduceCaptures is true.
type CaptureReducer interface {
	ReduceCaptures() bool
}

// NullMover is implemented by games in which handing the turn to the
// opponent is almost never better than any move (zugzwang is rare), so
// that the engine may prune with a null move: if even passing keeps the
// score above beta, a real move will too. NullMove returns the move that
// passes the turn (played with Play, taken back with Unplay), and ok false
// in the positions where zugzwang is real (then no null move is tried).
// Games without it get no null-move pruning.
type NullMover interface {
	NullMove() (m Move, ok bool)
}

// Quiescer is implemented by games whose static evaluation cannot be
// trusted while captures are pending (Tablut: a soldier left between two
// enemies is as good as gone). At the horizon the engine then searches on
// the noisy moves only, each side free to stand pat on the evaluation,
// until the position is quiet (a quiescence search). Noisy reports whether
// legal move m of the current position is noisy (it captures); it must not
// change the position nor allocate. A noisy move that ends the game is not
// searched there: the quiescence search proves nothing, proven results come
// from the full-width search alone (except, in the selective mode, a win on
// the next move that the game reports itself: engine.WinNower).
type Quiescer interface {
	Noisy(m Move) bool
}

// Booker is implemented by games with an opening book: BookMove returns the
// book's move for the current position, with the score (side to move's
// view) and depth of the search that chose it when the book was made, and
// ok false when the position is not in the book. The engine's selective
// mode (the playing engines of match, uai and tablut-client) plays a book
// move without searching, unless its options turn the book off; the exact
// mode never asks.
type Booker interface {
	BookMove() (m Move, score, depth int, ok bool)
}

// Networker is implemented by games with a learned evaluation (Ataxx's
// network, rules/ataxx/nnue.go) beside the hand-written one: UseNetwork
// turns it on (the default) or off; ReadNetwork checks a network file and
// returns its network, which SetNetwork then puts in place of the built-in
// one in as many games as need it (uai's Network and EvalFile options: the
// file is read once, not at every position).
type Networker interface {
	UseNetwork(on bool)
	ReadNetwork(b []byte) (Network, error)
	SetNetwork(n Network)
}

// Network is a learned evaluation a game read (Networker.ReadNetwork);
// only a game of the kind that read it can use it.
type Network interface {
	// NetworkGame names the game whose networks it is, as its Info.ID.
	NetworkGame() string
}

// SearchTuning names the parts of the engine's selective search that a
// game has opted into: each is on in a game only once a match in that game
// (an SPRT against the build before, docs/engine.md) admitted it, so that
// a change measured in Ataxx does not reach Tablut unmeasured.
type SearchTuning struct {
	// IIR: internal iterative reduction, a node without a move from the
	// table is searched a ply shallower.
	IIR bool
	// HistoryMalus: when a move cuts, the moves tried before it lose the
	// history it gains, and the scores are kept within bounds by gravity
	// (instead of the cutting move alone gaining, halved when large).
	HistoryMalus bool
	// PruneLate: late-move pruning also skips the moves that capture
	// (scored above 0 by rules.MoveOrderer) after twice as many moves as
	// it lets quiet ones.
	PruneLate bool
	// FutilityGain: futility also skips the moves that capture, when the
	// static evaluation plus what the move gains (rules.MoveGainer) plus
	// the margin stays at or below alpha.
	FutilityGain bool
	// Improving: where the side to move's static evaluation is better
	// than two plies before (or that one is unknown), reverse futility
	// takes the margin of a ply less; where it is not, late-move pruning
	// keeps two thirds of the moves it keeps otherwise.
	Improving bool
	// PruneQuiet: away from the root, the quiet moves (scored 0 or below
	// by rules.MoveOrderer; in Ataxx the jumps that convert nothing) are
	// not searched once two moves were, at any depth.
	PruneQuiet bool
	// RFPMargin, RFPDepth: when set, reverse futility prunes to RFPDepth
	// plies left, with a margin of RFPMargin a ply (instead of the
	// engine's margins, which stop at 4 plies).
	RFPMargin, RFPDepth int
	// FutilityBase, FutilityPerPly, FutilityDepth, FutilityAfter: when
	// FutilityDepth is set, a node with that many plies left or fewer
	// (the principal variation's too, not the root) searches no more moves
	// once FutilityAfter were searched, when its static evaluation plus
	// FutilityBase plus FutilityPerPly a ply left stays at or below alpha:
	// capturing moves included, where the engine's futility skips quiet
	// ones only.
	FutilityBase, FutilityPerPly, FutilityDepth, FutilityAfter int
	// LMRBase, LMRScale, LMRHistory: when LMRScale is set, late-move
	// reductions take LMRBase + LMRScale·ln(depth)·ln(i+1) plies from a
	// move after i others were searched (rounded), a ply less at a node of
	// the principal variation, and less by the move's history over
	// LMRHistory (rounded; a negative history reduces more), instead of
	// the engine's ln(depth)·ln(i)/2 with a ply more away from the
	// principal variation.
	LMRBase, LMRScale float64
	LMRHistory        int
	// HistoryBonus, HistoryBonusMax: when set (with HistoryMalus), the
	// move that cuts gains HistoryBonus a ply left, at most
	// HistoryBonusMax, and the moves tried before it lose as much (instead
	// of 8·depth², at most a quarter of the history's range).
	HistoryBonus, HistoryBonusMax int
	// KeepHistory: the history that orders the moves carries over from one
	// search to the next of the same game (engine.Engine.NewGame clears
	// it), instead of starting each search from nothing.
	KeepHistory bool
	// NoKillers: no killer moves; the moves that cut are ordered by the
	// history alone.
	NoKillers bool
	// TTCutPV: the table's scores end the search of a node on the
	// principal variation too (the root's excepted), not only the others.
	TTCutPV bool
	// AspirationDepth, AspirationDelta: when set, the iterations from
	// AspirationDepth on search a window of ±AspirationDelta around the
	// last score, widened by half of itself after each failure; a fail
	// high searches again a ply shallower (down to one), a fail low at the
	// full depth with the window's top drawn halfway down. Instead of the
	// engine's ±25 from depth 5, trebled after each failure.
	AspirationDepth, AspirationDelta int
	// NoTimeScale: a search on a clock stops at half of the time manager's
	// target as it is, not scaled by the best move's share of the nodes
	// (the engine's softScale), which lost to the plain target in this
	// game's timed SPRT.
	NoTimeScale bool
}

// MoveGainer is implemented by games that can say, before playing a move,
// about how much it changes the static evaluation in the mover's favour
// (in rules.EvalUnit); the selective search's futility pruning uses it
// when the game opts in (SearchTuning.FutilityGain). It must not change
// the position nor allocate.
type MoveGainer interface {
	MoveGain(m Move) int
}

// SearchTuner is implemented by games that opt into parts of the search
// (SearchTuning); the others get none of them.
type SearchTuner interface {
	SearchTuning() SearchTuning
}
