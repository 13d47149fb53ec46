// Package solve is an exact puzzle solver over the rules contract: an AND-OR
// search that proves or refutes a goal for the side to move within a number
// of plies, and returns the line that reaches it.
//
// The side to move at the root is the attacker: at its nodes one move that
// reaches the goal is enough (OR); at the defender's nodes every move must
// (AND). There is no evaluation and no pruning by heuristics: a "proved"
// answer is a proof, a "refuted" one means that no strategy of the attacker
// reaches the goal within the horizon against every defence.
//
// Goals:
//   - Win: the game ends with the attacker as the winner.
//   - Capture: the attacker's own moves capture at least K (pieces removed or
//     converted, as the game's LastCaptured names them; seeds for pit games,
//     counted as the seeds that leave the board).
//
// The solver finds the shortest way to the goal (in plies) against the
// longest resistance, so the line it returns is the canonical solution: the
// attacker's fastest move at each of its turns, and at the defender's turns
// the first move (in the game's move order) that delays the goal longest.
//
// A transposition cache keyed by the game's Hash (rules.Hasher), the plies
// left and the captures so far speeds up the search. Positions are cached by
// their hash alone, so in games whose outcome can depend on the history
// (a draw by repetition in Tablut Ashton, Oware's repeated positions) two
// transposed paths share an entry; set Options.NoCache for a search that
// follows every path on its own.
package solve

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// Kind is the kind of goal.
type Kind int

const (
	Win     Kind = iota // the attacker wins the game
	Capture             // the attacker captures at least Count
)

func (k Kind) String() string {
	if k == Capture {
		return "capture"
	}
	return "win"
}

// Goal is what the side to move wants within Plies plies.
type Goal struct {
	Kind  Kind
	Plies int // the horizon, in plies (the attacker moves at plies 1, 3, 5...)
	Count int // Capture: at least this many
}

// MaxPlies bounds the horizon: an exact search beyond it would not end.
const MaxPlies = 64

// ParseGoal reads a goal written as in puzzle files:
//
//	win N              the side to move wins within N of its own moves
//	capture K in N     the side to move captures at least K within N of its moves
//
// N counts the attacker's moves, so the horizon is 2N-1 plies. A suffix
// "plies" ("win 3 plies", "capture 2 in 3 plies") gives the horizon in plies.
func ParseGoal(s string) (Goal, error) {
	f := strings.Fields(strings.ToLower(s))
	bad := func(why string) (Goal, error) {
		return Goal{}, fmt.Errorf("goal %q: %s (want \"win N\" or \"capture K in N\")", s, why)
	}
	inPlies := false
	if len(f) > 0 && (f[len(f)-1] == "plies" || f[len(f)-1] == "ply") {
		inPlies = true
		f = f[:len(f)-1]
	} else if len(f) > 0 && (f[len(f)-1] == "moves" || f[len(f)-1] == "move") {
		f = f[:len(f)-1]
	}
	var g Goal
	var n string
	switch {
	case len(f) == 2 && f[0] == "win":
		g.Kind, n = Win, f[1]
	case len(f) == 4 && f[0] == "capture" && f[2] == "in":
		g.Kind, n = Capture, f[3]
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 1 {
			return bad(fmt.Sprintf("count %q is not a number >= 1", f[1]))
		}
		g.Count = k
	default:
		return bad("unknown form")
	}
	v, err := strconv.Atoi(n)
	if err != nil || v < 1 {
		return bad(fmt.Sprintf("horizon %q is not a number >= 1", n))
	}
	if inPlies {
		g.Plies = v
	} else {
		if v > MaxPlies {
			return bad(fmt.Sprintf("horizon %d is beyond %d plies", v, MaxPlies))
		}
		g.Plies = 2*v - 1
	}
	if g.Plies > MaxPlies {
		return bad(fmt.Sprintf("horizon %d is beyond %d plies", g.Plies, MaxPlies))
	}
	return g, nil
}

