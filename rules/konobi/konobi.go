// Package konobi implements Konobi (Luis Bolaños Mures, 2012), a connection
// game on an N x N board: Black joins the top and bottom edges, White the
// left and right edges, under the weak-connection and crosscut rules, with
// a pie rule on White's first turn and forced passes.
//
// Sides are colours: side 0 is black (places first), side 1 is white.
// SideToMove is the colour of the next stone. After a swap the players
// change colours but the stones do not, so White is still to place.
//
// Position string: ranks N down to 1 separated by '/', 'B' and 'W' stones,
// decimal runs of empty points (two digits for N > 9), then the colour to
// place ("b" or "w"), then "swap" when White may still swap, else "-".
// The board size follows from the string. When the size option is left at
// its default (8), the string decides the size; any other size option must
// agree with the string.
package konobi

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
)

const (
	minSize = 2
	maxSize = 25
	maxW    = maxSize + 2
	maxCell = maxW * maxW

	empty uint8 = 0
	black uint8 = 1
	white uint8 = 2
	off   uint8 = 3

	// Edge bits of a point.
	edgeBottom = 1
	edgeTop    = 2
	edgeLeft   = 4
	edgeRight  = 8

	// MovePass and MoveSwap are the two moves that are not placements. A
	// placement is encoded as its index in the padded board (never 0).
	MovePass rules.Move = 1 << 16
	MoveSwap rules.Move = 1<<16 + 1
)

// Info describes Konobi to the registry.
var Info = &rules.Info{
	ID:          "konobi",
	Name:        "Konobi",
	Description: "connection game: join your two edges; weak connections and crosscuts are restricted, pie rule",
	Sides:       [2]string{"black", "white"},
	Options: []rules.OptionSpec{{
		Name:    "size",
		Type:    rules.Number,
		Default: "8",
		Min:     minSize,
		Max:     maxSize,
		Help:    fmt.Sprintf("board size N (N x N points), %d to %d; a position string sets its own size unless size is given", minSize, maxSize),
	}},
	Start: "8/8/8/8/8/8/8/8 b -",
}

func init() {
	// Set here: newGame and parseGame read Info's option specs.
	Info.New, Info.Parse = newGame, parseGame
	rules.Register(Info)
}

type undo struct {
	move      rules.Move
	swapAvail bool
	winner    int8
	hash      uint64
}

// Game is a Konobi position with its history.
type Game struct {
	n, w      int
	cells     [maxCell]uint8
	edge      [maxCell]uint8 // edge bits of each point
	toMove    uint8          // colour to place: black or white
	swapAvail bool
	winner    int8 // -1, 0 black, 1 white
	stones    int
	hash      uint64
	hist      []undo

	// scratch for flood fills and perft, not part of the position
	mark  [maxCell]uint32
	epoch uint32
	stack [maxCell]int16
	pbuf  []rules.Move
	order orderCache // the move orderer's view of the position (order.go)
}

var _ rules.Game = (*Game)(nil)
var _ rules.Perfter = (*Game)(nil)
var _ rules.Hasher = (*Game)(nil)
var _ rules.Editor = (*Game)(nil)

// New returns the empty board of size n (2..25), Black to place.
func New(n int) (*Game, error) {
	if n < minSize || n > maxSize {
		return nil, fmt.Errorf("size %d out of range, want %d to %d", n, minSize, maxSize)
	}
	g := &Game{}
	g.init(n)
	return g, nil
}

func (g *Game) init(n int) {
	g.n, g.w = n, n+2
	for i := range g.cells {
		g.cells[i] = off
		g.edge[i] = 0
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := g.idx(r, c)
			g.cells[p] = empty
			var e uint8
			if r == 0 {
				e |= edgeBottom
			}
			if r == n-1 {
				e |= edgeTop
			}
			if c == 0 {
				e |= edgeLeft
			}
			if c == n-1 {
				e |= edgeRight
			}
			g.edge[p] = e
		}
	}
	g.toMove = black
	g.swapAvail = false
	g.winner = -1
	g.stones = 0
	g.hist = g.hist[:0]
	g.rehash()
}

