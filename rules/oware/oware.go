// Package oware implements Oware / Awalé (abapa rules) as docs/rules/oware.md
// describes it: sowing that skips its origin on every lap, chained captures
// of 2 and 3, the grand slam played without capture, the obligation to feed,
// and the two abapa endings (end=abapa), famine and indetermination (no
// capture can happen any more, decided exactly). The
// option end=tournament gives the endings of OpenSpiel and the Aalina engine
// instead: a score above half the seeds (24), 24-24, or a position repeated
// since the last capture, and no indetermination.
//
// Sides: north (side 0, pits A-F, moves first) and south (G-L). A move is a
// pit letter. Position string:
//
//	<A,B,C,D,E,F>/<G,H,I,J,K,L> <north's score> <south's score> <n|s>
//
// The board plus the scores may hold fewer than 48 seeds (test positions of
// the peers hold 2 to 18): the parser only refuses more than 48. The
// tournament threshold is half of the seeds in play (board plus scores).
//
// When the game ends the board is left as it is: Result().Score includes the
// seeds each player collects (each takes the seeds in his own row, which at a
// famine are all the seeds left).
//
// Internally pits are numbered in sowing order like the peers' vectors,
// 0..11 = F E D C B A G H I J K L; a rules.Move is that index. Hash covers
// the pits, the side to move and both scores (two positions with the same
// pits can differ in score, and so in value). The indetermination test is in
// reach.go, perft in perft.go.
package oware

import (
	"fmt"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/splitmix"
)

// StartPosition is the start position string.
const StartPosition = "4,4,4,4,4,4/4,4,4,4,4,4 0 0 n"

// Info describes the rule set and registers it.
var Info = &rules.Info{
	ID:          "oware",
	Aliases:     []string{"awale", "awele"},
	Name:        "Oware (Awalé)",
	Description: "two rows of six pits, sow and capture 2s and 3s; abapa rules, ending by famine, when no capture can happen any more or when a position repeats",
	Sides:       [2]string{"north", "south"},
	Options: []rules.OptionSpec{{
		Name:         "end",
		Type:         rules.Choice,
		Default:      "abapa",
		Values:       []string{"abapa", "abapa-literal", "tournament"},
		ValueAliases: map[string]string{"seed": "abapa"},
		Help: "abapa: the game ends by famine (the player to move cannot move) or by indetermination: when no capture " +
			"can happen any more, or when a position repeats since the last capture (the practical reading of " +
			"\"in practice\": the seeds go round for ever); each player then takes the seeds of his own row; " +
			"abapa-literal: the same without the repetition, so a game whose seeds circle goes on until the players agree; " +
			"tournament: the OpenSpiel/Aalina endings: more than half the seeds (24) captured, 24-24, " +
			"or a position repeated since the last capture; each player then takes his own row (end=seed is the old name of abapa)",
	}},
	Start: StartPosition,
}

func init() {
	// Set here: Parse reads Info's option specs.
	Info.New = func(opts rules.Options) (rules.Game, error) { return Parse(opts, StartPosition) }
	Info.Parse = func(opts rules.Options, position string) (rules.Game, error) { return Parse(opts, position) }
	rules.Register(Info)
}

// Game is an Oware position with its history. It implements rules.Game,
// rules.Perfter, rules.Hasher and rules.Editor.
type Game struct {
	p          pos
	tournament bool
	// literal: end=abapa-literal, no repetition ending under the abapa
	// rules.
	literal bool
	total   int // seeds in play: board plus scores, fixed for the game

	undo []undoRec
	// hist[k] is position k since creation (hist[len-1] is the current one),
	// for the repetition rule; capStart is the first position after the last
	// capture.
	hist     []histEntry
	capStart int

	resOK bool
	res   rules.Result

	reach *reacher // indetermination cache and search space, made on demand
}

type undoRec struct {
	prev     pos
	capStart int32
	land     uint8
	pit      uint8 // the pit played
	ncap     uint8
}

type histEntry struct {
	key uint64
	b   board
}

// New returns the start position under the given options.
func New(opts rules.Options) *Game {
	g, err := Parse(opts, StartPosition)
	if err != nil {
		panic(err) // the start position always parses
	}
	return g
}

func (g *Game) reacher() *reacher {
	if g.reach == nil {
		g.reach = &reacher{}
	}
	return g.reach
}

// Info returns the rule set.
func (g *Game) Info() *rules.Info { return Info }

// Options returns the options that differ from the defaults.
func (g *Game) Options() rules.Options {
	if g.tournament {
		return rules.Options{"end": "tournament"}
	}
	if g.literal {
		return rules.Options{"end": "abapa-literal"}
	}
	return rules.Options{}
}

// SideToMove is 0 for north, 1 for south.
func (g *Game) SideToMove() int { return int(g.p.side) }

// SideName names a side.
func (g *Game) SideName(side int) string {
	if side == 1 {
		return "south"
	}
	return "north"
}