// String writes the goal back in plies ("win 3 plies").
func (g Goal) String() string {
	if g.Kind == Capture {
		return fmt.Sprintf("capture %d in %d plies", g.Count, g.Plies)
	}
	return fmt.Sprintf("win %d plies", g.Plies)
}

// Options tune a search.
type Options struct {
	// NoCache turns the transposition cache off.
	NoCache bool
	// MaxNodes stops the search with ErrNodeLimit after this many nodes
	// (0: no limit).
	MaxNodes uint64
}

// Result is the outcome of a search.
type Result struct {
	Proved bool
	// Plies is the length of the shortest forced way to the goal (when
	// proved).
	Plies int
	// Line is the solution: the attacker's moves and the defender's longest
	// resistance, in the game's notation (when proved).
	Line []string
	// Nodes counts the positions searched.
	Nodes uint64
}

// ErrNodeLimit is returned when Options.MaxNodes is reached.
var ErrNodeLimit = errors.New("node limit reached")

const inf = 1 << 30

type key struct {
	hash     uint64
	captured int32
}

// entry is what the cache knows of a position: its distance d when it was
// proved within left plies (d <= left), or that it is not provable within
// left plies (d == inf).
type entry struct {
	d, left int32
}

type solver struct {
	ctx      context.Context
	goal     Goal
	opts     Options
	attacker int
	hasher   rules.Hasher
	cache    map[key]entry
	nodes    uint64
	pits     bool
	bufs     [][]rules.Move
	err      error
}

// Solve searches from g's position (g is not changed: the search works on a
// clone). It returns an error for a bad goal, a cancelled context or the node
// limit.
func Solve(ctx context.Context, g rules.Game, goal Goal, opts Options) (Result, error) {
	c := g.Clone()
	s, err := newSolver(ctx, c, goal, opts)
	if err != nil {
		return Result{}, err
	}
	d := s.dist(c, goal.Plies, 0)
	if s.err != nil {
		return Result{Nodes: s.nodes}, s.err
	}
	res := Result{Nodes: s.nodes}
	if d > goal.Plies {
		return res, nil
	}
	res.Proved, res.Plies = true, d
	line, err := s.line(c, d)
	res.Line = line
	res.Nodes = s.nodes
	return res, err
}