// idx is the padded index of rank r (0 = rank 1) and file c (0 = a).
func (g *Game) idx(r, c int) int { return (r+1)*g.w + c + 1 }

func (g *Game) rc(p int) (r, c int) { return p/g.w - 1, p%g.w - 1 }

// optSize reads the size option, and whether it was given (other than the
// default).
func optSize(opts rules.Options) (int, bool, error) {
	v, err := Info.Values(opts)
	if err != nil {
		return 0, false, err
	}
	return int(v["size"].Int), !v["size"].Default, nil
}

func newGame(opts rules.Options) (rules.Game, error) {
	n, _, err := optSize(opts)
	if err != nil {
		return nil, err
	}
	return New(n)
}

func parseGame(opts rules.Options, s string) (rules.Game, error) {
	n, explicit, err := optSize(opts)
	if err != nil {
		return nil, err
	}
	g, err := Parse(s)
	if err != nil {
		return nil, err
	}
	if explicit && g.n != n {
		return nil, fmt.Errorf("board: %d ranks, but the option size=%d was given", g.n, n)
	}
	return g, nil
}

// Info returns the rule set.
func (g *Game) Info() *rules.Info { return Info }

// Options returns size=N when the size is not the default 8.
func (g *Game) Options() rules.Options {
	o := rules.Options{}
	if g.n != 8 {
		o["size"] = strconv.Itoa(g.n)
	}
	return o
}

// Size is the number of points along an edge.
func (g *Game) Size() int { return g.n }

// SideToMove is the colour to place: 0 black, 1 white.
func (g *Game) SideToMove() int { return int(g.toMove) - 1 }

// SideName names a colour.
func (g *Game) SideName(side int) string {
	switch side {
	case 0:
		return "black"
	case 1:
		return "white"
	}
	return "?"
}

// SwapAvailable reports whether White may swap now.
func (g *Game) SwapAvailable() bool { return g.swapAvail && g.winner < 0 }

// Ply counts the moves that Unplay can take back.
func (g *Game) Ply() int { return len(g.hist) }

// LastCaptured is always nil: Konobi has no captures.
func (g *Game) LastCaptured() []string { return nil }

// Hash is a Zobrist key of the stones, the colour to place and the swap flag.
func (g *Game) Hash() uint64 { return g.hash }

// Result reports a win for the colour whose chain joins its edges.
func (g *Game) Result() rules.Result {
	switch g.winner {
	case 0:
		return rules.Result{Status: rules.Win, Winner: 0, Reason: "black connected top and bottom"}
	case 1:
		return rules.Result{Status: rules.Win, Winner: 1, Reason: "white connected left and right"}
	}
	return rules.Result{Status: rules.Ongoing, Winner: -1}
}

// Clone returns an independent copy, history included.
func (g *Game) Clone() rules.Game {
	c := *g
	c.hist = append([]undo(nil), g.hist...)
	c.pbuf = nil
	return &c
}

// PointName writes a padded index as "d4".
func (g *Game) PointName(p int) string {
	r, c := g.rc(p)
	return string(rune('a'+c)) + strconv.Itoa(r+1)
}

// FormatMove writes a point, "pass" or "swap".
func (g *Game) FormatMove(m rules.Move) string {
	switch m {
	case MovePass:
		return "pass"
	case MoveSwap:
		return "swap"
	}
	p := int(m)
	if p <= 0 || p >= maxCell || g.cells[p] == off {
		return "?"
	}
	return g.PointName(p)
}

// MoveSquares names the point of a placement; nil for a pass or a swap.
func (g *Game) MoveSquares(m rules.Move) []string {
	p := int(m)
	if m == MovePass || m == MoveSwap || p <= 0 || p >= maxCell || g.cells[p] == off {
		return nil
	}
	return []string{g.PointName(p)}
}

