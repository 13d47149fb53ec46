// Package analysis judges the moves of a game: every ply is scored at one
// depth (or time, or node count) and compared with the engine's best move;
// a move that loses enough is marked ? or ??, and only when a deeper search
// (Options.Confirm more plies) agrees. The REPL's analyse command, the
// batch `boardrepl analyse` of game records and the Lua layer all call it.
//
// How a move is scored. The position before the move is searched to depth d
// (its best move and score); the move played is scored by a search of the
// position after it to depth d-1, seen from the mover (so the best move and
// the played one are judged by searches of the same depth, and the odd/even
// swing of scores with depth cancels out). The loss is the best score
// minus the played one, in evaluation units (100 = about a piece or a
// seed). A loss of Dubious or more is `?`, of Blunder or more `??`; a move
// that throws away a proven win is `??` ("missed a win in N"), one that
// walks into a proven loss the best move avoids is `??` ("allows a loss in
// N"). A marked move is searched again 2 plies deeper, then 4 (up to
// Options.Confirm plies deeper, by steps of ConfirmStep), and keeps the
// mildest of the marks, with the numbers of the depth that gave it (every
// number of a Ply is of one depth, Ply.At): a verdict is only given when
// it holds at every depth from d to d+4. (With one confirming search at d+4, the verdicts of
// analyses at d and d+2 rested on four different depths, d, d+4, d+2 and
// d+6, and agreed less often than with one at d+2: 87.1 % of the plies of
// fixtures/tablut/games/server-04.rec; with the steps they share d+2 and
// d+4, and every record in fixtures/ agrees on 90 % or more.)
//
// Every search starts from an empty transposition table on one thread
// (unless Options.Threads asks for more), so the verdicts do not depend on
// what was searched before, on the order of the plies or on how the work is
// split.
//
// Which search. By default the analyser searches as the playing engines do
// (engine.Options.Selective: null move, reductions, pruning; repetitions
// scored as the rules score them, no contempt; no opening book), which
// sees several plies deeper than the exact search at the same cost. Its
// verdicts are steadier for it: the verdicts at depth d and d+2 agree far
// more often (docs/analysis.md gives the figures, measured with
// tools/agreement). Options.Exact asks for the exact search
// instead: the minimax value of the depth, every win within it found at
// its shortest distance (tests of proofs, and whoever needs that).
package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// Thresholds of the marks. A move is marked when it loses both enough
// evaluation units and enough of the mover's chances (below): losing three
// pieces in a lost position changes little, and is not a blunder. The
// chances thresholds are those of a mistake (?) and a blunder (??) on
// lichess: 10 and 15 points of expected score (0.2 and 0.3 of its winning
// chances from -1 to 1); what it calls an inaccuracy (5 points, ?!) is not
// marked: at the shallow depths of an analysis here such small losses come
// and go with one more ply (with ? at 5 points, the verdicts at depth 4 and
// 6 of the Oware records agreed on 88.0-93.8 % of plies; at 10 points on
// 91.6-93.1 %: go run ./tools/agreement -d 4 fixtures/oware/games/*).
const (
	Dubious = 100 // ?: about a piece or a seed ...
	Blunder = 300 // ??: about three

	DubiousChances = 10 // ... and 10 points of expected score (in %)
	BlunderChances = 15 // ??: and 15 points
)

// Chances is the mover's expected score in percent (0 = sure loss, 50 =
// even, 100 = sure win) for a score in evaluation units, by the logistic
// curve game sites use for chess centipawns (where 100 is a pawn, as 100
// is a piece or a seed here): +300 is 75 %, +600 90 %.
func Chances(units int) float64 {
	return 100 / (1 + math.Exp(-0.00368208*float64(units)))
}

// DefaultDepth is the depth of an analysis given no limit, in the games
// that do not ask for another (Depther).
const DefaultDepth = 6

// Depther is a game whose analyses search to another depth when given no
// limit: a game where a ply of search costs much less, so that its
// analysis at that depth still visits fewer positions a move than
// Tablut's at DefaultDepth (about 11,000 on the server records): Oware
// (depth 12: about 5,400) and Konobi on boards up to 5x5 (depth 8: about
// 5,300), measured on the records in fixtures/.
type Depther interface {
	AnalysisDepth() int
}