// newSolver checks the goal and makes a solver for the side to move of c
// (which it searches on).
func newSolver(ctx context.Context, c rules.Game, goal Goal, opts Options) (*solver, error) {
	if goal.Plies < 1 || goal.Plies > MaxPlies {
		return nil, fmt.Errorf("horizon %d plies: want 1 to %d", goal.Plies, MaxPlies)
	}
	if goal.Kind == Capture && goal.Count < 1 {
		return nil, fmt.Errorf("capture count %d: want at least 1", goal.Count)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s := &solver{ctx: ctx, goal: goal, opts: opts, attacker: c.SideToMove(), pits: IsPits(c)}
	if h, ok := c.(rules.Hasher); ok && !opts.NoCache {
		s.hasher = h
		s.cache = map[key]entry{}
	}
	s.bufs = make([][]rules.Move, goal.Plies+1)
	return s, nil
}

// Verdict is what Verify found of a line offered as a solution.
type Verdict struct {
	// Bad is the index in the line of its first move that is not legal, or
	// comes once the goal is reached or the horizon used up, or, for one of
	// the attacker's moves, lets the goal escape (it cannot be forced in the
	// plies left after it); -1 when every move holds. Why says what.
	Bad int
	Why string
	// Line is the line checked for uniqueness: the one given, then, when it
	// stops before the goal, the solver's line from there on.
	Line []string
	// Turns, when uniqueness was asked, has one entry for each of the
	// attacker's turns along Line.
	Turns []Turn
	Nodes uint64
}

// Turn is one of the attacker's turns along a solution: its ply (from 1),
// the solution's move and the other moves that also force the goal in the
// plies left.
type Turn struct {
	Ply    int
	Move   string
	Others []string
}

// Unique reports whether every turn of the attacker has a single winning
// move.
func (v Verdict) Unique() bool {
	for _, t := range v.Turns {
		if len(t.Others) > 0 {
			return false
		}
	}
	return true
}

// Verify checks a solution someone wrote for the goal from g's position
// (g is not changed): any line the solver proves is a solution, the
// solver's own canonical line or another, so each of the attacker's moves
// in it must keep the goal forced within the plies left after it (the
// defender's moves need only be legal: any defence loses). With unique it
// also lists, at each of the attacker's turns along the line (continued by
// the solver's line when it stops short of the goal), the other moves that
// force the goal too: puzzle sites want a single one at every turn.
func Verify(ctx context.Context, g rules.Game, goal Goal, line []string, unique bool, opts Options) (Verdict, error) {
	c := g.Clone()
	s, err := newSolver(ctx, c, goal, opts)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Bad: -1}
	captured, left := 0, goal.Plies
	check := func(text string) (ok bool, err error) {
		switch done, failed := s.reached(c, captured); {
		case done:
			return false, fmt.Errorf("the goal is reached before it")
		case failed:
			return false, fmt.Errorf("the game is over before it (%s)", rules.FormatResult(c, c.Result()))
		case left == 0:
			return false, fmt.Errorf("it is beyond the horizon of %d plies", goal.Plies)
		}
		m, err := c.ParseMove(text)
		if err != nil {
			return false, err
		}
		attacking := c.SideToMove() == s.attacker
		if attacking && unique {
			t := Turn{Ply: len(v.Line) + 1, Move: c.FormatMove(m)}
			for _, o := range c.Moves(nil) {
				if o == m {
					continue
				}
				cc := s.play(c, o, true, captured)
				d := s.dist(c, left-1, cc)
				c.Unplay()
				if d <= left-1 {
					t.Others = append(t.Others, c.FormatMove(o))
				}
			}
			v.Turns = append(v.Turns, t)
		}
		captured = s.play(c, m, attacking, captured)
		left--
		v.Line = append(v.Line, c.FormatMove(m))
		if attacking && s.dist(c, left, captured) > left {
			return false, fmt.Errorf("after it the goal cannot be forced in the %s left", plies(left))
		}
		return true, s.err
	}
	for i, text := range line {
		ok, err := check(text)
		if s.err != nil {
			return v, s.err
		}
		if !ok {
			v.Bad, v.Why = i, err.Error()
			v.Nodes = s.nodes
			return v, nil
		}
	}
	if unique {
		// The rest of the way to the goal, as the solver plays it.
		if d := s.dist(c, left, captured); d <= left {
			rest, err := s.line(c, d)
			if err != nil {
				return v, err
			}
			for _, text := range rest {
				if _, err := check(text); err != nil {
					return v, err
				}
			}
		}
	}
	v.Nodes = s.nodes
	return v, s.err
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// reached reports whether the goal is met at a node with the given captures.
func (s *solver) reached(g rules.Game, captured int) (done, failed bool) {
	if s.goal.Kind == Capture && captured >= s.goal.Count {
		return true, false
	}
	r := g.Result()
	if r.Over() {
		if s.goal.Kind == Win && r.Status == rules.Win && r.Winner == s.attacker {
			return true, false
		}
		return false, true
	}
	return false, false
}

// dist returns the number of plies within which the attacker forces the
// goal from g (at most left), or inf.
func (s *solver) dist(g rules.Game, left, captured int) int {
	s.nodes++
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
		}
		if s.opts.MaxNodes > 0 && s.nodes > s.opts.MaxNodes {
			s.err = ErrNodeLimit
		}
	}
	if s.err != nil {
		return inf
	}
	done, failed := s.reached(g, captured)
	if done {
		return 0
	}
	if failed || left == 0 {
		return inf
	}
	var k key
	if s.cache != nil {
		k = key{s.hasher.Hash(), int32(captured)}
		if e, ok := s.cache[k]; ok {
			switch {
			case e.d < inf && int(e.d) <= left:
				return int(e.d) // the shortest distance is the same for any horizon >= d
			case e.d < inf || int(e.left) >= left:
				return inf // proved only beyond left, or refuted within more plies
			}
		}
	}
	moves := g.Moves(s.bufs[left][:0])
	s.bufs[left] = moves
	attacking := g.SideToMove() == s.attacker
	best := inf
	if !attacking {
		best = 0
	}
	lim := left
	for i := 0; i < len(moves); i++ {
		c := s.play(g, moves[i], attacking, captured)
		d := s.dist(g, lim-1, c)
		g.Unplay()
		if s.err != nil {
			return inf
		}
		if attacking {
			if d < inf && d+1 < best {
				best = d + 1
				lim = best - 1
				if lim < 1 {
					break
				}
			}
		} else {
			if d >= inf {
				best = inf
				break
			}
			if d+1 > best {
				best = d + 1
			}
		}
		// The move buffer of this depth may have been reused below.
		moves = s.bufs[left]
	}
	if len(moves) == 0 {
		best = inf
	}
	if best > left {
		best = inf
	}
	if s.cache != nil && s.err == nil {
		// An attacker's result found with a lowered limit is still exact:
		// lim only shrinks once a better distance is known.
		s.cache[k] = entry{int32(best), int32(left)}
	}
	return best
}