// Moves appends the legal moves (pit indexes) in letter order.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.Result().Over() {
		return buf
	}
	m := g.p.b.legalMask(g.p.side)
	for _, i := range letterOrder[g.p.side] {
		if m&(1<<uint(i)) != 0 {
			buf = append(buf, rules.Move(i))
		}
	}
	return buf
}

// letterOrder lists each side's pits in letter order (A..F, G..L).
var letterOrder = [2][6]int{{5, 4, 3, 2, 1, 0}, {6, 7, 8, 9, 10, 11}}

// pitLetter is the letter of a pit index.
func pitLetter(i int) byte {
	if i < 6 {
		return byte('F' - i)
	}
	return byte('G' + i - 6)
}

// pitIndex is the index of a pit letter (either case), or -1.
func pitIndex(c byte) int {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	switch {
	case c >= 'A' && c <= 'F':
		return int('F' - c)
	case c >= 'G' && c <= 'L':
		return int(c-'G') + 6
	}
	return -1
}

// FormatMove writes a move as its pit letter.
func (g *Game) FormatMove(m rules.Move) string {
	if m >= nPits {
		return fmt.Sprintf("invalid(%d)", uint32(m))
	}
	return string(pitLetter(int(m)))
}

// MoveSquares names the pit a move sows from.
func (g *Game) MoveSquares(m rules.Move) []string {
	if m >= nPits {
		return nil
	}
	return []string{string(pitLetter(int(m)))}
}

// ParseMove reads a pit letter (either case) and checks it is legal.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("empty move: want a pit letter, A-F for north, G-L for south")
	}
	i := -1
	if len(t) == 1 {
		i = pitIndex(t[0])
	}
	if i < 0 {
		return 0, fmt.Errorf("no such pit: %s", t)
	}
	if r := g.Result(); r.Over() {
		return 0, fmt.Errorf("game is over: %s", rules.FormatResult(g, r))
	}
	side := g.p.side
	if i/6 != int(side) {
		return 0, fmt.Errorf("pit %c is not yours (%s plays %s)", pitLetter(i), g.SideName(int(side)), rowLetters[side])
	}
	if g.p.b.at(i) == 0 {
		return 0, fmt.Errorf("pit %c is empty", pitLetter(i))
	}
	mask := g.p.b.legalMask(side)
	if mask&(1<<uint(i)) == 0 {
		var feeds []string
		for _, j := range letterOrder[side] {
			if mask&(1<<uint(j)) != 0 {
				feeds = append(feeds, string(pitLetter(j)))
			}
		}
		return 0, fmt.Errorf("pit %c does not feed %s, whose row is empty (feeding moves: %s)",
			pitLetter(i), g.SideName(int(1-side)), strings.Join(feeds, ", "))
	}
	return rules.Move(i), nil
}

var rowLetters = [2]string{"A-F", "G-L"}

// Play makes a legal move.
func (g *Game) Play(m rules.Move) {
	u := undoRec{prev: g.p, capStart: int32(g.capStart), pit: uint8(m)}
	land, n := g.p.play(int(m))
	u.land, u.ncap = uint8(land), uint8(n)
	g.undo = append(g.undo, u)
	if n > 0 {
		g.capStart = len(g.hist)
	}
	g.hist = append(g.hist, histEntry{hashOf(&g.p), g.p.b})
	g.resOK = false
}