// DepthOf is the depth of an analysis of g given no limit.
func DepthOf(g rules.Game) int {
	if d, ok := g.(Depther); ok {
		return d.AnalysisDepth()
	}
	return DefaultDepth
}

// LimitsFor are the limits of the searches of an analysis of g given lim:
// lim, or the depth DepthOf(g) when lim is empty.
func LimitsFor(g rules.Game, lim engine.Limits) engine.Limits {
	if lim == (engine.Limits{}) {
		lim.Depth = DepthOf(g)
	}
	return lim
}

// DefaultConfirm is how many plies deeper a suspect move is searched again
// (by steps of ConfirmStep plies).
const (
	DefaultConfirm = 4
	ConfirmStep    = 2
)

// Options configure an analysis.
type Options struct {
	// Limits of the search of every position (the game's DepthOf when
	// none is given). With a time or node limit the confirming search gets
	// three times as much.
	Limits engine.Limits
	// Confirm is how many plies deeper a marked move is searched again at
	// the most, by steps of ConfirmStep (DefaultConfirm when 0; negative:
	// no confirmation).
	Confirm int
	// Threads of each search (1 when 0; more makes results vary).
	Threads int
	// Exact: search with the exact minimax search (engine.Options without
	// Selective) instead of the selective one.
	Exact bool
	// Engine, when not nil, is the engine to search with, made by
	// NewEngine with the same Exact and Threads (so that a caller that
	// analyses again and again keeps one table); else the analyser makes
	// its own.
	Engine *engine.Engine
}

// NewEngine returns an engine for analyses: selective unless exact, with
// a table of 1<<20 entries, no opening book and a draw scored as a draw.
func NewEngine(exact bool, threads int) *engine.Engine {
	return engine.New(engine.Options{Threads: threads, HashEntries: 1 << 20,
		Selective: !exact, NoBook: true, Contempt: -1})
}

func (o Options) limits(g rules.Game) engine.Limits { return LimitsFor(g, o.Limits) }

func (o Options) confirm() int {
	switch {
	case o.Confirm == 0:
		return DefaultConfirm
	case o.Confirm < 0:
		return 0
	}
	return o.Confirm
}

// steps returns the limits of the confirming searches of g: with a depth
// limit, ConfirmStep plies deeper each, down to Confirm plies deeper than
// the analysis (so that a verdict must hold at every depth between, not at
// one depth whose side of the odd/even swing may favour it); with a time or
// node limit, one search with three times as much (a time or node limit
// given with a depth is tripled at every step).
func (o Options) steps(g rules.Game) []engine.Limits {
	l := o.limits(g)
	c := o.confirm()
	if c == 0 {
		return nil
	}
	l.Time *= 3
	l.Nodes *= 3
	if l.Depth == 0 {
		return []engine.Limits{l}
	}
	var out []engine.Limits
	for k := min(ConfirmStep, c); ; k = min(k+ConfirmStep, c) {
		d := l
		d.Depth = min(l.Depth+k, engine.MaxPly-1)
		out = append(out, d)
		if k == c || d.Depth == engine.MaxPly-1 {
			return out
		}
	}
}

// deeper returns the limits of the deepest confirming search of g.
func (o Options) deeper(g rules.Game) engine.Limits {
	s := o.steps(g)
	if len(s) == 0 {
		return o.limits(g)
	}
	return s[len(s)-1]
}

// Mark returns the mark of a move scored played units when the best move
// scores best (both from the mover's view, neither proven): "", "?" or "??".
func Mark(best, played int) string {
	loss, lost := best-played, Chances(best)-Chances(played)
	switch {
	case loss >= Blunder && lost >= BlunderChances:
		return "??"
	case loss >= Dubious && lost >= DubiousChances:
		return "?"
	}
	return ""
}

// severity orders marks: "" < "?" < "??".
func severity(mark string) int { return len(mark) }

