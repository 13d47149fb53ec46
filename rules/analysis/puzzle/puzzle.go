// Package puzzle mines puzzles from analysed games: the positions just
// after a mistake (a move rules/analysis marks ? or ??) where the side to
// move has a forced gain that the exact solver (rules/solve) proves, kept
// only when they are sound as puzzle sites require:
//
//   - the goal is proved at its shortest length d (a win: a king escape or
//     capture, a connection, the game won; or a capture of at least K
//     pieces, conversions or seeds, with the solver's Capture goal), for
//     every defence (the solver's AND nodes);
//   - at each of the solver's turns along the solution exactly one move
//     keeps the goal within the plies left: every other move is proven not
//     to (Check);
//   - it is not trivial: longer than one ply, or a one-ply win that is not
//     the only move visible: not the only legal move, and not the move the
//     game's static move ordering (rules.MoveOrderer) puts first, which an
//     engine, and a player looking for the most forcing move, tries first;
//   - it is not a repeat of a puzzle already in the set (Set, by Key: the
//     position up to the board symmetries the game's special squares keep).
//
// Every judgement is another package's: the marks are rules/analysis's
// (the verdicts of `analyse`), the proofs are rules/solve's, run without its
// transposition cache (so that a repetition draw, which depends on the
// path, is never taken from another path), and the difficulty is measured
// with the engine's selective search (Rate).
//
// The order of the work is a matter of cost, not of result. A move is only
// marked when its mark at the analysis' own depth holds at the confirming
// depths (analysis.Ply.FirstMark, then Mark), and the confirming searches
// cost the most; so every move is judged first at the analysis' depth
// without them, the solver tries the moves marked there, and only a move
// that leaves a sound puzzle is judged again in full (Judge, confirmation
// included) and kept when it is still marked. The puzzles are those of a
// full analysis followed by the solver on its marks, at a third of the cost
// on Tablut self-play games. Options.Scan makes the first pass shallower
// still, and then mistakes it does not see are missed.
package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/engine"
	"boardrepl/rules/solve"
)

// Defaults of Options.
const (
	// DefaultPlies is the longest solution looked for: three moves of the
	// solver (5 plies). A refutation costs the solver about 200,000 nodes
	// in a Tablut middle game at 5 plies, fifty times as many at 7.
	DefaultPlies = 5
	// DefaultNodes bounds each search of the solver (a proof, a
	// refutation); a candidate that needs more is dropped (OverBudget).
	DefaultNodes = 2_000_000
)

// DefaultCapture is the capture goal K of a game when no win is proved: 4
// seeds in Oware, 4 pieces converted in Ataxx; 0 (no capture goal) in the
// games whose goal is the win alone (Tablut: an escape or the king's
// capture; Konobi: a connection).
func DefaultCapture(info *rules.Info) int {
	switch info.ID {
	case "oware", "ataxx":
		return 4
	}
	return 0
}

// Options configure a miner.
type Options struct {
	// Analysis are the options of the analysis whose marks are the
	// mistakes (as `analyse` takes them).
	Analysis analysis.Options
	// Scan, when above 0, is the depth of the first pass instead of the
	// analysis' own limits: every ply is judged at that depth without
	// confirmation, only the plies it marks are tried, and a sound puzzle
	// is kept only when the analysis with Analysis marks its move too. A
	// first pass shallower than the analysis misses the mistakes it does
	// not see.
	Scan int
	// MaxPlies is the longest solution looked for, in plies (DefaultPlies
	// when 0).
	MaxPlies int
	// Capture is the capture goal K (DefaultCapture when 0, none when
	// negative).
	Capture int
	// Nodes bounds each search of the solver (DefaultNodes when 0).
	Nodes uint64
}

func (o Options) maxPlies() int {
	if o.MaxPlies <= 0 {
		return DefaultPlies
	}
	return min(o.MaxPlies, solve.MaxPlies)
}

func (o Options) nodes() uint64 {
	if o.Nodes == 0 {
		return DefaultNodes
	}
	return o.Nodes
}

// CaptureFor is the capture goal K of g under these options (0: none).
func (o Options) CaptureFor(info *rules.Info) int {
	switch {
	case o.Capture < 0:
		return 0
	case o.Capture == 0:
		return DefaultCapture(info)
	}
	return o.Capture
}

// Puzzle is a sound puzzle and where it comes from.
type Puzzle struct {
	Info     *rules.Info
	Options  []string // the game's options, as KEY=VALUE pairs
	Position string   // the position after the mistake, to move: Side
	Side     int
	Goal     solve.Goal // Plies: the shortest forced length
	Solution []string   // the solver's line: its moves and the longest defence
	// Mistake is the verdict on the move that allowed it (its Ply is the
	// move's number in the line, from 1).
	Mistake analysis.Ply
	Rating  Rating
}

