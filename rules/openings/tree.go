// Package openings holds the opening tree of a collection of games: the
// positions of their first plies, transpositions merged, with for every
// move played the games that played it, how they ended, how long they
// lasted, and (optionally) the engine's score of the position it leads to.
// It is built from any record boardrepl reads (Build), merged from the
// parts of a sharded job (Merge), written and read as JSON lines, shown as
// text like lichess's opening explorer, and exported as an openings file
// for match --openings and as an opening book for the engine (export.go).
//
// A position is identified by engine.PositionKey: the game's Zobrist hash
// (the board and the side to move as the engine's table sees them; move
// counters such as Ataxx's clocks left out), or the hash of the position
// string for a game without one. Each position keeps the smallest
// position string met under its key, so that what a tree holds does not
// depend on the order its games were added in.
package openings

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// Outcomes of a game besides a win by side 0 or 1.
const (
	Draw       = -1
	Unfinished = -2 // no result: the record ends before the game does, with "*"
)

// Stats count games: how many, who won them, and their total length.
type Stats struct {
	Games int
	Wins  [2]int // games won by the first side, by the second
	Draws int
	Plies int // the total length of the games, in plies
}

// add counts a game.
func (s *Stats) add(winner, plies int) {
	s.Games++
	switch winner {
	case 0, 1:
		s.Wins[winner]++
	case Draw:
		s.Draws++
	}
	s.Plies += plies
}

func (s *Stats) merge(o Stats) {
	s.Games += o.Games
	s.Wins[0] += o.Wins[0]
	s.Wins[1] += o.Wins[1]
	s.Draws += o.Draws
	s.Plies += o.Plies
}

// Unfinished is the number of games without a result.
func (s Stats) Unfinished() int { return s.Games - s.Wins[0] - s.Wins[1] - s.Draws }

// For returns the wins, draws and losses from side's view.
func (s Stats) For(side int) (wins, draws, losses int) {
	return s.Wins[side], s.Draws, s.Wins[1-side]
}

// Score is side's score over the finished games, from 0 to 1 (a win 1, a
// draw 1/2); ok is false when no game has a result.
func (s Stats) Score(side int) (score float64, ok bool) {
	w, d, l := s.For(side)
	if w+d+l == 0 {
		return 0, false
	}
	return (float64(w) + float64(d)/2) / float64(w+d+l), true
}

// AvgPlies is the average length of the games in plies (0 for none).
func (s Stats) AvgPlies() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.Plies) / float64(s.Games)
}

// Eval is the engine's score of a position: from its side to move's view,
// by the selective search to Depth with a fresh table.
type Eval struct {
	Depth int
	Score int
}

// Node is a position of the tree.
type Node struct {
	Key      uint64
	Position string // the smallest position string met under Key
	Ply      int    // the fewest plies it was reached in
	Side     int    // the side to move
	Stats           // the games that reached it, each once
	Starts   int    // the games that started here
	Moves    []*Edge
	Eval     *Eval // nil when not searched (no --depth, or the game is over)
}

// Edge is a move of a position and the games that played it.
type Edge struct {
	Move string // in the game's notation
	To   uint64 // the key of the position it leads to
	Stats
}

// Move returns the edge of move m, or nil.
func (n *Node) Move(m string) *Edge {
	for _, e := range n.Moves {
		if e.Move == m {
			return e
		}
	}
	return nil
}

// SortedMoves returns the moves by games played, most first, then by
// their text.
func (n *Node) SortedMoves() []*Edge {
	out := slices.Clone(n.Moves)
	slices.SortFunc(out, func(a, b *Edge) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.Move, b.Move))
	})
	return out
}

// Tree is the opening tree of a collection of games of one game and
// options.
type Tree struct {
	Info    *rules.Info
	Options []string // the options in force that differ from the defaults (Info.FormatOptions)
	Plies   int      // the positions of the first Plies plies of each game
	// Depth is the depth of the engine's scores (Evaluate), 0 for none.
	Depth int
	// Games is the number of games added; Refused the number of records
	// Build could not add (an illegal move, another game), reported apart.
	Games, Refused int
	nodes          map[uint64]*Node
	hashed         bool // keys are the game's hashes (else of position strings)
}