// play makes move m and returns the attacker's capture count after it
// (PlayCounting).
func (s *solver) play(g rules.Game, m rules.Move, attacking bool, captured int) int {
	return PlayCounting(g, m, attacking && s.goal.Kind == Capture, s.pits, captured)
}

// PlayCounting makes move m on g and returns the capture count after it:
// captured, plus, when counting (the attacker's move under a capture
// goal), what m took: the seeds that left the board in a pit game (pits:
// IsPits(g)), else the captured squares. The solver counts a capture goal
// so, and so must whoever checks its lines.
func PlayCounting(g rules.Game, m rules.Move, counting, pits bool, captured int) int {
	before := 0
	if counting && pits {
		before = seeds(g)
	}
	g.Play(m)
	switch {
	case !counting:
		return captured
	case pits:
		return captured + before - seeds(g)
	}
	return captured + len(g.LastCaptured())
}

// line rebuilds the solution of length d from g.
func (s *solver) line(g rules.Game, d int) ([]string, error) {
	var out []string
	captured := 0
	played := 0
	defer func() {
		for ; played > 0; played-- {
			g.Unplay()
		}
	}()
	for d > 0 {
		if done, _ := s.reached(g, captured); done {
			break
		}
		attacking := g.SideToMove() == s.attacker
		moves := g.Moves(nil)
		found := false
		for _, m := range moves {
			c := s.play(g, m, attacking, captured)
			cd := s.dist(g, d-1, c)
			if s.err != nil {
				g.Unplay()
				return out, s.err
			}
			if cd == d-1 {
				out = append(out, g.FormatMove(m))
				captured = c
				played++
				found = true
				break
			}
			g.Unplay()
		}
		if !found {
			return out, fmt.Errorf("solve: internal error: no move keeps the distance %d at %q", d, g.Position())
		}
		d--
	}
	return out, nil
}

// IsPits reports whether the game counts seeds in pits: every cell has a
// label and a numeric (or empty) piece.
func IsPits(g rules.Game) bool {
	b := g.Board()
	if len(b.Cells) == 0 {
		return false
	}
	for _, c := range b.Cells {
		if c.Label == "" {
			return false
		}
		if c.Piece != "" {
			if _, err := strconv.Atoi(c.Piece); err != nil {
				return false
			}
		}
	}
	return true
}

// seeds counts the seeds on the board of a pit game.
func seeds(g rules.Game) int {
	n := 0
	for _, c := range g.Board().Cells {
		if v, err := strconv.Atoi(c.Piece); err == nil {
			n += v
		}
	}
	return n
}