// Ply is the verdict on one move.
type Ply struct {
	Ply      int    // 1-based index of the move in the line
	Side     int    // the side that played it
	SideName string // its name
	Move     string // the move, in the game's notation
	Forced   bool   // a forced pass: not judged
	// The verdict and every number it rests on come from the searches of
	// one depth, At: the analysis's own (FirstDepth), or that of the
	// confirming search that gave the milder verdict kept (Rechecked).
	//
	// Best is the engine's move, BestScore its score and PV its line, from
	// the mover's view; Depth is the depth that search reached.
	Best      string
	BestScore int
	PV        []string
	Depth     int
	// Score is the score of the move played, from the mover's view.
	Score int
	// Loss is BestScore-Score in evaluation units when neither is a proven
	// result (else 0: Note says it in words).
	Loss int
	// Mark is "", "?" or "??"; Note says what a proven result changes
	// ("missed a win in 5 plies", "allows a loss in 3 plies").
	Mark string
	Note string
	// At is the depth of the searches of the numbers above (with a time or
	// node limit, the depth reached); FirstDepth that of the analysis's
	// own searches. Rechecked: a confirming search found a milder verdict
	// than FirstMark, and the ply holds that search's verdict and numbers.
	At         int
	FirstDepth int
	Rechecked  bool
	// Checked: the move was searched again, deepest at CheckDepth (the
	// confirming searches of a suspect); Mark is the mildest verdict.
	Checked    bool
	CheckDepth int
	// FirstMark is the mark at the analysis's own depth, before the
	// confirming search.
	FirstMark string
	// Swap: after the move the same side is to move again (the Konobi
	// swap): the players exchanged sides (rules/line's Line.Swapped).
	Swap bool
	// Position is the position before the move.
	Position string
}

// IsBest reports whether the move played is the engine's choice.
func (p *Ply) IsBest() bool { return p.Move == p.Best }

// Step is one move of a line of play.
type Step struct {
	Move   rules.Move
	Forced bool // a forced pass (played by the rules, not chosen)
	Swap   bool // the move exchanged the players (line.Line.Swapped)
}

// Analyser judges moves; it holds one engine (not safe for concurrent use).
type Analyser struct {
	opts Options
	e    *engine.Engine
}

// New returns an analyser.
func New(opts Options) *Analyser {
	e := opts.Engine
	if e == nil {
		e = NewEngine(opts.Exact, opts.Threads)
	}
	return &Analyser{opts: opts, e: e}
}

// Limits are the limits of the searches of an analysis of g at its own depth.
func (a *Analyser) Limits(g rules.Game) engine.Limits { return a.opts.limits(g) }

// ConfirmLimits are the limits of the deepest confirming search of g, and
// whether there are any.
func (a *Analyser) ConfirmLimits(g rules.Game) (engine.Limits, bool) {
	return a.opts.deeper(g), a.opts.confirm() > 0
}

// ConfirmText says in words where the marks of an analysis of g are
// confirmed ("depths 8 and 10", "time 3s"), or "" when they are not.
func (a *Analyser) ConfirmText(g rules.Game) string { return a.opts.confirmText(g) }

func (o Options) confirmText(g rules.Game) string {
	steps := o.steps(g)
	switch len(steps) {
	case 0:
		return ""
	case 1:
		return steps[0].String()
	}
	var b strings.Builder
	b.WriteString("depths ")
	for i, s := range steps {
		switch {
		case i == len(steps)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s.Depth))
	}
	if l := steps[len(steps)-1]; l.Time > 0 || l.Nodes > 0 {
		l.Depth = 0
		b.WriteString(" (" + l.String() + ")")
	}
	return b.String()
}

var errInterrupted = errors.New("interrupted")

func (a *Analyser) search(ctx context.Context, g rules.Game, lim engine.Limits) (engine.Result, error) {
	a.e.NewGame()
	res, err := a.e.Search(ctx, g, lim, nil)
	if err == nil && ctx.Err() != nil {
		err = errInterrupted
	}
	return res, err
}

