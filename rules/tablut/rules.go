// Package tablut implements two rule sets of Tablut on a 9x9 board: the
// Ashton rules as the University of Bologna challenge server applies them
// (`tablut`, alias `ashton`) and BrainKing's rules (`tablut-brainking`,
// alias `brainking`).
//
// Both rule sets share one engine; what differs is the data in a ruleSet
// (a handful of named flags and per-square tables), not code copies.
//
// Squares are numbered rank-major from a1: sq = (rank-1)*9 + file, so a1 = 0,
// i1 = 8, a2 = 9, e5 = 40, i9 = 80. A Move is from | to<<8.
//
// Choices where the rules files leave room:
//   - A captured king is removed from the board (the server leaves him on
//     his square): LastCaptured names his square, the result says "king
//     captured at e4", and a position string without a king reads back as a
//     game black has won ("king captured"). The server-json format puts him
//     back on his square, as the server shows him.
//   - A side with no legal move loses at once (the server reaches the same
//     result on time); Result finds this lazily.
//   - Ashton repetition: after each move, a position (board and side to
//     move) that already occurred after an earlier move draws; the position
//     the game started or was parsed from does not count. Positions before
//     the last capture are not searched (they cannot recur).
//   - BrainKing repetition=N counts the start position as an occurrence.
//   - BrainKing king capture is checked after every black move: if black
//     soldiers (or the empty throne) stand on all four sides, he is taken,
//     whether or not the piece that moved is next to him. A parsed position
//     with white to move and the king so enclosed is therefore over.
//   - The server's finished states (turn WHITEWIN, BLACKWIN, DRAW) are
//     accepted as finished games; when the board does not show why (king on
//     the edge, no king), the result says the server decided it, and that
//     verdict is kept by the server-json format only, not by the position
//     string. DRAW and BLACKWIN states get white to move, WHITEWIN black.
//   - Board marks Ashton's drawn escape squares as "escape"; for BrainKing
//     the whole edge, where the king escapes.
//   - ParseMove checks a move in the order the challenge server does, so the
//     reason given (MoveError.Class) is the server's exception class.
package tablut

import (
	"strconv"

	"boardrepl/rules"
)

const (
	size   = 9
	nsq    = size * size
	castle = 4*size + 4 // e5
	noSq   = 0xff
)

// Cell contents.
const (
	empty uint8 = iota
	whiteSoldier
	blackSoldier
	king
)

// Sides.
const (
	white = 0
	black = 1
)

// owner of each cell content (-1 for empty).
var ownerOf = [4]int{-1, white, black, white}

// How the king is captured.
type kingRule uint8

const (
	// kingAshton: on the castle by four, next to it by the three other
	// sides, elsewhere by two (a camp may be the second), the capturing
	// black soldier being the one that just moved next to him.
	kingAshton kingRule = iota
	// kingEnclosed: after any black move, the king is taken when black
	// soldiers stand on all four sides (the empty castle may be one).
	kingEnclosed
)

// ruleSet holds everything in which the two rule sets differ.
type ruleSet struct {
	info *rules.Info

	// camps: the sixteen Ashton camp squares exist (movement and captures).
	camps bool
	// castleWall: nobody ever passes over the castle, even when it is empty
	// (Ashton). Otherwise the empty castle may be crossed (BrainKing).
	castleWall bool
	// armedKing: the king captures by moving and is the far partner of a
	// capture (Ashton). BrainKing's king takes no part in captures.
	armedKing bool
	// emptyCastleHostileToBlack: a black soldier is captured against the
	// empty castle (Ashton).
	emptyCastleHostileToBlack bool
	// castleHostileToWhite: a white soldier is captured against e5 even
	// while the king sits on it (Ashton).
	castleHostileToWhite bool
	kingRule             kingRule
	// repetition: the default draw rule. repeatN occurrences of a position
	// draw (0 = never); countStart says whether the position the game
	// started from counts as an occurrence.
	repeatN    int
	countStart bool
	// repetitionOption: the rule set has the option repetition=N.
	repetitionOption bool
	// escapeAllEdge: Board() marks every edge square as an escape square;
	// otherwise only the Ashton drawn escape squares.
	escapeAllEdge bool
	// castleWord names e5 in messages: "castle" or "throne".
	castleWord string
	// noTimeScale: the search's time on a clock is not scaled by the best
	// move's share of the nodes (rules.SearchTuning.NoTimeScale; BrainKing,
	// docs/engine.md entry 126).
	noTimeScale bool

	// Derived per-square tables.
	camp       [nsq]bool // a camp square
	wallOut    [nsq]bool // blocks a piece that does not start in a camp
	wallCamp   [nsq]bool // blocks a piece that starts in a camp
	noLand     [nsq]bool // a move may not stop here
	antiBlack  [nsq]bool // a black soldier is captured against this square
	antiWhite  [nsq]bool // a white soldier is captured against this square
	escapeMark [nsq]bool // drawn as an escape square
}