// Game returns the puzzle's position, with no history.
func (p *Puzzle) Game() (rules.Game, error) { return p.Info.NewGame(p.Options, p.Position) }

// GoalText writes the goal as puzzle files do: "win 3", "capture 4 in 2"
// (N moves of the side to move: a horizon of 2N-1 plies), or, when the goal
// is reached on the defender's move (an even length), in plies: "win 4
// plies", so that the horizon stated is the solution's length.
func GoalText(g solve.Goal) string {
	n := fmt.Sprint((g.Plies + 1) / 2)
	if g.Plies%2 == 0 {
		n = fmt.Sprintf("%d plies", g.Plies)
	}
	if g.Kind == solve.Capture {
		return fmt.Sprintf("capture %d in %s", g.Count, n)
	}
	return "win " + n
}

// Reason says why a candidate is not a puzzle.
type Reason int

const (
	Kept        Reason = iota // a sound puzzle
	NoGoal                    // the solver proves no goal within the horizon
	OverBudget                // a search of the solver needed more than Options.Nodes
	NotUnique                 // at some turn a second move also reaches the goal
	Trivial                   // one ply, and the only move or the first the game's ordering tries
	Unconfirmed               // marked by the first pass, not by the analysis (its confirming searches)
	NoTurn                    // the game is over, or the other side must pass
	Repeat                    // the position of an earlier puzzle, up to symmetry (Set)
	// PathDependent: the solver's proof with its cache and without it
	// differ (a repetition draw that depends on the path), so the files'
	// checks would not agree on the solution.
	PathDependent
	numReasons
)

var reasonNames = [numReasons]string{"kept", "no_goal", "over_budget", "not_unique", "trivial", "unconfirmed", "no_turn", "repeat", "path_dependent"}

func (r Reason) String() string { return reasonNames[r] }

// Reasons lists every reason, in order.
func Reasons() []Reason {
	out := make([]Reason, numReasons)
	for i := range out {
		out[i] = Reason(i)
	}
	return out
}

// Stats count the candidates of a mining (the moves the first pass marks)
// by what became of them.
type Stats struct {
	Marked int // the candidates
	By     [numReasons]int
}

// Add adds t to s.
func (s *Stats) Add(t Stats) {
	s.Marked += t.Marked
	for i := range s.By {
		s.By[i] += t.By[i]
	}
}

// Miner mines puzzles; it holds engines and is not safe for concurrent use.
type Miner struct {
	opts Options
	full *analysis.Analyser // the analysis
	scan *analysis.Analyser // its first pass, without confirmation
	rate *engine.Engine
}

// New returns a miner. Its searches share one engine (each starts from an
// empty table), and a second, selective, one rates puzzles when the
// analysis is exact.
func New(opts Options) *Miner {
	ao := opts.Analysis
	if ao.Engine == nil {
		ao.Engine = analysis.NewEngine(ao.Exact, ao.Threads)
	}
	so := ao
	so.Confirm = -1
	if opts.Scan > 0 {
		so.Limits = engine.Limits{Depth: opts.Scan}
	}
	m := &Miner{opts: opts, full: analysis.New(ao), scan: analysis.New(so), rate: ao.Engine}
	if ao.Exact {
		m.rate = analysis.NewEngine(false, 1)
	}
	return m
}

// Mine finds the puzzles of a line of play, in the order of the mistakes
// that allowed them (repeats included: Set drops them), and counts what
// became of every candidate: the moves marked by the first pass. On an
// error (an interruption, a move the analysis cannot judge) it returns what
// it found so far with the error.
func (m *Miner) Mine(ctx context.Context, l analysis.Line) ([]Puzzle, Stats, error) {
	var st Stats
	rep, err := m.scan.Analyse(ctx, l, nil)
	if err != nil {
		return nil, st, err
	}
	info := l.Start.Info()
	opts := info.FormatOptions(l.Start.Options())
	g := l.Start.Clone()
	var out []Puzzle
	for i, p := range rep.Plies {
		g.Play(l.Steps[i].Move)
		if p.Forced || p.Mark == "" {
			continue
		}
		st.Marked++
		if over, _ := rules.Outcome(g); over || g.SideToMove() == p.Side {
			st.By[NoTurn]++
			continue
		}
		pz, why, err := m.Pose(ctx, info, opts, g.Position())
		if err != nil {
			return out, st, fmt.Errorf("ply %d: %v", p.Ply, err)
		}
		if why == Kept {
			// The first pass's mark, judged again as the analysis judges.
			before := l.Start.Clone()
			for _, s := range l.Steps[:i] {
				before.Play(s.Move)
			}
			if p, err = m.full.Judge(ctx, before, l.Steps[i].Move); err != nil {
				return out, st, fmt.Errorf("ply %d: %v", i+1, err)
			}
			p.Ply = i + 1
			if p.Mark == "" {
				why = Unconfirmed
			}
		}
		st.By[why]++
		if why != Kept {
			continue
		}
		pz.Mistake = p
		out = append(out, pz)
	}
	return out, st, nil
}

