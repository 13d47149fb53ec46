// Package ataxx implements Ataxx on a 7x7 board with optional blocked
// squares, following libataxx for notation, position strings, clocks and
// perft (see the rules file shared/rules/ataxx.md).
package ataxx

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/splitmix"
)

// StartPosition is the standard start position.
const StartPosition = "x5o/7/7/7/7/7/o5x x 0 1"

// Info describes Ataxx to the registry.
var Info = &rules.Info{
	ID:          "ataxx",
	Aliases:     nil,
	Name:        "Ataxx",
	Description: "7x7 clone-and-jump game: convert the pieces around you; most pieces wins",
	Sides:       [2]string{"red", "blue"},
	Options: []rules.OptionSpec{
		{
			Name:    "fifty",
			Type:    rules.Choice,
			Default: "on",
			Values:  []string{"on", "off"},
			Help:    "on: the game is drawn when the halfmove clock reaches 100, the fifty-move rule of libataxx and the engine tournaments; off: no such ending, the game goes on until a side has no pieces or nobody can move",
		},
		{
			Name:    "blocks",
			Type:    rules.Number,
			Default: "0",
			Values:  []string{"random"},
			Min:     0,
			Max:     maxBlocks,
			Help:    fmt.Sprintf("number of blocked squares to generate (0 to %d, the most a pattern symmetric both ways with the corners free can hold), or random; the pattern is symmetric vertically and horizontally and leaves the corners free", maxBlocks),
		},
		{
			Name:    "pattern",
			Aliases: []string{"seed"},
			Type:    rules.Number,
			Min:     math.MinInt64,
			Max:     math.MaxInt64,
			Help:    "the number of the random block pattern: the same number gives the same blocks (picked from the clock and reported when blocks are asked for without one; formerly seed=)",
		},
	},
	Start: StartPosition,
}

func init() {
	// Set here: newGame and parseGame read Info's option specs.
	Info.New, Info.Parse = newGame, parseGame
	rules.Register(Info)
}

func newGame(opts rules.Options) (rules.Game, error) {
	v, err := Info.Values(opts)
	if err != nil {
		return nil, err
	}
	g, err := parse(StartPosition)
	if err != nil {
		return nil, err
	}
	g.fifty = v["fifty"].Text == "on"
	g.UseNetwork(true)
	n := int(v["blocks"].Int)
	if v["blocks"].Text == "random" {
		n = -1
	}
	if p := v["pattern"]; p.IsInt {
		g.seed, g.hasSeed = p.Int, true
	}
	if n != 0 {
		if !g.hasSeed {
			g.seed, g.hasSeed = time.Now().UnixNano(), true
		}
		g.blocksOpt = "random"
		if n > 0 {
			g.blocksOpt = strconv.Itoa(n)
		}
		g.blocks = generateBlocks(n, g.seed)
		g.rehash()
	}
	return g, nil
}

func parseGame(opts rules.Options, position string) (rules.Game, error) {
	v, err := Info.Values(opts)
	if err != nil {
		return nil, err
	}
	g, err := parse(position)
	if err != nil {
		return nil, err
	}
	g.fifty = v["fifty"].Text == "on"
	g.UseNetwork(true)
	return g, nil
}

// Game is an Ataxx position with its rules and its undo history.
type Game struct {
	bb     [2]uint64 // pieces of red (x) and blue (o)
	blocks uint64
	side   int
	half   int
	full   int
	hash   uint64
	fifty  bool

	// Options the game was created with, reported by Options.
	blocksOpt string // "" when no blocks were generated
	seed      int64
	hasSeed   bool

	stack []undo

	// The learned evaluation (nnue.go): the network, nil for the
	// hand-written evaluation, and the accumulators of the positions of
	// the stack and of this one (accs[len(stack)]; empty when net is nil).
	net  *network
	accs []accumulator
}

type undo struct {
	bb       [2]uint64
	half     int
	full     int
	hash     uint64
	captured uint64
	move     rules.Move
}

var (
	_ rules.Game    = (*Game)(nil)
	_ rules.Perfter = (*Game)(nil)
	_ rules.Hasher  = (*Game)(nil)
	_ rules.Editor  = (*Game)(nil)
	_ rules.Passer  = (*Game)(nil)
)

// Info returns the rule set.
func (g *Game) Info() *rules.Info { return Info }

// Options returns the options in force that differ from their defaults.
func (g *Game) Options() rules.Options {
	o := rules.Options{}
	if !g.fifty {
		o["fifty"] = "off"
	}
	if g.blocksOpt != "" {
		o["blocks"] = g.blocksOpt
	}
	if g.hasSeed {
		o["pattern"] = strconv.FormatInt(g.seed, 10)
	}
	return o
}

// SideToMove is 0 for red (x), 1 for blue (o).
func (g *Game) SideToMove() int { return g.side }

// SideName names a side: "red" or "blue".
func (g *Game) SideName(side int) string {
	if side == 1 {
		return "blue"
	}
	return "red"
}

// Ply is the number of moves that Unplay can take back.
func (g *Game) Ply() int { return len(g.stack) }

// Clone returns an independent copy, history included.
func (g *Game) Clone() rules.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.stack = append([]undo(nil), g.stack...)
	c.accs = append([]accumulator(nil), g.accs...)
	return &c
}

// Hash is a Zobrist key of the pieces, the blocks and the side to move.
func (g *Game) Hash() uint64 { return g.hash }

// Fifty reports whether the fifty-move rule is in force.
func (g *Game) Fifty() bool { return g.fifty }

// Counts returns the number of red and blue pieces.
func (g *Game) Counts() (red, blue int) { return popcount(g.bb[0]), popcount(g.bb[1]) }

// Halfmove and Fullmove return the clocks.
func (g *Game) Halfmove() int { return g.half }
func (g *Game) Fullmove() int { return g.full }

var (
	zPiece [2][nsq]uint64
	zBlock [nsq]uint64
	zSide  uint64
	// zFlip[s]: a piece on s changing colour.
	zFlip [nsq]uint64
)

func init() {
	next := splitmix.New(0x9E3779B97F4A7C15).Next
	for s := 0; s < nsq; s++ {
		zPiece[0][s] = next()
		zPiece[1][s] = next()
		zBlock[s] = next()
	}
	zSide = next()
	for s := range zFlip {
		zFlip[s] = zPiece[0][s] ^ zPiece[1][s]
	}
}

// rehash computes the Zobrist key from scratch.
func (g *Game) rehash() {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := g.bb[c]; b != 0; b &= b - 1 {
			h ^= zPiece[c][tz(b)]
		}
	}
	for b := g.blocks; b != 0; b &= b - 1 {
		h ^= zBlock[tz(b)]
	}
	if g.side == 1 {
		h ^= zSide
	}
	g.hash = h
	g.refreshAcc()
}