// playedScore scores move m of g (not changed) for the mover: the end it
// makes, or a search of the position after it one ply shallower than lim.
func (a *Analyser) playedScore(ctx context.Context, g rules.Game, m rules.Move, lim engine.Limits) (int, error) {
	mover := g.SideToMove()
	g.Play(m)
	defer g.Unplay()
	if over, win := rules.Outcome(g); over {
		switch win {
		case -1:
			return 0, nil
		case mover:
			return engine.Mate - 1, nil
		}
		return -(engine.Mate - 1), nil
	}
	if lim.Depth == 1 {
		// Depth 0: the evaluation (or the game's exact knowledge).
		if eg, ok := g.(engine.EndgameValuer); ok {
			if v, ok := eg.EndgameValue(); ok {
				return -engine.KnownScore(v), nil
			}
		}
		sc, _, _ := engine.Evaluate(g)
		return -sc, nil
	}
	if lim.Depth > 1 {
		lim.Depth--
	}
	res, err := a.search(ctx, g, lim)
	if err != nil {
		return 0, err
	}
	return engine.MoveScore(res.Score), nil
}

// verdict compares the best score with the played one: the loss in units
// (0 when a proven result is involved), the mark and a note in words. A
// proven win thrown away is ?? ("missed a win in N"), a proven loss walked
// into is ?? ("allows a loss in N"), unless the other side of the
// comparison is itself nearly decided (the move still leaves a winning
// score, or the best move only a losing one): then ? at most, as for
// ordinary scores.
func verdict(best, played int) (loss int, mark, note string) {
	bm, pm := engine.MatePlies(best), engine.MatePlies(played)
	bWin, pWin := best >= engine.MateBound, played >= engine.MateBound
	bLoss, pLoss := best <= -engine.MateBound, played <= -engine.MateBound
	switch {
	case bWin && !pWin:
		return 0, provenMark(Chances(units(played))), "missed a win in " + engine.Plies(bm)
	case pLoss && !bLoss:
		return 0, provenMark(100 - Chances(units(best))), "allows a loss in " + engine.Plies(-pm)
	case bWin || bLoss || pWin || pLoss:
		// Both win (a slower win is no mistake) or both lose.
		return 0, "", ""
	}
	b, p := units(best), units(played)
	loss = max(0, b-p)
	return loss, Mark(b, p), ""
}

// provenMark marks a proven result thrown away or walked into, given the
// chances that are left to the mover (or that the best move would have
// left the opponent).
func provenMark(left float64) string {
	switch {
	case left >= 100-DubiousChances:
		return ""
	case left >= 100-2*BlunderChances:
		return "?"
	}
	return "??"
}

// units maps a score to evaluation units: a result proven by the game's
// endgame knowledge counts as its final margin.
func units(s int) int {
	if m, ok := engine.KnownMargin(s); ok {
		return rules.EvalUnit * engine.KnownUnits(m)
	}
	return s
}

// judged is the verdict on a move at one depth: the best move's search,
// the played move's score and their comparison.
type judged struct {
	best        engine.Result
	at          int // the depth searched (the limit, or the depth reached)
	score, loss int
	mark, note  string
}

// judgeAt judges move m (written move) of g at lim: the best move is
// searched to lim, the move played scored one ply shallower after it
// (unless it is the best move).
func (a *Analyser) judgeAt(ctx context.Context, g rules.Game, m rules.Move, move string, lim engine.Limits) (judged, error) {
	best, err := a.search(ctx, g, lim)
	if err != nil {
		return judged{}, err
	}
	j := judged{best: best, at: lim.Depth, score: best.Score}
	if lim.Depth == 0 {
		j.at = best.Depth
	}
	if best.BestText == move {
		return j, nil
	}
	if j.score, err = a.playedScore(ctx, g, m, lim); err != nil {
		return j, err
	}
	j.loss, j.mark, j.note = verdict(best.Score, j.score)
	return j, nil
}

// take makes j the ply's verdict and numbers.
func (p *Ply) take(j judged) {
	p.Best, p.BestScore, p.PV, p.Depth = j.best.BestText, j.best.Score, j.best.PVText, j.best.Depth
	p.Score, p.Loss, p.Mark, p.Note, p.At = j.score, j.loss, j.mark, j.note, j.at
}