// Pose looks for a puzzle in a position (of the game info with options
// opts, read with no history): the first goal the solver proves (a win,
// then the capture goal), at its shortest length up to Options.MaxPlies
// (horizons 1, 3, 5... in turn), checked sound (Check), not trivial, and
// rated. The reason says why there is none; the error is an interruption.
func (m *Miner) Pose(ctx context.Context, info *rules.Info, opts []string, position string) (Puzzle, Reason, error) {
	g, err := info.NewGame(opts, position)
	if err != nil {
		return Puzzle{}, NoGoal, err
	}
	pz := Puzzle{Info: info, Options: opts, Position: position, Side: g.SideToMove()}
	goals := []solve.Goal{{Kind: solve.Win, Plies: m.opts.maxPlies()}}
	if k := m.opts.CaptureFor(info); k > 0 {
		goals = append(goals, solve.Goal{Kind: solve.Capture, Plies: m.opts.maxPlies(), Count: k})
	}
	why := NoGoal
	found := false
	budget := solve.Options{MaxNodes: m.opts.nodes()}
	for _, goal := range goals {
		res, err := deepen(ctx, g, goal, budget)
		if errors.Is(err, solve.ErrNodeLimit) {
			why = OverBudget
			continue
		}
		if err != nil {
			return pz, NoGoal, err
		}
		if !res.Proved {
			continue
		}
		goal.Plies = res.Plies
		// The proof again, without the cache, at the length found: the
		// solution written is the line of this proof, and it must be the
		// line check_puzzle's solver (with its cache) gives.
		exact, err := solve.Solve(ctx, g, goal, solve.Options{NoCache: true, MaxNodes: m.opts.nodes()})
		switch {
		case errors.Is(err, solve.ErrNodeLimit):
			return pz, OverBudget, nil
		case err != nil:
			return pz, NoGoal, err
		case !exact.Proved || exact.Plies != res.Plies || !slices.Equal(exact.Line, res.Line):
			// The cache took a result from another path (a repetition):
			// not a puzzle whose solution the files' checks agree on.
			return pz, PathDependent, nil
		}
		pz.Goal, pz.Solution, found = goal, exact.Line, true
		break
	}
	if !found {
		return pz, why, nil
	}
	if trivial(g, pz.Goal, pz.Solution) {
		return pz, Trivial, nil
	}
	v, err := Check(ctx, g, pz.Goal, pz.Solution, m.opts.nodes())
	switch {
	case errors.Is(err, solve.ErrNodeLimit):
		return pz, OverBudget, nil
	case err != nil:
		return pz, NoGoal, err
	case v != nil:
		return pz, NotUnique, nil
	}
	if pz.Rating, err = Rate(ctx, m.rate, g, pz.Goal, pz.Solution); err != nil {
		return pz, NoGoal, err
	}
	return pz, Kept, nil
}

// deepen solves goal from g at the horizons 1, 3, 5... up to goal.Plies,
// and stops at the first proof: a short win costs what its horizon costs,
// not what the longest does (the solver tries each move to the whole
// horizon before the next).
func deepen(ctx context.Context, g rules.Game, goal solve.Goal, opts solve.Options) (solve.Result, error) {
	var res solve.Result
	var err error
	for h := 1; ; h = min(h+2, goal.Plies) {
		sub := goal
		sub.Plies = h
		if res, err = solve.Solve(ctx, g, sub, opts); err != nil || res.Proved || h == goal.Plies {
			return res, err
		}
	}
}

// trivial reports whether a solution is trivial: one ply, and the only
// legal move or the first by the game's static move ordering (the highest
// rules.MoveOrderer score, the first in move order among equals).
func trivial(g rules.Game, goal solve.Goal, solution []string) bool {
	if goal.Plies > 1 || len(solution) != 1 {
		return false
	}
	moves := g.Moves(nil)
	if len(moves) <= 1 {
		return true
	}
	mo, ok := g.(rules.MoveOrderer)
	if !ok {
		return false
	}
	first, best := moves[0], mo.OrderMove(moves[0])
	for _, mv := range moves[1:] {
		if s := mo.OrderMove(mv); s > best {
			first, best = mv, s
		}
	}
	return g.FormatMove(first) == solution[0]
}