// New returns an empty tree of the positions of the first plies plies of
// games of info with options (canonical or not: KEY=VALUE pairs).
func New(info *rules.Info, options []string, plies int) (*Tree, error) {
	if plies < 0 {
		return nil, fmt.Errorf("plies %d: cannot be negative", plies)
	}
	opts, err := info.ParseOptions(options)
	if err != nil {
		return nil, err
	}
	g, err := info.New(opts)
	if err != nil {
		return nil, err
	}
	_, hashed := g.(rules.Hasher)
	return &Tree{Info: info, Options: info.FormatOptions(opts), Plies: plies, nodes: map[uint64]*Node{}, hashed: hashed}, nil
}

// KeyKind says what identifies a position: "hash" (the game's Zobrist
// hash) or "position" (the hash of its position string).
func (t *Tree) KeyKind() string {
	if t.hashed {
		return "hash"
	}
	return "position"
}

// Len is the number of positions.
func (t *Tree) Len() int { return len(t.nodes) }

// Node returns the position of key k, or nil.
func (t *Tree) Node(k uint64) *Node { return t.nodes[k] }

// Lookup returns the position of g in the tree, or nil (a position of
// another game or options is never in it).
func (t *Tree) Lookup(g rules.Game) *Node {
	if g.Info() != t.Info || !slices.Equal(t.Info.FormatOptions(g.Options()), t.Options) {
		return nil
	}
	return t.nodes[engine.PositionKey(g)]
}

// Nodes returns every position, in the order the tree is written: by the
// fewest plies to reach them, then by games, most first, then by position
// string.
func (t *Tree) Nodes() []*Node {
	out := make([]*Node, 0, len(t.nodes))
	for _, n := range t.nodes {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b *Node) int {
		return cmp.Or(cmp.Compare(a.Ply, b.Ply), cmp.Compare(b.Games, a.Games), strings.Compare(a.Position, b.Position))
	})
	return out
}

// Pos is a position of a game on its way through the tree.
type Pos struct {
	Key      uint64
	Position string
	Side     int
}

// Game is what one game brings to a tree: the positions of its first
// plies (its start, then the position after each move) and the moves
// between them, its outcome and its length.
type Game struct {
	Info      *rules.Info
	Options   []string // as Tree.Options
	Positions []Pos    // at most Plies+1
	Moves     []string // len(Positions)-1
	Winner    int      // 0 or 1, Draw or Unfinished
	Length    int      // the plies of the whole game
}

// Walk reads what a game brings to a tree of plies plies: l is the game
// replayed (line.Replay), result its record's result token. The outcome
// is the one the rules give at the end of the line (or the players'
// agreement the record states), else the record's result (a resignation,
// an adjudication, a loss on time), else Unfinished.
func Walk(l *line.Line, result string, plies int) (Game, error) {
	info := l.Info()
	g, err := info.Parse(l.Options(), l.Start())
	if err != nil {
		return Game{}, err
	}
	out := Game{Info: info, Options: l.OptionPairs(), Length: l.Cursor(), Winner: Unfinished}
	n := min(plies, l.Cursor())
	out.Positions = make([]Pos, 0, n+1)
	out.Moves = make([]string, 0, n)
	for i := 0; ; i++ {
		out.Positions = append(out.Positions, Pos{Key: engine.PositionKey(g), Position: g.Position(), Side: g.SideToMove()})
		if i == n {
			break
		}
		p := l.At(i)
		out.Moves = append(out.Moves, p.Text)
		g.Play(p.Move)
	}
	switch res := l.Result(); {
	case res.Status == rules.Win:
		out.Winner = res.Winner
	case res.Status == rules.Draw:
		out.Winner = Draw
	case result == record.FirstWins:
		out.Winner = 0
	case result == record.SecondWins:
		out.Winner = 1
	case result == record.DrawResult:
		out.Winner = Draw
	}
	return out, nil
}