// Unplay takes back the last move.
func (g *Game) Unplay() {
	n := len(g.undo)
	if n == 0 {
		return
	}
	u := &g.undo[n-1]
	g.p = u.prev
	g.capStart = int(u.capStart)
	g.undo = g.undo[:n-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.resOK = false
}

// Ply is the number of moves that Unplay can take back.
func (g *Game) Ply() int { return len(g.undo) }

// LastCaptured lists the pits emptied by the last move, in capture order
// (the landing pit first, then backwards against the sowing).
func (g *Game) LastCaptured() []string {
	n := len(g.undo)
	if n == 0 || g.undo[n-1].ncap == 0 {
		return nil
	}
	u := g.undo[n-1]
	out := make([]string, 0, u.ncap)
	for j := int(u.land); j > int(u.land)-int(u.ncap); j-- {
		out = append(out, string(pitLetter(j)))
	}
	return out
}

// Clone returns an independent copy with its history.
func (g *Game) Clone() rules.Game {
	c := *g
	c.undo = append([]undoRec(nil), g.undo...)
	c.hist = append([]histEntry(nil), g.hist...)
	c.reach = nil
	return &c
}

// Hash is a Zobrist key of the pits, the side to move and both scores.
func (g *Game) Hash() uint64 { return hashOf(&g.p) }

var (
	zPit   [nPits][maxSeeds + 1]uint64
	zScore [2][maxSeeds + 1]uint64
	zSide  uint64
)

func init() {
	next := splitmix.New(0x0A3A1E_0BA4E).Next
	for i := range zPit {
		for c := range zPit[i] {
			zPit[i][c] = next()
		}
	}
	for i := range zScore {
		for c := range zScore[i] {
			zScore[i][c] = next()
		}
	}
	zSide = next()
}

func hashOf(p *pos) uint64 {
	h := zScore[0][p.score[0]] ^ zScore[1][p.score[1]]
	for i := 0; i < nPits; i++ {
		h ^= zPit[i][p.b.at(i)]
	}
	if p.side == 1 {
		h ^= zSide
	}
	return h
}

// CaptureReachable reports whether a capture can still happen from the
// current position, by any sequence of legal moves of both sides (the
// seed's indetermination test, whatever the option end).
func (g *Game) CaptureReachable() bool {
	return g.reacher().captureReachable(&g.p)
}

// Result reports whether the game is over, and how.
func (g *Game) Result() rules.Result {
	if !g.resOK {
		g.res = g.computeResult()
		g.resOK = true
	}
	return g.res
}

func (g *Game) computeResult() rules.Result {
	p := &g.p
	if g.tournament {
		half := g.total / 2
		for s := 0; s < 2; s++ {
			if 2*int(p.score[s]) > g.total {
				if g.total == maxSeeds {
					return g.final(fmt.Sprintf("%s has captured more than %d seeds", g.SideName(s), half))
				}
				return g.final(fmt.Sprintf("%s has captured more than half of the %d seeds", g.SideName(s), g.total))
			}
		}
		if 2*int(p.score[0]) == g.total && 2*int(p.score[1]) == g.total {
			return g.final(fmt.Sprintf("both sides have captured %d seeds", half))
		}
		if g.repeated() {
			return g.final("position repeated since the last capture")
		}
	}
	if p.b.legalMask(p.side) == 0 {
		if p.b.rowEmpty(p.side) {
			return g.final(fmt.Sprintf("famine: %s has no seed to sow", g.SideName(int(p.side))))
		}
		return g.final(fmt.Sprintf("famine: %s cannot feed %s", g.SideName(int(p.side)), g.SideName(int(1-p.side))))
	}
	if !g.tournament && !g.reacher().captureReachable(p) {
		return g.final("indetermination: no capture can happen any more")
	}
	if !g.tournament && !g.literal && g.repeated() {
		return g.final("indetermination: the position repeated since the last capture")
	}
	return rules.Result{Status: rules.Ongoing, Winner: -1}
}

// AgreedResult is the end the players agree on now: as the rules say, each
// takes the seeds of his own row (rules.AgreedEnder).
func (g *Game) AgreedResult() rules.Result {
	return g.final("agreed: each player takes the seeds of his own row")
}

// final builds the result of a finished game: each player adds the seeds of
// his own row to his score.
func (g *Game) final(reason string) rules.Result {
	n, s := g.finalScores()
	r := rules.Result{Status: rules.Draw, Winner: -1, Reason: reason, Score: fmt.Sprintf("%d-%d", n, s)}
	if n > s {
		r.Status, r.Winner = rules.Win, 0
	} else if s > n {
		r.Status, r.Winner = rules.Win, 1
	}
	return r
}

// finalScores are the scores with each row collected by its owner.
func (g *Game) finalScores() (north, south int) {
	return int(g.p.score[0]) + g.p.b.rowSum(0), int(g.p.score[1]) + g.p.b.rowSum(1)
}

// repeated reports whether the current position occurred before since the
// last capture (same pits and side; the scores cannot differ in that span).
func (g *Game) repeated() bool {
	n := len(g.hist) - 1
	cur := &g.hist[n]
	for j := n - 2; j >= g.capStart; j -= 2 {
		if g.hist[j].key == cur.key && g.hist[j].b == cur.b {
			return true
		}
	}
	return false
}

// Board describes the two rows as the seed draws them: A..F on top, G..L
// below. Piece is the seed count ("0" for an empty pit).
func (g *Game) Board() rules.Board {
	bd := rules.Board{Layout: rules.Pits, Rows: 2, Cols: 6, Cells: make([]rules.Cell, 12), Sowing: rules.Counterclockwise}
	if n := len(g.undo); n > 0 {
		bd.Last = g.MoveSquares(rules.Move(g.undo[n-1].pit))
	}
	for side := 0; side < 2; side++ {
		for col, i := range letterOrder[side] {
			l := string(pitLetter(i))
			bd.Cells[side*6+col] = rules.Cell{
				Piece: fmt.Sprint(g.p.b.at(i)),
				Owner: side,
				Label: l,
				Name:  l,
			}
		}
	}
	bd.Notes = []string{
		fmt.Sprintf("north (A-F) has captured %d", g.p.score[0]),
		fmt.Sprintf("south (G-L) has captured %d", g.p.score[1]),
	}
	if g.literal {
		bd.Notes = append(bd.Notes, "end=abapa-literal")
	}
	if g.tournament {
		bd.Notes = append(bd.Notes, "end=tournament")
	}
	return bd
}

// AnalysisDepth is the depth of an analysis given no limit
// (analysis.Depther): a ply of Oware costs little (six moves at most), and
// its analyses at depth 12 visit fewer positions a move (about 5,400 on
// the records in fixtures/) than Tablut's at the usual depth 6 (about
// 11,000); at depth 6 Oware's verdicts came and went with two plies more.
func (g *Game) AnalysisDepth() int { return 12 }
