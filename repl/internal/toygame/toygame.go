// Package toygame is a tiny game (noughts and crosses with a centre "castle"
// square that only x may take) used to test the REPL without depending on the
// real games. It is registered as "toy" by Register; nothing in boardrepl
// proper imports it.
package toygame

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"boardrepl/rules"
)

// Info describes the toy game.
var Info = &rules.Info{
	ID:          "toy",
	Aliases:     []string{"ttt"},
	Name:        "Toy",
	Description: "noughts and crosses on 3x3; three in a row wins",
	Sides:       [2]string{"x", "o"},
	Options: []rules.OptionSpec{
		{Name: "first", Default: "x", Values: []string{"x", "o"}, Help: "the side that moves first"},
		{Name: "slow", Default: "off", Values: []string{"off", "on"}, Help: "sleep 20us in every Play (to test interrupts)"},
		{Name: "letters", Default: "off", Values: []string{"off", "on"}, Help: "name the cells a to i, a1 to c3 (moves then read like commands: d is a2)"},
	},
	Start: "3/3/3 x",
}

func init() {
	Info.New = func(opts rules.Options) (rules.Game, error) {
		g := &Game{opts: opts}
		if opts.Get("first") == "o" {
			g.side = 1
		}
		return g, nil
	}
	Info.Parse = func(opts rules.Options, s string) (rules.Game, error) {
		g := &Game{opts: opts}
		if err := g.parse(s); err != nil {
			return nil, err
		}
		return g, nil
	}
}

var once sync.Once

// Register adds the toy game to the registry (once).
func Register() { once.Do(func() { rules.Register(Info) }) }

// Game is a position of the toy game.
type Game struct {
	opts  rules.Options
	cells [9]int8 // -1 empty... stored as 0 empty, 1 x, 2 o
	side  int
	hist  []int
}

func name(i int) string { return string(rune('a'+i%3)) + string(rune('1'+i/3)) }

// name is cell i's name: a1..c3, or a..i with letters=on.
func (g *Game) name(i int) string {
	if g.opts.Get("letters") == "on" {
		return string(rune('a' + i))
	}
	return name(i)
}

func (g *Game) Info() *rules.Info { return Info }
func (g *Game) Options() rules.Options {
	o := rules.Options{}
	for _, kv := range Info.FormatOptions(g.opts) {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	return o
}
func (g *Game) SideToMove() int          { return g.side }
func (g *Game) SideName(side int) string { return Info.Sides[side] }

func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.Result().Over() {
		return buf
	}
	for i, c := range g.cells {
		if c == 0 && (i != 4 || g.side == 0) {
			buf = append(buf, rules.Move(i))
		}
	}
	return buf
}

func (g *Game) ParseMove(s string) (rules.Move, error) {
	s = strings.TrimSpace(s)
	i := -1
	switch {
	case g.opts.Get("letters") == "on":
		if len(s) == 1 && s[0] >= 'a' && s[0] <= 'i' {
			i = int(s[0] - 'a')
		}
	case len(s) == 2 && s[0] >= 'a' && s[0] <= 'c' && s[1] >= '1' && s[1] <= '3':
		i = int(s[1]-'1')*3 + int(s[0]-'a')
	}
	if i < 0 {
		return 0, fmt.Errorf("not a square: want %s..%s", g.name(0), g.name(8))
	}
	if r := g.Result(); r.Over() {
		return 0, fmt.Errorf("game is over (%s)", rules.FormatResult(g, r))
	}
	if g.cells[i] != 0 {
		return 0, fmt.Errorf("%s is occupied", g.name(i))
	}
	if i == 4 && g.side == 1 {
		return 0, fmt.Errorf("%s is the castle: only x may take it", g.name(4))
	}
	return rules.Move(i), nil
}

func (g *Game) FormatMove(m rules.Move) string { return g.name(int(m)) }
func (g *Game) Play(m rules.Move) {
	if g.opts.Get("slow") == "on" {
		time.Sleep(20 * time.Microsecond)
	}
	g.cells[m] = int8(g.side + 1)
	g.side ^= 1
	g.hist = append(g.hist, int(m))
}
func (g *Game) Unplay() {
	if len(g.hist) == 0 {
		return
	}
	m := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.cells[m] = 0
	g.side ^= 1
}
func (g *Game) Ply() int               { return len(g.hist) }
func (g *Game) LastCaptured() []string { return nil }

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (g *Game) Result() rules.Result {
	for _, l := range lines {
		if c := g.cells[l[0]]; c != 0 && c == g.cells[l[1]] && c == g.cells[l[2]] {
			return rules.Result{Status: rules.Win, Winner: int(c - 1), Reason: "three in a row " + g.name(l[0]) + "-" + g.name(l[2])}
		}
	}
	full := true
	for i, c := range g.cells {
		if c == 0 && (i != 4 || g.side == 0) {
			full = false
		}
	}
	if full {
		return rules.Result{Status: rules.Draw, Winner: -1, Reason: "no moves left"}
	}
	return rules.Result{Winner: -1}
}