// Add counts a game in the tree: every position of it and every move it
// played there, each once even when the game passes a position twice.
func (t *Tree) Add(g Game) error {
	if g.Info != t.Info || !slices.Equal(g.Options, t.Options) {
		return fmt.Errorf("a game of %s, but the tree is of %s", describe(g.Info, g.Options), describe(t.Info, t.Options))
	}
	if len(g.Positions) == 0 || len(g.Positions) > t.Plies+1 || len(g.Moves) != len(g.Positions)-1 {
		return fmt.Errorf("a game of %d positions and %d moves in a tree of %d plies", len(g.Positions), len(g.Moves), t.Plies)
	}
	t.Games++
	var seen []*Node
	var played []*Edge
	for i, p := range g.Positions {
		n := t.nodes[p.Key]
		if n == nil {
			n = &Node{Key: p.Key, Position: p.Position, Ply: i, Side: p.Side}
			t.nodes[p.Key] = n
		} else {
			if p.Position < n.Position {
				n.Position, n.Eval = p.Position, nil // a score is of its position string
			}
			n.Ply = min(n.Ply, i)
		}
		if i == 0 {
			n.Starts++
		}
		if !slices.Contains(seen, n) {
			seen = append(seen, n)
			n.add(g.Winner, g.Length)
		}
		if i == len(g.Moves) {
			break
		}
		e := n.Move(g.Moves[i])
		if e == nil {
			e = &Edge{Move: g.Moves[i], To: g.Positions[i+1].Key}
			n.Moves = append(n.Moves, e)
		}
		if !slices.Contains(played, e) {
			played = append(played, e)
			e.add(g.Winner, g.Length)
		}
	}
	return nil
}

// describe names a game and its options: "ataxx", "konobi size=6".
func describe(info *rules.Info, options []string) string {
	return strings.Join(append([]string{info.ID}, options...), " ")
}

// Describe names the tree's game and options: "ataxx", "konobi size=6".
func (t *Tree) Describe() string { return describe(t.Info, t.Options) }

// Merge adds the games of o, a tree of the same game, options and plies,
// to t: the counts of every position and move are added. The engine's
// scores are kept where either tree has them; trees searched to two
// different depths are not merged.
func (t *Tree) Merge(o *Tree) error {
	switch {
	case o.Info != t.Info || !slices.Equal(o.Options, t.Options):
		return fmt.Errorf("a tree of %s, not of %s", o.Describe(), t.Describe())
	case o.Plies != t.Plies:
		return fmt.Errorf("a tree of %d plies, not %d", o.Plies, t.Plies)
	case o.Depth != t.Depth && o.Depth != 0 && t.Depth != 0:
		return fmt.Errorf("a tree scored at depth %d, not %d", o.Depth, t.Depth)
	}
	for k, on := range o.nodes {
		if n := t.nodes[k]; n != nil && n.Side != on.Side {
			return fmt.Errorf("position %s: %s to move, but %s in the other tree", on.Position, t.Info.Sides[on.Side], t.Info.Sides[n.Side])
		}
		for _, oe := range on.Moves {
			if n := t.nodes[k]; n != nil {
				if e := n.Move(oe.Move); e != nil && e.To != oe.To {
					return fmt.Errorf("position %s: move %s leads to %016x, but to %016x in the other tree", on.Position, oe.Move, e.To, oe.To)
				}
			}
		}
	}
	t.Games += o.Games
	t.Refused += o.Refused
	t.Depth = max(t.Depth, o.Depth)
	for k, on := range o.nodes {
		n := t.nodes[k]
		if n == nil {
			n = &Node{Key: k, Position: on.Position, Ply: on.Ply, Side: on.Side, Eval: on.Eval}
			t.nodes[k] = n
		} else {
			if on.Position < n.Position || on.Position == n.Position && n.Eval == nil {
				n.Position, n.Eval = on.Position, on.Eval
			}
			n.Ply = min(n.Ply, on.Ply)
		}
		n.Stats.merge(on.Stats)
		n.Starts += on.Starts
		for _, oe := range on.Moves {
			e := n.Move(oe.Move)
			if e == nil {
				e = &Edge{Move: oe.Move, To: oe.To}
				n.Moves = append(n.Moves, e)
			}
			e.Stats.merge(oe.Stats)
		}
	}
	return nil
}