// Violation is a turn of the solver where the solution is not the only way
// to the goal: Ply (from 1) along the solution, the solution's move there,
// and another that also reaches the goal within the plies left.
type Violation struct {
	Ply         int
	Move, Other string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("ply %d: %s reaches the goal, and so does %s", v.Ply, v.Move, v.Other)
}

// Check checks that solution is the only way to goal from g (not changed):
// it is legal, it reaches the goal at its end and not before, and at each
// of the attacker's turns along it every other legal move fails to reach
// the goal within the plies left (each proven by the solver without its
// cache, within nodes a search). It returns the first turn with another
// way (nil when there is none), or an error (an illegal solution, a goal it
// does not reach, solve.ErrNodeLimit, an interruption). That the goal is
// forced against every defence is the solver's proof, not Check's.
func Check(ctx context.Context, g rules.Game, goal solve.Goal, solution []string, nodes uint64) (*Violation, error) {
	return walk(ctx, g, goal, solution, nodes, true)
}

// Replay checks, without searching, that solution is legal from g (not
// changed) and reaches goal at its end and not before, in goal.Plies plies.
func Replay(g rules.Game, goal solve.Goal, solution []string) error {
	_, err := walk(context.Background(), g, goal, solution, 0, false)
	return err
}

// walk plays the solution on a copy of g, checking each move and, when
// unique, the attacker's other moves at its turns (Check).
func walk(ctx context.Context, g rules.Game, goal solve.Goal, solution []string, nodes uint64, unique bool) (*Violation, error) {
	if len(solution) != goal.Plies {
		return nil, fmt.Errorf("the solution has %d plies, the goal %d", len(solution), goal.Plies)
	}
	c := g.Clone()
	attacker := c.SideToMove()
	captured := 0
	for i, text := range solution {
		mv, err := c.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("ply %d %q: %v", i+1, text, err)
		}
		if done, _ := reached(c, goal, attacker, captured); done {
			return nil, fmt.Errorf("ply %d: the goal is reached before the solution ends", i+1)
		}
		if unique && c.SideToMove() == attacker {
			left := goal.Plies - i
			for _, other := range c.Moves(nil) {
				if other == mv {
					continue
				}
				ok, err := reaches(ctx, c, other, goal, attacker, captured, left, nodes)
				if err != nil {
					return nil, err
				}
				if ok {
					return &Violation{Ply: i + 1, Move: text, Other: c.FormatMove(other)}, nil
				}
			}
		}
		captured = play(c, mv, goal, attacker, captured)
	}
	if done, _ := reached(c, goal, attacker, captured); !done {
		return nil, errors.New("the solution does not reach the goal")
	}
	return nil, nil
}

// reaches reports whether the attacker's move m from g (its turn, left
// plies to go, m's included) forces the goal: m reaches it, or every reply
// reaches it or leaves a position where the solver proves it within the
// plies left.
func reaches(ctx context.Context, g rules.Game, m rules.Move, goal solve.Goal, attacker, captured, left int, nodes uint64) (bool, error) {
	c := play(g, m, goal, attacker, captured)
	defer g.Unplay()
	if done, failed := reached(g, goal, attacker, c); done || failed || left == 1 {
		return done, nil
	}
	replies := g.Moves(nil)
	for _, r := range replies {
		g.Play(r)
		ok, failed := reached(g, goal, attacker, c)
		if !ok && !failed && left > 2 {
			sub := goal
			sub.Plies = left - 2
			sub.Count -= c
			res, err := solve.Solve(ctx, g, sub, solve.Options{NoCache: true, MaxNodes: nodes})
			if err != nil {
				g.Unplay()
				return false, err
			}
			ok = res.Proved
		}
		g.Unplay()
		if !ok {
			return false, nil
		}
	}
	return len(replies) > 0, nil
}

// play makes move m on g and returns the attacker's captures after it, as
// the solver counts them (solve.PlayCounting).
func play(g rules.Game, m rules.Move, goal solve.Goal, attacker, captured int) int {
	counting := goal.Kind == solve.Capture && g.SideToMove() == attacker
	return solve.PlayCounting(g, m, counting, counting && solve.IsPits(g), captured)
}

// reached reports whether the goal is met (done) or can no longer be (the
// game ended otherwise).
func reached(g rules.Game, goal solve.Goal, attacker, captured int) (done, failed bool) {
	if goal.Kind == solve.Capture && captured >= goal.Count {
		return true, false
	}
	if over, winner := rules.Outcome(g); over {
		return goal.Kind == solve.Win && winner == attacker, goal.Kind != solve.Win || winner != attacker
	}
	return false, false
}

// Name is a short name for a puzzle from a file: "server-02.rec 1, ply 17".
func Name(file string, record, ply int) string {
	base := file
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	return fmt.Sprintf("%s %d, after ply %d", base, record, ply)
}