// Moves lists the legal placements (rank 1 first, files a..), then swap when
// White may swap; a forced pass is the only move when no placement is legal.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.winner >= 0 {
		return buf
	}
	start := len(buf)
	c := g.toMove
	for r := 0; r < g.n; r++ {
		p := g.idx(r, 0)
		for e := p + g.n; p < e; p++ {
			if g.cells[p] == empty && g.legal(p, c) {
				buf = append(buf, rules.Move(p))
			}
		}
	}
	if len(buf) == start {
		buf = append(buf, MovePass)
	}
	if g.swapAvail {
		buf = append(buf, MoveSwap)
	}
	return buf
}

// countMoves is len(Moves(nil)) without building the list.
func (g *Game) countMoves() uint64 {
	if g.winner >= 0 {
		return 0
	}
	var k uint64
	c := g.toMove
	for r := 0; r < g.n; r++ {
		p := g.idx(r, 0)
		for e := p + g.n; p < e; p++ {
			if g.cells[p] == empty && g.legal(p, c) {
				k++
			}
		}
	}
	if k == 0 {
		k = 1
	}
	if g.swapAvail {
		k++
	}
	return k
}

// hasPlacement reports whether the colour to place has a legal placement,
// and returns the first one.
func (g *Game) hasPlacement() (int, bool) {
	c := g.toMove
	for r := 0; r < g.n; r++ {
		p := g.idx(r, 0)
		for e := p + g.n; p < e; p++ {
			if g.cells[p] == empty && g.legal(p, c) {
				return p, true
			}
		}
	}
	return 0, false
}

// Play makes a legal move.
func (g *Game) Play(m rules.Move) {
	g.hist = append(g.hist, undo{move: m, swapAvail: g.swapAvail, winner: g.winner, hash: g.hash})
	if g.swapAvail {
		g.hash ^= zSwap
	}
	switch m {
	case MoveSwap:
		g.swapAvail = false
		return
	case MovePass:
		g.swapAvail = false
		g.toMove = 3 - g.toMove
		g.hash ^= zSide
		return
	}
	p := int(m)
	c := g.toMove
	g.cells[p] = c
	g.stones++
	g.hash ^= zStone[c-1][p] ^ zSide
	g.toMove = 3 - c
	g.swapAvail = g.stones == 1 && g.toMove == white
	if g.swapAvail {
		g.hash ^= zSwap
	}
	if g.wins(p, c) {
		g.winner = int8(c - 1)
	}
}

// Unplay takes back the last move.
func (g *Game) Unplay() {
	k := len(g.hist) - 1
	if k < 0 {
		return
	}
	u := g.hist[k]
	g.hist = g.hist[:k]
	switch u.move {
	case MoveSwap:
	case MovePass:
		g.toMove = 3 - g.toMove
	default:
		g.cells[int(u.move)] = empty
		g.stones--
		g.toMove = 3 - g.toMove
	}
	g.swapAvail = u.swapAvail
	g.winner = u.winner
	g.hash = u.hash
}

// Perft counts the leaves of the legal move tree, bulk-counting the last ply.
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	need := depth * (g.n*g.n + 2)
	if cap(g.pbuf) < need {
		g.pbuf = make([]rules.Move, 0, need)
	}
	g.pbuf = g.pbuf[:0]
	return g.perft(depth)
}

func (g *Game) perft(depth int) uint64 {
	if depth == 1 {
		return g.countMoves()
	}
	start := len(g.pbuf)
	g.pbuf = g.Moves(g.pbuf)
	end := len(g.pbuf)
	var n uint64
	for i := start; i < end; i++ {
		g.Play(g.pbuf[i])
		n += g.perft(depth - 1)
		g.Unplay()
	}
	g.pbuf = g.pbuf[:start]
	return n
}