// Judge judges move m (legal in g) of g, which it leaves as it was.
func (a *Analyser) Judge(ctx context.Context, g rules.Game, m rules.Move) (Ply, error) {
	p := Ply{Side: g.SideToMove(), Move: g.FormatMove(m), Position: g.Position()}
	p.SideName = g.SideName(p.Side)
	j, err := a.judgeAt(ctx, g, m, p.Move, a.opts.limits(g))
	if err != nil {
		return p, err
	}
	p.take(j)
	p.FirstDepth, p.FirstMark = j.at, j.mark
	if p.Mark == "" || a.opts.confirm() == 0 {
		return p, nil
	}
	// Confirm the verdict deeper, a step at a time: keep the mildest mark
	// (with the numbers of the depth that gave it), and stop at the first
	// search that finds no mistake.
	for _, deep := range a.opts.steps(g) {
		j, err := a.judgeAt(ctx, g, m, p.Move, deep)
		if err != nil {
			return p, err
		}
		p.Checked, p.CheckDepth = true, j.at // a proven result may end the search sooner
		if severity(j.mark) < severity(p.Mark) {
			p.take(j)
			p.Rechecked = true
		}
		if p.Mark == "" {
			break
		}
	}
	return p, nil
}

// Line is a line of play to analyse: a game at its start and its moves.
type Line struct {
	Start rules.Game // not changed
	Steps []Step
}

// Report is the analysis of a line.
type Report struct {
	Plies []Ply
	// Over: the game ended at the end of the line, with Result.
	Over   bool
	Result string
	// Now is the engine's choice at the end of the line when the game goes
	// on (Now.Move is empty).
	Now *Ply
	// Limits and ConfirmLimits are those of the searches.
	Limits        engine.Limits
	ConfirmLimits engine.Limits
	Elapsed       time.Duration
}