func (g *Game) Position() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		run := 0
		for c := 0; c < 3; c++ {
			v := g.cells[r*3+c]
			if v == 0 {
				run++
				continue
			}
			if run > 0 {
				fmt.Fprint(&b, run)
				run = 0
			}
			b.WriteString(" xo"[v : v+1])
		}
		if run > 0 {
			fmt.Fprint(&b, run)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + Info.Sides[g.side])
	return b.String()
}

func (g *Game) parse(s string) error {
	board, side, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok {
		return fmt.Errorf("missing side to move")
	}
	ranks := strings.Split(board, "/")
	if len(ranks) != 3 {
		return fmt.Errorf("%d ranks, want 3", len(ranks))
	}
	for ri, rk := range ranks {
		r := 2 - ri
		c := 0
		for _, ch := range rk {
			switch {
			case ch >= '1' && ch <= '3':
				c += int(ch - '0')
			case ch == 'x' || ch == 'o':
				if c < 3 {
					g.cells[r*3+c] = int8(strings.IndexRune(" xo", ch))
				}
				c++
			default:
				return fmt.Errorf("rank %d (%q): bad character %q", r+1, rk, ch)
			}
		}
		if c != 3 {
			return fmt.Errorf("rank %d (%q): %d squares, want 3", r+1, rk, c)
		}
	}
	switch side {
	case "x":
		g.side = 0
	case "o":
		g.side = 1
	default:
		return fmt.Errorf("side to move %q: want x or o", side)
	}
	if g.cells[4] == 2 {
		return fmt.Errorf("o on the castle b2")
	}
	return nil
}

func (g *Game) Clone() rules.Game {
	c := *g
	c.hist = append([]int(nil), g.hist...)
	return &c
}

// MoveSquares names the cell a move fills.
func (g *Game) MoveSquares(m rules.Move) []string {
	if m >= 9 {
		return nil
	}
	return []string{g.name(int(m))}
}

func (g *Game) Board() rules.Board {
	b := rules.Board{Rows: 3, Cols: 3, Files: []string{"a", "b", "c"}, Ranks: []string{"3", "2", "1"}}
	if n := len(g.hist); n > 0 {
		b.Last = g.MoveSquares(rules.Move(g.hist[n-1]))
	}
	for r := 2; r >= 0; r-- {
		for c := 0; c < 3; c++ {
			i := r*3 + c
			cell := rules.Cell{Owner: -1, Name: g.name(i)}
			if v := g.cells[i]; v != 0 {
				cell.Piece = " xo"[v : v+1]
				cell.Owner = int(v - 1)
			}
			if i == 4 {
				cell.Special = rules.Castle
			}
			b.Cells = append(b.Cells, cell)
		}
	}
	b.Notes = []string{fmt.Sprintf("plies: %d", len(g.hist))}
	return b
}

// SetSquare implements rules.Editor.
func (g *Game) SetSquare(square, piece string) error {
	if len(square) != 2 || square[0] < 'a' || square[0] > 'c' || square[1] < '1' || square[1] > '3' {
		return fmt.Errorf("no square %q: want a1..c3", square)
	}
	i := int(square[1]-'1')*3 + int(square[0]-'a')
	var v int8
	switch piece {
	case "", ".":
	case "x":
		v = 1
	case "o":
		v = 2
	default:
		return fmt.Errorf("no piece %q: want x, o or '.'", piece)
	}
	if i == 4 && v == 2 {
		return fmt.Errorf("o may not stand on the castle b2")
	}
	g.cells[i] = v
	g.hist = g.hist[:0]
	return nil
}

// SetSideToMove implements rules.Editor.
func (g *Game) SetSideToMove(side int) error {
	if side != 0 && side != 1 {
		return fmt.Errorf("no side %d", side)
	}
	g.side = side
	g.hist = g.hist[:0]
	return nil
}