// Position writes the position string.
func (g *Game) Position() string {
	var b strings.Builder
	b.Grow(g.n*(g.n+1) + 8)
	for r := g.n - 1; r >= 0; r-- {
		run := 0
		for c := 0; c < g.n; c++ {
			switch g.cells[g.idx(r, c)] {
			case empty:
				run++
				continue
			case black:
				if run > 0 {
					b.WriteString(strconv.Itoa(run))
					run = 0
				}
				b.WriteByte('B')
			case white:
				if run > 0 {
					b.WriteString(strconv.Itoa(run))
					run = 0
				}
				b.WriteByte('W')
			}
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if g.toMove == black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	if g.swapAvail {
		b.WriteString("swap")
	} else {
		b.WriteString("-")
	}
	return b.String()
}

// Parse reads a position string; the number of ranks sets the board size.
func Parse(s string) (*Game, error) {
	s = strings.TrimSpace(s)
	fields := strings.Split(s, " ")
	if len(fields) != 3 {
		return nil, fmt.Errorf("want 3 fields separated by single spaces (board, side to move, swap flag), got %d", len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	n := len(ranks)
	if n < minSize || n > maxSize {
		return nil, fmt.Errorf("board %q: %d ranks, want %d to %d", fields[0], n, minSize, maxSize)
	}
	g := &Game{}
	g.init(n)
	for i, rs := range ranks {
		r := n - 1 - i
		c := 0
		for j := 0; j < len(rs); j++ {
			ch := rs[j]
			switch {
			case ch == 'B' || ch == 'W':
				if c >= n {
					return nil, fmt.Errorf("rank %d (%q): more than %d points at character %d", r+1, rs, n, j+1)
				}
				if ch == 'B' {
					g.cells[g.idx(r, c)] = black
				} else {
					g.cells[g.idx(r, c)] = white
				}
				g.stones++
				c++
			case ch >= '1' && ch <= '9':
				k := j
				v := 0
				for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
					v = v*10 + int(rs[k]-'0')
					k++
					if v > maxSize {
						break
					}
				}
				if c+v > n {
					return nil, fmt.Errorf("rank %d (%q): run %q at character %d goes past %d points", r+1, rs, rs[j:k], j+1, n)
				}
				c += v
				j = k - 1
			case ch == '0':
				return nil, fmt.Errorf("rank %d (%q): empty run may not start with 0 (character %d)", r+1, rs, j+1)
			default:
				return nil, fmt.Errorf("rank %d (%q): unexpected %q at character %d, want B, W or a digit", r+1, rs, ch, j+1)
			}
		}
		if c != n {
			return nil, fmt.Errorf("rank %d (%q): %d points, want %d", r+1, rs, c, n)
		}
	}
	switch fields[1] {
	case "b":
		g.toMove = black
	case "w":
		g.toMove = white
	default:
		return nil, fmt.Errorf("side to move %q: want b or w", fields[1])
	}
	switch fields[2] {
	case "-":
	case "swap":
		if g.toMove != white || g.stones != 1 {
			return nil, fmt.Errorf("swap flag %q: swap is only possible with white to move and exactly one stone on the board", fields[2])
		}
		g.swapAvail = true
	default:
		return nil, fmt.Errorf("swap flag %q: want swap or -", fields[2])
	}
	if err := g.setWinnerFromScan(); err != nil {
		return nil, fmt.Errorf("board %q: %v", fields[0], err)
	}
	g.rehash()
	return g, nil
}

// setWinnerFromScan finds a winning chain anywhere on the board.
func (g *Game) setWinnerFromScan() error {
	bw, ww := g.scanWin(black), g.scanWin(white)
	switch {
	case bw && ww:
		return fmt.Errorf("both black and white connect their edges")
	case bw:
		g.winner = 0
	case ww:
		g.winner = 1
	default:
		g.winner = -1
	}
	return nil
}

// AnalysisDepth is the depth of an analysis given no limit
// (analysis.Depther): 8 on boards up to 5x5, whose analyses at that depth
// visit fewer positions a move than a 10x10 board's (or Tablut's) at the
// usual depth 6 (from the empty board: 48,537 against 63,544), else 6.
func (g *Game) AnalysisDepth() int {
	if g.n <= 5 {
		return 8
	}
	return 6
}