// Analyse judges every move of the line; each, when not nil, is called
// after every ply (forced passes included) as it is judged. On an error
// (an interruption) the report holds the plies judged so far.
func (a *Analyser) Analyse(ctx context.Context, l Line, each func(Ply)) (*Report, error) {
	start := time.Now()
	rep := &Report{Limits: a.opts.limits(l.Start)}
	rep.ConfirmLimits, _ = a.ConfirmLimits(l.Start)
	g := l.Start.Clone()
	for i, st := range l.Steps {
		var p Ply
		if over, _ := rules.Outcome(g); over {
			return rep, fmt.Errorf("ply %d: the game is already over", i+1)
		}
		if st.Forced {
			p = Ply{Side: g.SideToMove(), Move: g.FormatMove(st.Move), Forced: true, Position: g.Position()}
			p.SideName = g.SideName(p.Side)
			p.Best, p.PV = p.Move, []string{p.Move}
		} else {
			var err error
			if p, err = a.Judge(ctx, g, st.Move); err != nil {
				rep.Elapsed = time.Since(start)
				return rep, fmt.Errorf("%v at ply %d", err, i+1)
			}
		}
		p.Ply, p.Swap = i+1, st.Swap
		rep.Plies = append(rep.Plies, p)
		if each != nil {
			each(p)
		}
		g.Play(st.Move)
	}
	if over, _ := rules.Outcome(g); over {
		rep.Over, rep.Result = true, rules.FormatResult(g, g.Result())
	} else {
		res, err := a.search(ctx, g, rep.Limits)
		if err != nil {
			rep.Elapsed = time.Since(start)
			return rep, err
		}
		rep.Now = &Ply{Ply: len(l.Steps) + 1, Side: g.SideToMove(), SideName: g.SideName(g.SideToMove()),
			Best: res.BestText, BestScore: res.Score, PV: res.PVText, Depth: res.Depth, Position: g.Position()}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// Count returns the number of plies marked ? and ??.
func (r *Report) Count() (dubious, blunders int) { return CountMarks(r.Plies) }

// CountMarks returns the number of plies marked ? and ??.
func CountMarks(plies []Ply) (dubious, blunders int) {
	for _, p := range plies {
		switch p.Mark {
		case "?":
			dubious++
		case "??":
			blunders++
		}
	}
	return
}

// Worst returns up to n marked or losing plies, the worst first: ?? before
// ?, a proven result thrown away before a loss in units, then by loss.
func Worst(plies []Ply, n int) []Ply {
	var out []Ply
	for _, p := range plies {
		if p.Mark != "" || p.Loss > 0 {
			out = append(out, p)
		}
	}
	key := func(p Ply) int { // the mark first, then a proven result, then the loss
		k := severity(p.Mark)<<40 + p.Loss
		if p.Note != "" {
			k += 1 << 39
		}
		return k
	}
	for i := 1; i < len(out); i++ { // insertion sort: stable
		for j := i; j > 0 && key(out[j]) > key(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// Summary writes a marked ply for the "worst moves" lists:
// "ply 5 red g3g5?? (-350)" or "ply 9 white e4-e2?? (missed a win in 3 plies)".
func (p *Ply) Summary() string {
	why := fmt.Sprintf("-%d", p.Loss)
	if p.Note != "" {
		why = p.Note
	}
	return fmt.Sprintf("ply %d %s %s%s (%s)", p.Ply, p.SideName, p.Move, p.Mark, why)
}

// Reason says what the verdict rests on, every number of one depth:
// "loss 120", "missed a win in 3 plies"; for a verdict a confirming search
// gave (Rechecked), at which depth, and the mark of the analysis's own
// depth it did not confirm: "loss 68 at depth 8; ? at depth 6 not
// confirmed". With checks it also names the deepest search that confirmed
// a mark: "loss 226, confirmed at depth 10".
func (p *Ply) Reason(checks bool) string {
	s := fmt.Sprintf("loss %d", p.Loss)
	if p.Note != "" {
		s = p.Note
	}
	if p.Rechecked {
		s += fmt.Sprintf(" at depth %d", p.At)
	}
	if checks && p.Checked && p.Mark != "" && (!p.Rechecked || p.CheckDepth != p.At) {
		s += fmt.Sprintf(", confirmed at depth %d", p.CheckDepth)
	}
	return s + p.unconfirmed()
}

// Recheck says, for a verdict a confirming search gave, at which depth:
// " at depth 8; ? at depth 6 not confirmed" (as Reason); "" for a verdict
// of the analysis's own depth.
func (p *Ply) Recheck() string {
	if !p.Rechecked {
		return ""
	}
	return fmt.Sprintf(" at depth %d", p.At) + p.unconfirmed()
}

func (p *Ply) unconfirmed() string {
	if !p.Rechecked {
		return ""
	}
	return fmt.Sprintf("; %s at depth %d not confirmed", p.FirstMark, p.FirstDepth)
}

// GraphScore is the score after ply p from the first side's view (side 0),
// in units, clamped to ±limit (a proven win or loss is ±limit): what an
// evaluation graph draws.
func (p *Ply) GraphScore(limit int) int {
	s := p.Score
	switch {
	case s >= engine.MateBound:
		s = limit
	case s <= -engine.MateBound:
		s = -limit
	default:
		s = max(-limit, min(limit, units(s)))
	}
	if p.Side != 0 {
		s = -s
	}
	return s
}

// Search searches one position at the analysis's limits, from an empty
// table (so the result does not depend on earlier searches).
func (a *Analyser) Search(ctx context.Context, g rules.Game) (engine.Result, error) {
	return a.search(ctx, g, a.opts.limits(g))
}

// GraphLimit is the score (in units) at which evaluation graphs are
// clipped; proven wins and losses are drawn there.
const GraphLimit = 1000

// GraphPoints are the points of the evaluation graph of the plies: the
// score after each ply from the first side's view (a forced pass keeps the
// score before it), with the marks.
func GraphPoints(plies []Ply) []Point {
	out := make([]Point, 0, len(plies))
	last := 0
	for _, p := range plies {
		s := last
		if !p.Forced {
			s = p.GraphScore(GraphLimit)
		}
		last = s
		out = append(out, Point{Ply: p.Ply, Score: s, Move: p.Move, Mark: p.Mark, Side: p.SideName})
	}
	return out
}

// Point is one ply of an evaluation graph.
type Point struct {
	Ply   int    // 1-based
	Score int    // after the ply, from the first side's view, in units
	Move  string // the move
	Mark  string // "", "?" or "??"
	Side  string // the side that played it
}