// Square tables shared by both rule sets.
var (
	campSquares   = []string{"a4", "a5", "a6", "b5", "d1", "e1", "f1", "e2", "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8"}
	campMiddles   = []string{"a5", "e1", "i5", "e9"}
	escapeSquares = []string{"b1", "c1", "g1", "h1", "a2", "a3", "a7", "a8", "i2", "i3", "i7", "i8", "b9", "c9", "g9", "h9"}

	edge [nsq]bool
	// rays[sq][d] lists the squares from sq in direction d, nearest first.
	rays [nsq][4]ray
	// nb[sq][d] is the neighbour of sq in direction d, or noSq.
	nb [nsq][4]uint8
	// sqName[sq] is "a1".."i9".
	sqName [nsq]string
)

type ray struct {
	n  uint8
	sq [size - 1]uint8
}

// Directions: up (towards rank 9), down, right, left.
var dirDR = [4]int{1, -1, 0, 0}
var dirDF = [4]int{0, 0, 1, -1}

func sqOf(file, rank int) int { return rank*size + file }

func init() {
	for sq := 0; sq < nsq; sq++ {
		f, r := sq%size, sq/size
		sqName[sq] = string(rune('a'+f)) + strconv.Itoa(r+1)
		edge[sq] = f == 0 || r == 0 || f == size-1 || r == size-1
		for d := 0; d < 4; d++ {
			nb[sq][d] = noSq
			ff, rr := f+dirDF[d], r+dirDR[d]
			if ff >= 0 && ff < size && rr >= 0 && rr < size {
				nb[sq][d] = uint8(sqOf(ff, rr))
			}
			ry := &rays[sq][d]
			for ff >= 0 && ff < size && rr >= 0 && rr < size {
				ry.sq[ry.n] = uint8(sqOf(ff, rr))
				ry.n++
				ff += dirDF[d]
				rr += dirDR[d]
			}
		}
	}
	initZobrist()
	ashton.derive()
	brainKing.derive()
	rules.Register(Info)
	rules.Register(BrainKingInfo)
}

func mustSq(name string) int {
	sq, ok := parseSquare(name)
	if !ok {
		panic("tablut: bad square " + name)
	}
	return sq
}

// derive fills the per-square tables from the flags.
func (r *ruleSet) derive() {
	middle := [nsq]bool{}
	for _, s := range campMiddles {
		middle[mustSq(s)] = true
	}
	if r.camps {
		for _, s := range campSquares {
			r.camp[mustSq(s)] = true
		}
	}
	for sq := 0; sq < nsq; sq++ {
		r.wallOut[sq] = r.camp[sq]
		if sq == castle && r.castleWall {
			r.wallOut[sq] = true
			r.wallCamp[sq] = true
		}
		// Once the king has left, nobody stops on the castle; while he is
		// on it, it is occupied anyway.
		r.noLand[sq] = sq == castle
		r.antiBlack[sq] = r.camp[sq] && !middle[sq]
		r.antiWhite[sq] = r.camp[sq] || (sq == castle && r.castleHostileToWhite)
		if r.escapeAllEdge {
			r.escapeMark[sq] = edge[sq]
		}
	}
	if !r.escapeAllEdge {
		for _, s := range escapeSquares {
			r.escapeMark[mustSq(s)] = true
		}
	}
}

// The two rule sets.
var (
	ashton = &ruleSet{
		camps:                     true,
		castleWall:                true,
		armedKing:                 true,
		emptyCastleHostileToBlack: true,
		castleHostileToWhite:      true,
		kingRule:                  kingAshton,
		repeatN:                   2,
		countStart:                false,
		castleWord:                "castle",
	}
	brainKing = &ruleSet{
		kingRule:         kingEnclosed,
		repeatN:          0,
		countStart:       true,
		repetitionOption: true,
		escapeAllEdge:    true,
		castleWord:       "throne",
		noTimeScale:      true,
	}
)

// StartPosition is the start of both rule sets.
const StartPosition = "3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3 w"

// Info describes the Ashton rules (the challenge server's).
var Info = &rules.Info{
	ID:          "tablut",
	Aliases:     []string{"ashton"},
	Name:        "Tablut (Ashton rules)",
	Description: "Tablut as the UniBo challenge server plays it: camps, castle, armed king, escape on any edge, draw at the first repetition",
	Sides:       [2]string{"white", "black"},
	Start:       StartPosition,
	New:         func(opts rules.Options) (rules.Game, error) { return newGame(ashton, opts, StartPosition) },
	Parse:       func(opts rules.Options, s string) (rules.Game, error) { return newGame(ashton, opts, s) },
}

// BrainKingInfo describes BrainKing's rules.
var BrainKingInfo = &rules.Info{
	ID:          "tablut-brainking",
	Aliases:     []string{"brainking"},
	Name:        "Tablut (BrainKing rules)",
	Description: "Tablut as BrainKing plays it: unarmed king taken on four sides, passable empty throne, escape on any edge",
	Sides:       [2]string{"white", "black"},
	Options: []rules.OptionSpec{{
		Name:    "repetition",
		Type:    rules.Number,
		Default: "off",
		Values:  []string{"off"},
		Min:     2,
		Max:     1000,
		Help:    "off, or N >= 2: the game is drawn when a position (board and side to move) occurs for the Nth time, the start position included",
	}},
	Start: StartPosition,
	New:   func(opts rules.Options) (rules.Game, error) { return newGame(brainKing, opts, StartPosition) },
	Parse: func(opts rules.Options, s string) (rules.Game, error) { return newGame(brainKing, opts, s) },
}

func init() {
	ashton.info = Info
	brainKing.info = BrainKingInfo
}
