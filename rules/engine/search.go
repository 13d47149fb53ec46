// Package engine searches the positions of any game of the rules contract:
// an iterative-deepening alpha-beta (negamax with principal variation
// search, a transposition table keyed by rules.Hasher, hash move, killer and
// history move ordering, limits by depth, time and nodes, cancellation
// through a context, Lazy SMP threads), a Monte Carlo tree search, player
// specifications for self-play and the self-play match runner.
//
// Scores are from the side to move's view, in the games' evaluation unit
// (rules.EvalUnit = 100, about one piece). A proven result is a score beyond
// ±(Mate-MaxPly): Mate-n means the side to move wins in n plies, -(Mate-n)
// that it loses in n plies. Searches look for the shortest win: a win in n
// plies is found at depth n and preferred to any longer one. Games that
// know the exact value of some positions (EndgameValuer: Oware's endgame
// databases) are asked at the leaves instead of being evaluated; their
// results, proven at an unknown distance, lie in between (KnownScore).
//
// Typical use (the REPL's go, hint and analyse commands):
//
//	e := engine.New(engine.Options{})
//	res, err := e.Search(ctx, g, engine.Limits{Depth: 6}, func(i engine.Info) {
//		fmt.Println(i) // depth 1 score +12 nodes 40 nps 400000 time 0 pv f2
//	})
//	fmt.Println(res.BestText, engine.FormatScore(res.Score))
//
// The game given is never changed: searches run on clones.
package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"boardrepl/rules"
)

const (
	// Mate is the score of a game won on the spot; a win in n plies scores
	// Mate-n, a loss in n plies -(Mate-n).
	Mate = 1_000_000
	// MaxPly bounds the depth of a search.
	MaxPly = 120
	// MateBound: scores at or beyond ±MateBound are proven results.
	MateBound = Mate - 2*MaxPly
	infinity  = Mate + 1
	// KnownWin starts the band of results proven by a game's own knowledge
	// (EndgameValuer) at an unknown distance: a won position whose final
	// margin is m (in evaluation units, m > 0) scores KnownWin+m, a lost
	// one -KnownWin+m (m < 0); a proven draw scores 0. The band lies above
	// every evaluation (±rules.EvalLimit) and below the wins at a known
	// distance (±MateBound), which the search still prefers.
	KnownWin = 2 * rules.EvalLimit
)

// EndgameValuer is implemented by games that know the exact value of some
// positions (Oware's endgame databases). The search asks it at its leaves,
// in place of the static evaluation.
type EndgameValuer interface {
	// EndgameValue returns the value of the position under perfect play
	// from the side to move's view, in evaluation units: the final margin
	// of the game (positive: the side to move wins; 0: a draw), or ok false
	// when the position is not known. It is only called on positions that
	// are not over and must not allocate once warmed up.
	EndgameValue() (score int, ok bool)
}

// WinNower is implemented by games that see cheaply that the side to move
// can win with its next move (Tablut: white to move and the king sees a
// free line to the edge; black to move and a soldier can close the last
// side the king's capture needs). The selective search scores such a position at
// its horizon as the win in one ply that it is, rather than evaluating it
// (an evaluation would have to price a sure win in units, and its number
// would reach the user as a score). WinsNow may miss such wins but must
// never claim one that is not there; it is only called on positions that
// are not over and must not allocate.
type WinNower interface {
	WinsNow() bool
}

// KnownScore turns an exact margin (EndgameValuer) into a search score.
func KnownScore(margin int) int {
	switch {
	case margin > 0:
		return KnownWin + margin
	case margin < 0:
		return -KnownWin + margin
	}
	return 0
}

// KnownMargin returns the margin of a score in the band of KnownScore, and
// whether it is in that band.
func KnownMargin(score int) (margin int, ok bool) {
	switch {
	case score >= MateBound || score <= -MateBound:
		return 0, false
	case score > KnownWin:
		return score - KnownWin, true
	case score < -KnownWin:
		return score + KnownWin, true
	}
	return 0, false
}

// Limits bound one search. Zero values mean no limit; with no limit at all
// a search runs until its context is cancelled (or MaxPly).
type Limits struct {
	Depth int           // deepest iteration, in plies
	Nodes int64         // stop after about this many nodes
	Time  time.Duration // stop after this long (the last iteration is cut short)
	// Soft, when set, is the time manager's target: no new iteration
	// starts after half of it (Time stays the hard limit); a search of one
	// line scales that half from depth 7 on by how settled its best move
	// is (softScale). Without it a timed search uses its whole Time,
	// keeping a better move found by the unfinished iteration.
	Soft time.Duration
	// MultiPV is not a limit but the number of lines searched: with N > 1
	// the N best root moves (or all of them, when there are fewer), each
	// with its own score and principal variation (see Result.Lines); 0 or
	// 1 is the one best move.
	MultiPV int
}

// MaxMultiPV bounds Limits.MultiPV as the front ends accept it: more lines
// than any position of the games has moves.
const MaxMultiPV = 1000

func (l Limits) String() string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", l.Nodes))
	}
	if l.Time > 0 {
		parts = append(parts, fmt.Sprintf("time %v", l.Time))
	}
	if len(parts) == 0 {
		return "infinite"
	}
	return strings.Join(parts, " ")
}

// Options configure an Engine.
type Options struct {
	// HashEntries is the size of the transposition table in entries (24
	// bytes each, EntryBytes; exactly that many, at most MaxHashEntries);
	// 0 means 1<<20 (24 MB). A size a user chose is checked first with
	// CheckTable.
	HashEntries int
	// NoTT disables the transposition table (for tests and comparisons).
	NoTT bool
	// Threads is the number of threads of one search (Lazy SMP: the helpers
	// search the same position, each skipping depths in its own pattern,
	// and share the table, which then also cuts with deeper entries; the
	// deepest iteration any thread completes is the result, and a helper
	// completing the last one ends the search); 0 or 1 is one thread.
	// With more than one thread results are no longer reproducible. On
	// this 2-core machine two threads reach depths 7-9 of Ataxx and 6-7 of
	// Tablut about 1.5-1.6 times faster than one (BenchmarkSearchThreads).
	Threads int
	// Selective turns on what a playing engine does to see deeper at the
	// price of exactness: null-move pruning (games that are rules.
	// NullMover), reverse futility and futility pruning, late-move
	// reductions and pruning, aspiration windows, and table cuts on deeper
	// entries. Scores then depend on the table's history and a win may be
	// found later than its distance; without it (the default, for tests,
	// analyses and pipes) a search to depth n returns the exact minimax
	// value of depth n and finds every win within n plies. In games that
	// keep their history (rules.HashHistory) it also handles repetitions
	// (Contempt, Cycle; see repetition.go).
	Selective bool
	// Contempt is how much worse than an even game the selective search
	// counts a draw inside its tree for the side it plays for (and how
	// much better for the opponent), in evaluation units; 0 means
	// DefaultContempt, a negative value a plain draw (0). Only games with a
	// history (rules.HashHistory) use it.
	Contempt int
	// Cycle is what the selective search charges the side that brings a
	// position back for the third time (on the path or in the game's
	// history, in a game whose rules do not end there; a first return
	// costs the contempt), in evaluation units; 0 means DefaultCycle, a
	// negative value turns the detection off (the search of earlier
	// builds). Only games with a history use it.
	Cycle int
	// NoBook: the selective search does not play from the game's opening
	// book (rules.Booker) but searches every position.
	NoBook bool
	// Book, when not nil, is the opening book the selective search plays
	// from in place of the game's own (unless NoBook); see Book.
	Book *Book
}

// Info describes a finished iteration of a search (or the whole search).
type Info struct {
	Depth int
	// MultiPV is the line's rank, from 1, in a search of several lines
	// (Limits.MultiPV > 1); 0 in a search of one.
	MultiPV int
	Score   int // side to move's view
	Nodes   int64
	Time    time.Duration
	PV      []rules.Move
	PVText  []string // the principal variation in the game's notation
	// Partial: the iteration at Depth was cut short (by time, nodes or the
	// context) after its move was searched to the end and beat the best
	// move of the depth before (or there was none): the other moves were
	// not all searched, so Score is a lower bound of the depth's value, as
	// UCI's "lowerbound" says. A search's Result is Partial only when no
	// depth was completed; otherwise it keeps the last depth completed.
	Partial bool
}

// NPS is the number of nodes per second.
func (i Info) NPS() int64 {
	if i.Time <= 0 {
		return 0
	}
	return int64(float64(i.Nodes) / i.Time.Seconds())
}

// Mate returns the number of plies to a proven end: positive when the side
// to move wins, negative when it loses, 0 when nothing is proven.
func (i Info) Mate() int { return MatePlies(i.Score) }

// MatePlies converts a score to plies to a proven end (0 when not proven).
func MatePlies(score int) int {
	switch {
	case score >= MateBound:
		return Mate - score
	case score <= -MateBound:
		return -(Mate + score)
	}
	return 0
}

// FormatScore writes a score: "+35", "-120", "0", or "#5" for a win in 5
// plies and "#-4" for a loss in 4 plies, "win+3" and "loss-2" for results
// proven by the game's endgame knowledge (KnownScore), with their final
// margins in whole units (Oware: seeds; see KnownUnits).
func FormatScore(score int) string {
	if m := MatePlies(score); m != 0 || score >= MateBound {
		return fmt.Sprintf("#%d", m)
	}
	if m, ok := KnownMargin(score); ok {
		if n := KnownUnits(m); n > 0 {
			return fmt.Sprintf("win+%d", n)
		} else if n < 0 {
			return fmt.Sprintf("loss%d", n)
		}
		return "draw"
	}
	if score > 0 {
		return fmt.Sprintf("+%d", score)
	}
	return fmt.Sprint(score)
}

// String writes the line the REPL's go command streams:
// "depth 5 score +12 nodes 12345 nps 2000000 time 6 pv f2 b6" (time in
// whole milliseconds, as engine protocols print it), with "multipv K"
// after the depth in a search of several lines, and "lowerbound" after the
// score of a Partial iteration, as UCI marks it.
func (i Info) String() string {
	multi, bound := "", ""
	if i.MultiPV > 0 {
		multi = fmt.Sprintf(" multipv %d", i.MultiPV)
	}
	if i.Partial {
		bound = " lowerbound"
	}
	return fmt.Sprintf("depth %d%s score %s%s nodes %d nps %d time %d pv %s",
		i.Depth, multi, FormatScore(i.Score), bound, i.Nodes, i.NPS(), i.Time.Milliseconds(), strings.Join(i.PVText, " "))
}

// Result is the outcome of a search: the best move found and the last
// completed iteration's information.
type Result struct {
	Info
	Best     rules.Move
	BestText string
	// Stopped is true when a limit other than depth (time, nodes, the
	// context) cut the search short.
	Stopped bool
	// Book: the move is the game's opening book's (rules.Booker), not
	// searched; Depth and Score are those of the search that made the book.
	Book bool
	// Lines, in a search of several lines (Limits.MultiPV > 1), are those
	// of the last depth done, best first (Info is Lines[0]); nil otherwise.
	Lines []Info
}

// ErrGameOver is returned when searching a finished game.
var ErrGameOver = errors.New("the game is over")

// Engine is an alpha-beta searcher with its transposition table. An Engine
// runs one search at a time; use one Engine per goroutine.
type Engine struct {
	opts    Options
	tt      *tt
	threads []*thread
	// newGame: NewGame was called since the last search, which must not
	// take the history of the one before (SearchTuning.KeepHistory).
	newGame bool
}

// New returns an engine.
func New(opts Options) *Engine {
	e := &Engine{opts: opts}
	if !opts.NoTT {
		n := opts.HashEntries
		if n <= 0 {
			n = 1 << 20
		}
		e.tt = newTT(n)
	}
	return e
}

// NewGame forgets what the transposition table and the history learnt, so
// that the next searches depend only on the positions they are given
// (cheap: the table moves on to a new generation).
func (e *Engine) NewGame() {
	e.newGame = true
	if e.tt != nil {
		e.tt.newGeneration()
	}
}

// Search searches g (which it does not change) within the limits. onDepth,
// when not nil, is called after every completed iteration from the
// searching goroutine. The search ends at the depth limit, when a limit is
// reached or ctx is cancelled (then the best move so far is returned with
// Stopped set and a nil error), or as soon as a forced result is proven.
//
// A search of several lines (lim.MultiPV > 1) runs on one thread, never
// plays from the opening book, and calls onDepth once for each line of a
// depth done, best first (Info.MultiPV 1, 2...); see iterateLines.
func (e *Engine) Search(ctx context.Context, g rules.Game, lim Limits, onDepth func(Info)) (Result, error) {
	return e.run(ctx, g, lim, onDepth, lim.MultiPV > 1)
}

// run is Search; lines chooses the search of several lines (tests run it
// with one line, to compare it with the plain search).
func (e *Engine) run(ctx context.Context, g rules.Game, lim Limits, onDepth func(Info), lines bool) (Result, error) {
	if over, _ := rules.Outcome(g); over {
		return Result{}, ErrGameOver
	}
	if e.opts.Selective && !e.opts.NoBook && !lines {
		res, ok, err := e.bookMove(g)
		if err != nil {
			return Result{}, err
		}
		if ok {
			if onDepth != nil {
				onDepth(res.Info)
			}
			return res, nil
		}
	}
	nth := max(e.opts.Threads, 1)
	if lines {
		nth = 1
	}
	for len(e.threads) < nth {
		e.threads = append(e.threads, newThread(e, len(e.threads)))
	}
	shared := &shared{ctx: ctx, start: time.Now(), lim: lim}
	if lim.Time > 0 {
		shared.deadline = shared.start.Add(lim.Time)
	}
	shared.multi = nth > 1
	shared.maxDepth = MaxPly - 1
	if lim.Depth > 0 && lim.Depth < shared.maxDepth {
		shared.maxDepth = lim.Depth
	}
	main := e.threads[0]
	var wg sync.WaitGroup
	for i := 1; i < nth; i++ {
		t := e.threads[i]
		t.reset(g.Clone(), shared)
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.iterate(nil)
		}()
	}
	main.reset(g.Clone(), shared)
	e.newGame = false
	var res Result
	if lines {
		res = main.iterateLines(max(lim.MultiPV, 1), onDepth)
	} else {
		res = main.iterate(onDepth)
	}
	shared.stop.Store(true)
	wg.Wait()
	// A helper may have completed a deeper iteration than the main thread
	// (or the last one first, which ends the search): take the deepest.
	if h := shared.helper; h != nil && (h.Depth > res.Depth || h.Depth == res.Depth && res.Stopped) {
		res = *h
		res.Stopped = !shared.helperDone
		if onDepth != nil && shared.helperDone {
			onDepth(res.Info)
		}
	}
	res.Nodes = shared.totalNodes(e.threads[:nth])
	res.Time = time.Since(shared.start)
	for _, t := range e.threads[:nth] {
		t.g = nil
	}
	return res, nil
}

// bookMove is the move of the engine's book for g (Options.Book), or of
// the game's own when the engine has none.
func (e *Engine) bookMove(g rules.Game) (Result, bool, error) {
	if e.opts.Book != nil {
		return e.opts.Book.Move(g)
	}
	res, ok := bookResult(g)
	return res, ok, nil
}

// bookResult is the opening book's move for g (rules.Booker) as a search
// result: the depth and score of the search that made the book, no nodes.
func bookResult(g rules.Game) (Result, bool) {
	bk, ok := g.(rules.Booker)
	if !ok {
		return Result{}, false
	}
	m, score, depth, ok := bk.BookMove()
	if !ok {
		return Result{}, false
	}
	var res Result
	res.Best, res.BestText = m, g.FormatMove(m)
	res.Depth, res.Score = depth, score
	res.PV, res.PVText = []rules.Move{m}, []string{res.BestText}
	res.Book = true
	return res, true
}

// Search is a one-off search with a fresh engine (a table of 1<<18
// entries, one thread).
func Search(ctx context.Context, g rules.Game, lim Limits, onDepth func(Info)) (Result, error) {
	return New(Options{HashEntries: 1 << 18}).Search(ctx, g, lim, onDepth)
}

// Evaluate returns the static evaluation of g from the side to move's view
// and its terms; ok is false when the game has no evaluation (then 0).
func Evaluate(g rules.Game) (score int, terms []rules.EvalTerm, ok bool) {
	ev, ok := g.(rules.Evaluator)
	if !ok {
		return 0, nil, false
	}
	return ev.Evaluate(), ev.EvalTerms(), true
}

// shared is the state the threads of one search share.
type shared struct {
	ctx      context.Context
	start    time.Time
	deadline time.Time
	lim      Limits
	maxDepth int
	stop     atomic.Bool
	// multi: more than one thread (the table then also cuts with deeper
	// entries: a helper's work serves the others at every depth).
	multi     bool
	mainDepth atomic.Int32

	// The deepest iteration a helper completed, and whether it completed
	// the last one (which ends the search).
	mu         sync.Mutex
	helper     *Result
	helperDone bool
}

func (s *shared) totalNodes(ts []*thread) int64 {
	var n int64
	for _, t := range ts {
		n += t.nodesShared.Load()
	}
	return n
}

const historySize = 1 << 14

type thread struct {
	e   *Engine
	id  int
	g   rules.Game
	ev  rules.Evaluator
	mo  rules.MoveOrderer
	nm  rules.NullMover
	q   rules.Quiescer
	mg  rules.MoveGainer // only when the game opts into FutilityGain
	sel bool
	// tune: the parts of the selective search the game opted into.
	tune rules.SearchTuning
	// reduceCaptures: late-move reductions take no ply less from captures
	// (rules.CaptureReducer).
	reduceCaptures bool
	eg             EndgameValuer
	wn             WinNower // only in the selective mode
	oc             rules.Outcomer
	h              rules.Hasher
	ka             rules.KeyAfterer // only with a table
	hh             rules.HashHistory
	// rep: the selective search of a game with a history scores draws
	// with the contempt for rootSide; cycles: it also looks for repeated
	// positions and charges cycle to the side that closes one.
	rep      bool
	cycles   bool
	contempt int
	cycle    int
	rootSide int
	hist     repHistory
	path     [MaxPly + 1]uint64 // the hash of each position on the path
	tt       *tt
	sh       *shared
	all      []*thread

	nodes       int64
	nodesShared atomic.Int64 // nodes, published every 1024 nodes
	nodeLimit   int64

	moves   [MaxPly + 1][]rules.Move
	scores  [MaxPly + 1][]int64
	killers [MaxPly + 1][2]rules.Move
	hasKill [MaxPly + 1][2]bool
	history [2][historySize]int32
	// lmr: the game's late-move reductions (SearchTuning.LMRScale), made
	// for lmrBase and lmrScale.
	lmr               [64][64]int8
	lmrBase, lmrScale float64
	// tried[ply]: the moves searched at the node without raising alpha,
	// not the hash move or a killer (they lose history when a later move
	// cuts).
	tried [MaxPly + 1][32]rules.Move
	pv    [MaxPly + 1][MaxPly + 1]rules.Move
	pvLen [MaxPly + 1]int
	// noNull[ply]: the move into this node was a null move (no second
	// one in a row).
	noNull [MaxPly + 2]bool
	// evals[ply]: the static evaluation of the node at ply, noEval where
	// it was not computed (SearchTuning.Improving).
	evals [MaxPly + 1]int

	// root: the best move of the iteration in progress, once a root move
	// has been searched to the end.
	rootBest   rules.Move
	rootScore  int
	rootDone   bool
	rootRaised bool // a root move raised alpha in this iteration
	rootPV     []rules.Move
	// rootNodes: the nodes searched below each root move so far in this
	// search, all iterations together (softScale's share of the best move).
	rootNodes []rootCount
	// excl: the root moves left out of the root's search (the lines
	// already chosen at this depth of a search of several lines).
	excl []rules.Move
}

// rootCount is the nodes searched below one root move.
type rootCount struct {
	m rules.Move
	n int64
}

// rootIndex is root move m's entry in rootNodes, -1 when it has none yet.
func (t *thread) rootIndex(m rules.Move) int {
	for i := range t.rootNodes {
		if t.rootNodes[i].m == m {
			return i
		}
	}
	return -1
}

// addRootNodes counts n more nodes below the root move m.
func (t *thread) addRootNodes(m rules.Move, n int64) {
	if i := t.rootIndex(m); i >= 0 {
		t.rootNodes[i].n += n
		return
	}
	t.rootNodes = append(t.rootNodes, rootCount{m, n})
}

// pastSoft says whether the search is past half the time manager's target
// (Limits.Soft) times scale, where no new iteration starts: the next one
// takes longer than all before it together. Without a target, never.
func (t *thread) pastSoft(scale float64) bool {
	sh := t.sh
	return sh.lim.Soft > 0 && time.Since(sh.start) > time.Duration(float64(sh.lim.Soft/2)*scale)
}

// softScale is the factor of the time manager's target after an iteration
// of depth d whose best move is best: (1.5 - share) * 1.35, where share is
// the part of the search's nodes so far spent below best. A move that took
// nearly all the nodes has been the best for long and is rarely
// overturned: the search stops sooner (0.675 at a share of 1, 0.81 at 0.9);
// one that took half of them or less was contested: it goes on (1.35 at a
// half, 2.025 for a move that has just become the best). Below depth 7 the
// shares say little: 1. (Zataxx's time manager scales its target by the
// same share; entry 65 of docs/engine.md tried it with a stability term.)
// A game may opt out (rules.SearchTuning.NoTimeScale): BrainKing's Tablut
// does, entry 126.
func (t *thread) softScale(d int, best rules.Move) float64 {
	if d < 7 || t.nodes <= 0 || t.tune.NoTimeScale {
		return 1
	}
	var n int64
	if i := t.rootIndex(best); i >= 0 {
		n = t.rootNodes[i].n
	}
	return (1.5 - float64(n)/float64(t.nodes)) * 1.35
}

func newThread(e *Engine, id int) *thread {
	t := &thread{e: e, id: id, tt: e.tt}
	for i := range t.moves {
		t.moves[i] = make([]rules.Move, 0, 64)
		t.scores[i] = make([]int64, 0, 64)
	}
	return t
}

func (t *thread) reset(g rules.Game, sh *shared) {
	t.g = g
	t.ev, _ = g.(rules.Evaluator)
	t.mo, _ = g.(rules.MoveOrderer)
	t.nm, _ = g.(rules.NullMover)
	t.q, _ = g.(rules.Quiescer)
	cr, ok := g.(rules.CaptureReducer)
	t.reduceCaptures = ok && cr.ReduceCaptures()
	t.sel = t.e.opts.Selective
	t.tune = rules.SearchTuning{}
	if st, ok := g.(rules.SearchTuner); ok {
		t.tune = st.SearchTuning()
	}
	t.mg = nil
	if t.tune.FutilityGain {
		t.mg, _ = g.(rules.MoveGainer)
	}
	t.eg, _ = g.(EndgameValuer)
	t.wn = nil
	if t.sel {
		t.wn, _ = g.(WinNower)
	}
	t.oc, _ = g.(rules.Outcomer)
	t.h, _ = g.(rules.Hasher)
	t.ka = nil
	if t.tt != nil && t.h != nil {
		t.ka, _ = g.(rules.KeyAfterer)
	}
	t.hh, _ = g.(rules.HashHistory)
	t.rep = t.sel && t.h != nil && t.hh != nil
	t.cycles = t.rep && t.e.opts.Cycle >= 0
	if t.rep {
		t.rootSide = g.SideToMove()
		t.contempt = orDefault(t.e.opts.Contempt, DefaultContempt)
		t.cycle = orDefault(t.e.opts.Cycle, DefaultCycle)
	}
	if t.cycles {
		t.hist.build(t.hh)
	}
	t.sh = sh
	t.all = t.e.threads
	t.nodes = 0
	t.rootNodes = t.rootNodes[:0]
	t.nodesShared.Store(0)
	t.nodeLimit = math.MaxInt64
	if sh.lim.Nodes > 0 {
		t.nodeLimit = sh.lim.Nodes
	}
	t.killers = [MaxPly + 1][2]rules.Move{}
	t.hasKill = [MaxPly + 1][2]bool{}
	if !(t.sel && t.tune.KeepHistory) || t.e.newGame {
		t.history = [2][historySize]int32{}
	}
	if t.tune.LMRScale > 0 && (t.lmrBase != t.tune.LMRBase || t.lmrScale != t.tune.LMRScale) {
		t.lmrBase, t.lmrScale = t.tune.LMRBase, t.tune.LMRScale
		fillLMR(&t.lmr, t.lmrBase, t.lmrScale, 1)
	}
}

// poll checks the limits every 1024 nodes.
func (t *thread) poll() {
	t.nodesShared.Store(t.nodes)
	sh := t.sh
	if sh.stop.Load() {
		return
	}
	select {
	case <-sh.ctx.Done():
		sh.stop.Store(true)
		return
	default:
	}
	if !sh.deadline.IsZero() && time.Now().After(sh.deadline) {
		sh.stop.Store(true)
		return
	}
	if t.id == 0 && len(t.all) > 1 && sh.lim.Nodes > 0 {
		var n int64
		for _, o := range t.all {
			n += o.nodesShared.Load()
		}
		if n >= sh.lim.Nodes {
			sh.stop.Store(true)
		}
	}
}

// iterate runs the iterative deepening loop and returns the result of the
// last completed iteration (or of a cut-short one that had finished a root
// move).
func (t *thread) iterate(onDepth func(Info)) Result {
	sh := t.sh
	var res Result
	have := false
	for d := 1; d <= sh.maxDepth; d++ {
		depth := d
		if t.id == 0 {
			sh.mainDepth.Store(int32(d))
		}
		if t.id > 0 && depth < sh.maxDepth {
			// Helpers skip depths in a pattern of their own (Stockfish's
			// skip blocks: helper 1 takes the even depths, helper 2 the odd
			// ones, ...) and any depth the main thread has got past, so that
			// the threads spread over the next iterations instead of
			// repeating the same one; the last depth nobody skips.
			k := (t.id - 1) % len(skipSize)
			if ((depth+skipPhase[k])/skipSize[k])%2 != 0 || depth < int(sh.mainDepth.Load()) {
				continue
			}
		}
		score := t.searchRoot(depth, res.Score, have)
		if t.id > 0 {
			if sh.stop.Load() {
				break
			}
			t.helperDone(depth, score)
			continue
		}
		stopped := sh.stop.Load() || t.nodes >= t.nodeLimit
		// Cut short: keep the last completed iteration, unless this one
		// fully searched a move that beat it (or there is none yet).
		if stopped && (!t.rootDone || have && !t.rootRaised) {
			break
		}
		if stopped {
			score = t.rootScore
		}
		res.Depth, res.Partial = d, stopped && !have
		if stopped && have {
			res.Depth = d - 1 // the iteration did not finish
		}
		res.Score = score
		res.Best = t.rootBest
		res.PV = append(res.PV[:0], t.rootPV...)
		res.Nodes = t.nodes
		if len(t.all) > 1 {
			res.Nodes = sh.totalNodes(t.all[:max(t.e.opts.Threads, 1)])
		}
		res.Time = time.Since(sh.start)
		res.PVText = t.formatPV(res.PV)
		if len(res.PVText) > 0 {
			res.BestText = res.PVText[0]
		}
		have = true
		if onDepth != nil {
			// Also for a cut-short iteration's better move, so that the
			// last line reported agrees with the result; it is that of
			// depth d, marked partial.
			info := res.Info
			if stopped {
				info.Depth, info.Partial = d, true
			}
			onDepth(info)
		}
		if stopped {
			res.Stopped = true
			break
		}
		// Stop deepening once a result is proven within the horizon.
		if m := MatePlies(score); m != 0 && abs(m) <= d {
			break
		}
		// The target is scaled by how settled the best move is.
		if t.pastSoft(t.softScale(d, res.Best)) {
			res.Stopped = true
			break
		}
		if t.nodes >= t.nodeLimit {
			res.Stopped = true
			break
		}
	}
	if !have && t.id == 0 {
		t.firstMove(&res)
	}
	t.nodesShared.Store(t.nodes)
	return res
}

// firstMove makes res the first legal move, scored by the evaluation, for
// a search stopped before it searched even one root move.
func (t *thread) firstMove(res *Result) {
	ms := t.g.Moves(nil)
	if len(ms) > 0 {
		res.Best = ms[0]
		res.BestText = t.g.FormatMove(ms[0])
		res.PV = []rules.Move{ms[0]}
		res.PVText = []string{res.BestText}
		if t.ev != nil {
			res.Score = t.ev.Evaluate()
		}
	}
	res.Stopped = true
}

// iterateLines is the iterative deepening of a search of n lines
// (Limits.MultiPV), on the main thread alone. At each depth the root is
// searched as by iterate, which gives the best move and its line; then
// again without that move, which gives the second, and so on until n
// moves (or all) are chosen, each search of the root in a window around
// the same line's score at the depth before. In the exact mode each
// line's score is then the exact value of its move at the depth. A depth
// counts when all its lines are done: they are sorted, best first, and
// reported in turn. A limit that cuts a depth short keeps the last depth
// done, or when none was, the lines of the first that were (at least the
// root move searched to the end, else the first legal move). Deepening
// stops when every line is a result proven within the depth.
func (t *thread) iterateLines(n int, onDepth func(Info)) Result {
	sh := t.sh
	n = min(n, len(t.g.Moves(t.moves[0][:0])))
	var done []Info // the lines of the last depth done
	stopped := false
	for d := 1; d <= sh.maxDepth; d++ {
		var cur []Info
		cur, stopped = t.searchLines(d, n, done)
		if stopped && (len(done) > 0 || len(cur) == 0) {
			break
		}
		slices.SortStableFunc(cur, func(a, b Info) int { return b.Score - a.Score })
		elapsed := time.Since(sh.start)
		for i := range cur {
			l := &cur[i]
			l.MultiPV, l.Nodes, l.Time = i+1, t.nodes, elapsed
			l.PVText = t.formatPV(l.PV)
			l.Partial = stopped // the first depth, cut short: the lines found so far
			if onDepth != nil {
				onDepth(*l)
			}
		}
		done = cur
		if stopped || allProven(done, d) {
			break
		}
		if t.pastSoft(1) || t.nodes >= t.nodeLimit {
			stopped = true
			break
		}
	}
	var res Result
	if len(done) == 0 {
		t.firstMove(&res)
	} else {
		res.Info, res.Lines = done[0], done
		res.Best, res.BestText = done[0].PV[0], done[0].PVText[0]
		res.Stopped = stopped
	}
	t.nodesShared.Store(t.nodes)
	return res
}

// searchLines searches the root to depth n times, each time without the
// moves chosen before, and returns the lines (unsorted, without their
// text) and whether a limit stopped it. prev are the lines of the depth
// before, whose scores centre the windows. Stopped before the first line
// was done, it returns the root move searched to the end, if any, when
// there is no depth before to fall back on.
func (t *thread) searchLines(depth, n int, prev []Info) ([]Info, bool) {
	defer func() { t.excl = t.excl[:0] }()
	var lines []Info
	for k := 0; k < n; k++ {
		score, have := 0, k < len(prev)
		if have {
			score = prev[k].Score
		}
		s := t.searchRoot(depth, score, have)
		if t.stopped() {
			if len(prev) == 0 && len(lines) == 0 && t.rootDone {
				lines = append(lines, Info{Depth: depth, Score: t.rootScore, PV: slices.Clone(t.rootPV)})
			}
			return lines, true
		}
		lines = append(lines, Info{Depth: depth, Score: s, PV: slices.Clone(t.rootPV)})
		t.excl = append(t.excl, t.rootBest)
	}
	return lines, false
}

// allProven reports whether every line is a result proven within depth.
func allProven(lines []Info, depth int) bool {
	for _, l := range lines {
		if m := MatePlies(l.Score); m == 0 || abs(m) > depth {
			return false
		}
	}
	return true
}

// searchRoot searches the root to depth; in selective mode from depth 5
// (or the game's AspirationDepth) on, first in a window around the
// previous iteration's score, widened on each failure (aspiration
// windows).
func (t *thread) searchRoot(depth, prev int, have bool) int {
	t.rootDone, t.rootRaised = false, false
	// The engine's windows, or the game's (SearchTuning.AspirationDepth):
	// narrower, widened by half, a fail high searched a ply shallower.
	from, delta, grow := 5, 25, 3.0
	game := t.tune.AspirationDepth > 0
	if game {
		from, delta, grow = t.tune.AspirationDepth, t.tune.AspirationDelta, 1.5
	}
	if !t.sel || !have || depth < from || abs(prev) >= KnownWin {
		return t.search(depth, 0, -infinity, infinity)
	}
	alpha, beta := max(prev-delta, -infinity), min(prev+delta, infinity)
	d := depth
	for {
		t.rootRaised = false
		s := t.search(d, 0, alpha, beta)
		if t.stopped() {
			return s
		}
		switch {
		case s <= alpha:
			// Failed low: the root move of this window proves nothing.
			t.rootDone = false
			if game {
				beta = (alpha + beta) / 2
				d = depth
			}
			alpha = max(s-delta, -infinity)
		case s >= beta:
			beta = min(s+delta, infinity)
			if game && d > 1 {
				d--
			}
		default:
			return s
		}
		delta = int(float64(delta) * grow)
		if delta > 1000 {
			alpha, beta = -infinity, infinity
			d = depth
		}
	}
}

// helperDone publishes a helper's completed iteration when it is the
// deepest so far, and ends the search when it is the last one or proves a
// result within its horizon.
func (t *thread) helperDone(depth, score int) {
	sh := t.sh
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.helper != nil && sh.helper.Depth >= depth {
		return
	}
	r := &Result{}
	r.Depth, r.Score, r.Best = depth, score, t.rootBest
	r.PV = append([]rules.Move(nil), t.rootPV...)
	r.PVText = t.formatPV(r.PV)
	if len(r.PVText) > 0 {
		r.BestText = r.PVText[0]
	}
	r.Time = time.Since(sh.start)
	sh.helper = r
	if m := MatePlies(score); depth >= sh.maxDepth || m != 0 && abs(m) <= depth {
		sh.helperDone = true
		sh.stop.Store(true)
	}
}

// The helpers' depth skipping pattern: helper i skips the depths d with
// ((d + skipPhase[k]) / skipSize[k]) odd, k = (i-1) mod 20.
var (
	skipSize  = [...]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [...]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// formatPV writes the moves in the game's notation, playing them along.
func (t *thread) formatPV(pv []rules.Move) []string {
	out := make([]string, 0, len(pv))
	n := 0
	for _, m := range pv {
		if over, _ := t.outcome(); over {
			break
		}
		out = append(out, t.g.FormatMove(m))
		t.g.Play(m)
		n++
	}
	for ; n > 0; n-- {
		t.g.Unplay()
	}
	return out
}

func (t *thread) outcome() (bool, int) {
	if t.oc != nil {
		return t.oc.Outcome()
	}
	return rules.Outcome(t.g)
}

func (t *thread) stopped() bool {
	return t.sh.stop.Load() || t.nodes >= t.nodeLimit
}

func histIndex(m rules.Move) int {
	x := uint32(m) * 0x9E3779B1
	return int(x >> (32 - 14))
}

// Margins of the selective search, in evaluation units (rules.EvalUnit =
// 100, about a piece), by remaining depth.
var (
	rfpMargin      = [...]int{0, 150, 260, 380, 500}
	futilityMargin = [...]int{0, 200, 320, 450}
	lmpCount       = [...]int{0, 8, 12, 20}
)

// rfpMarginAt is reverse futility's margin at a node with depth plies
// left, counted as d plies (an improving node one less), and whether it
// prunes at that depth at all: the game's margin a ply to its depth
// (SearchTuning.RFPMargin, RFPDepth; d = 0 gives none at all), or else
// the engine's margins.
func (t *thread) rfpMarginAt(depth, d int) (int, bool) {
	if t.tune.RFPMargin > 0 {
		return t.tune.RFPMargin * d, depth <= t.tune.RFPDepth
	}
	if depth < len(rfpMargin) {
		return rfpMargin[d], true
	}
	return 0, false
}

// noEval marks a node whose static evaluation was not computed.
const noEval = math.MinInt32

// histMax bounds the history scores (histUpdate's gravity).
const histMax = 1 << 14

// histUpdate adds bonus to a history score, less as it nears ±histMax.
func histUpdate(h *int32, bonus int32) {
	*h += bonus - int32(int64(*h)*int64(abs(int(bonus)))/histMax)
}

// orderHash is the ordering score of the hash move (killers follow), above
// any game's score (OrderMove < 1<<14, shifted by 32, plus the history).
const orderHash = int64(1) << 60

// lmrTable[d][i]: how many plies late-move reductions take from the i-th
// move (0-based) at depth d: about ln(d)*ln(i)/2, as in Stockfish.
var lmrTable [64][64]int8

func init() { fillLMR(&lmrTable, 0, 0.5, 0) }

// fillLMR makes tbl[d][i] base + scale·ln(d)·ln(i+shift), rounded: the
// engine's reductions (shift 0) and a game's (SearchTuning.LMRScale, shift
// 1: the moves searched before this one, plus one).
func fillLMR(tbl *[64][64]int8, base, scale float64, shift int) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			tbl[d][i] = int8(math.Round(base + scale*math.Log(float64(d))*math.Log(float64(i+shift))))
		}
	}
}

// roundDiv is a/b rounded to the nearest integer, halves away from zero
// (math.Round(a/b) without floating point), for b > 0.
func roundDiv(a, b int) int {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

// search is the negamax alpha-beta with principal variation search.
func (t *thread) search(depth, ply, alpha, beta int) int {
	t.pvLen[ply] = 0
	t.nodes++
	if t.nodes&1023 == 0 {
		t.poll()
	}
	if t.stopped() {
		return 0
	}
	g := t.g
	over, w := t.outcome()
	if over {
		switch {
		case w < 0:
			return t.drawScore()
		case w == g.SideToMove():
			return Mate - ply
		}
		return -(Mate - ply)
	}
	// A repeated position (selective mode, games with a history): the
	// cycle is charged to the side that closed it, before the table is
	// asked (repetition.go).
	if t.cycles {
		if ply == 0 {
			t.path[0] = t.h.Hash()
		} else if n := t.repeated(ply); n > 0 {
			// The side to move gains what the side that repeated is charged.
			if n == 1 {
				return t.leaf() + t.contempt
			}
			return t.leaf() + t.cycle
		}
	}
	if depth <= 0 || ply >= MaxPly {
		return t.quiesce(ply, alpha, beta, 0)
	}
	// Mate distance pruning: no line from here beats a win on the spot.
	if a := -(Mate - ply); alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	if b := Mate - ply - 1; beta > b {
		beta = b
		if alpha >= beta {
			return beta
		}
	}
	pvNode := beta-alpha > 1
	var key uint64
	var hashMove rules.Move
	hasHash := false
	if t.tt != nil && t.h != nil {
		key = t.h.Hash()
		if e, ok := t.tt.probe(key); ok {
			hashMove, hasHash = e.move, e.hasMove
			// In the exact mode only an entry of exactly this depth cuts: a
			// deeper one would make the value depend on what the table
			// held, and a search with the table must return what one
			// without it returns. With several threads results are not
			// reproducible anyway, and the deeper entries of the helpers
			// are what makes them useful; the selective mode takes them too.
			if ply > 0 && (!pvNode || t.sel && t.tune.TTCutPV) && (e.depth == depth || (t.sh.multi || t.sel) && e.depth > depth) {
				s := scoreFromTT(e.score, ply)
				switch {
				case e.bound == boundExact,
					e.bound == boundLower && s >= beta,
					e.bound == boundUpper && s <= alpha:
					if pvNode {
						t.tableLine(ply, depth)
					}
					return s
				}
			}
		}
	}

	// Internal iterative reduction (selective mode): a node the table
	// knows no move for is searched a ply shallower; its ordering is a
	// guess, and the next iteration, with the move this one stores, goes
	// deeper.
	if t.sel && t.tune.IIR && !hasHash && depth >= 4 && ply > 0 {
		depth--
	}

	// Selective pruning before the moves: reverse futility (the static
	// evaluation is so far above beta that a shallow search will not
	// bring it down) and the null move (passing still keeps the score
	// above beta).
	staticEval := 0
	prune := t.sel && !pvNode && ply > 0 && t.ev != nil && abs(beta) < KnownWin
	t.evals[ply] = noEval
	improving := true
	if prune {
		staticEval = t.ev.Evaluate()
		// Improving (games that opt in): the side to move stands better
		// than at its last node on this path, or that is unknown. An
		// improving node prunes less by late moves and more by reverse
		// futility (its margin of a ply less).
		rfpDepth := depth
		if t.tune.Improving {
			t.evals[ply] = staticEval
			improving = ply < 2 || t.evals[ply-2] == noEval || staticEval > t.evals[ply-2]
			if improving {
				rfpDepth--
			}
		}
		if margin, ok := t.rfpMarginAt(depth, rfpDepth); ok && staticEval-margin >= beta {
			return staticEval
		}
		if t.nm != nil && depth >= 3 && !t.noNull[ply] && staticEval >= beta {
			if nm, ok := t.nm.NullMove(); ok {
				r := 2 + depth/4
				g.Play(nm)
				t.noNull[ply+1] = true
				s := -t.search(depth-1-r, ply+1, -beta, -beta+1)
				t.noNull[ply+1] = false
				g.Unplay()
				if t.stopped() {
					return 0
				}
				if s >= beta {
					if s >= KnownWin {
						s = beta // a proven win through a pass proves nothing
					}
					return s
				}
			}
		}
	}

	moves := g.Moves(t.moves[ply][:0])
	if ply == 0 && len(t.excl) > 0 {
		moves = t.dropExcluded(moves)
	}
	t.moves[ply] = moves
	if len(moves) == 0 {
		// The game says it is over although its outcome did not: trust the
		// full result.
		r := g.Result()
		if r.Status == rules.Win {
			if r.Winner == g.SideToMove() {
				return Mate - ply
			}
			return -(Mate - ply)
		}
		return t.drawScore()
	}
	scores := t.scores[ply][:0]
	side := g.SideToMove() & 1
	k0, k1 := t.killers[ply][0], t.killers[ply][1]
	hk0, hk1 := t.hasKill[ply][0], t.hasKill[ply][1]
	hist := &t.history[side]
	mo := t.mo
	for _, m := range moves {
		var s int64
		switch {
		case hasHash && m == hashMove:
			s = orderHash
		case hk0 && m == k0:
			s = orderHash - 1
		case hk1 && m == k1:
			s = orderHash - 2
		default:
			// The game's guess first (a capture before a quiet move),
			// the history between moves the game scores alike.
			s = int64(hist[histIndex(m)] + histMax) // never below 0: a malus stays above -histMax
			if mo != nil {
				s += int64(mo.OrderMove(m)) << 32
			}
		}
		scores = append(scores, s)
	}
	t.scores[ply] = scores

	// Futility: near the leaves, with the static evaluation far below
	// alpha, quiet moves (scored 0 or below by the game) are not searched.
	futile := prune && mo != nil && depth < len(futilityMargin) && staticEval+futilityMargin[depth] <= alpha
	lmpLimit := 0
	if depth < len(lmpCount) {
		lmpLimit = lmpCount[depth]
		if !improving {
			lmpLimit = lmpLimit * 2 / 3
		}
	}

	// The static evaluation for the game's futility (FutilityDepth), once
	// asked for.
	fEval, fHave := 0, false
	origAlpha := alpha
	best := -infinity
	var bestMove rules.Move
	hasBest := false
	searched := 0
	nTried := 0
	for i := range moves {
		pickBest(moves, scores, i)
		m := moves[i]
		quiet := mo != nil && scores[i] < orderHash-2 && scores[i]>>32 <= 0
		// Futility and late-move pruning: at low depth, quiet moves after
		// the first few are not searched; in games that opt in
		// (PruneQuiet), after the first two at any depth but the root's.
		// The moves left are ordered after this one, so they are quiet too
		// (the game's guess orders first) and pruned alike: the loop ends.
		if searched > 0 && quiet && best > -KnownWin &&
			(futile || prune && depth < len(lmpCount) && searched >= lmpLimit ||
				t.tune.PruneQuiet && t.sel && ply > 0 && searched >= 2) {
			break
		}
		// In games that opted in, late-move pruning takes the late moves
		// that capture too, after twice as many moves (in Ataxx nearly
		// every move converts a piece, so "quiet" prunes almost nothing).
		// Every move left is pruned then, quiet or not: the loop ends.
		if t.tune.PruneLate && prune && searched > 0 && !quiet && scores[i] < orderHash-2 && best > -KnownWin &&
			depth < len(lmpCount) && searched >= 2*lmpLimit {
			break
		}
		// The game's futility: with the static evaluation far below alpha,
		// no move after the first few is searched.
		if t.sel && ply > 0 && depth <= t.tune.FutilityDepth && searched >= t.tune.FutilityAfter &&
			best > -KnownWin && alpha < KnownWin && t.ev != nil {
			if !fHave {
				fEval, fHave = staticEval, true
				if !prune {
					fEval = t.ev.Evaluate()
				}
			}
			if fEval+t.tune.FutilityBase+t.tune.FutilityPerPly*depth <= alpha {
				break
			}
		}
		// Futility by gain: a move that captures, whose gain still leaves
		// the static evaluation far below alpha, is not searched either.
		// The game's gain need not follow its ordering: the move is
		// skipped, the loop goes on.
		if futile && t.mg != nil && searched > 0 && !quiet && scores[i] < orderHash-2 && best > -KnownWin &&
			staticEval+futilityMargin[depth]+t.mg.MoveGain(m) <= alpha {
			continue
		}
		if t.ka != nil {
			t.tt.prefetch(t.ka.KeyAfter(m))
		}
		n0 := t.nodes
		g.Play(m)
		var s int
		if searched == 0 {
			s = -t.search(depth-1, ply+1, -beta, -alpha)
		} else {
			// Late-move reductions: later moves first at a reduced depth,
			// again at full depth only when they beat alpha.
			r := 0
			if t.sel && depth >= 3 && searched >= 2 && scores[i] < orderHash-2 {
				if t.tune.LMRScale > 0 {
					r = int(t.lmr[min(depth, 63)][min(searched, 63)])
					if pvNode {
						r--
					}
					if t.tune.LMRHistory > 0 {
						r -= roundDiv(int(hist[histIndex(m)]), t.tune.LMRHistory)
					}
				} else {
					r = int(lmrTable[min(depth, 63)][min(searched, 63)])
					if !pvNode {
						r++
					}
					if !quiet && r > 0 && !t.reduceCaptures {
						r--
					}
				}
				r = max(0, min(r, depth-2))
			}
			s = -t.search(depth-1-r, ply+1, -alpha-1, -alpha)
			if r > 0 && s > alpha {
				s = -t.search(depth-1, ply+1, -alpha-1, -alpha)
			}
			if s > alpha && s < beta {
				s = -t.search(depth-1, ply+1, -beta, -alpha)
			}
		}
		g.Unplay()
		if ply == 0 {
			t.addRootNodes(m, t.nodes-n0)
		}
		searched++
		if t.stopped() {
			return 0
		}
		if t.tune.HistoryMalus && nTried < len(t.tried[ply]) && scores[i] < orderHash-2 && s <= alpha {
			t.tried[ply][nTried] = m
			nTried++
		}
		if s > best {
			best = s
			bestMove, hasBest = m, true
			if s > alpha {
				alpha = s
				// Update the principal variation.
				t.pv[ply][0] = m
				n := t.pvLen[ply+1]
				copy(t.pv[ply][1:1+n], t.pv[ply+1][:n])
				t.pvLen[ply] = n + 1
				if ply == 0 {
					t.rootBest, t.rootScore, t.rootDone, t.rootRaised = m, s, true, true
					t.rootPV = append(t.rootPV[:0], t.pv[0][:t.pvLen[0]]...)
				}
				if alpha >= beta {
					if !(hasHash && m == hashMove) {
						if !(hk0 && m == k0) && !t.tune.NoKillers {
							t.killers[ply][1], t.hasKill[ply][1] = k0, hk0
							t.killers[ply][0], t.hasKill[ply][0] = m, true
						}
						// The move that cut gains, the moves tried before
						// it lose as much (history with gravity).
						if t.tune.HistoryMalus {
							bonus := int32(min(8*depth*depth, histMax/4))
							if t.tune.HistoryBonus > 0 {
								bonus = int32(min(t.tune.HistoryBonus*depth, t.tune.HistoryBonusMax))
							}
							histUpdate(&hist[histIndex(m)], bonus)
							for _, q := range t.tried[ply][:nTried] {
								histUpdate(&hist[histIndex(q)], -bonus)
							}
						} else {
							h := &hist[histIndex(m)]
							*h += int32(depth * depth)
							if *h > 1<<24 { // as before the malus
								for k := range hist {
									hist[k] /= 2
								}
							}
						}
					}
					break
				}
			}
		}
		if ply == 0 && searched == 1 && !t.rootDone {
			t.rootBest, t.rootScore, t.rootDone = m, s, true
			t.rootPV = append(t.rootPV[:0], m)
		}
	}
	if !hasBest {
		// Every move was pruned (futility): the position is worth about
		// its static evaluation, below alpha.
		return alpha
	}
	// The root without some of its moves (iterateLines) is not the
	// position: its value is not stored.
	if t.tt != nil && t.h != nil && (ply > 0 || len(t.excl) == 0) {
		bound := boundExact
		switch {
		case best <= origAlpha:
			bound = boundUpper
		case best >= beta:
			bound = boundLower
		}
		t.tt.store(key, bestMove, hasBest && bound != boundUpper, scoreToTT(best, ply), depth, bound)
	}
	return best
}

// tableLine makes the principal variation of a node of the principal
// variation that the table's score ended (SearchTuning.TTCutPV) the moves
// the table holds from it on, as far as they are legal, the game goes on
// and depth allows: without them the line shown would stop there. It
// changes neither the search nor the position; PV nodes are few.
func (t *thread) tableLine(ply, depth int) {
	g := t.g
	n := 0
	for n < depth && ply+n < MaxPly {
		if over, _ := t.outcome(); over {
			break
		}
		e, ok := t.tt.probe(t.h.Hash())
		if !ok || !e.hasMove {
			break
		}
		// The node's own move list and those below it are free: the node
		// ended before listing its moves.
		moves := g.Moves(t.moves[ply+n][:0])
		t.moves[ply+n] = moves
		if !slices.Contains(moves, e.move) {
			break
		}
		t.pv[ply][n] = e.move
		n++
		g.Play(e.move)
	}
	for range n {
		g.Unplay()
	}
	t.pvLen[ply] = n
}

// dropExcluded removes the moves of t.excl from the root's moves, in place.
func (t *thread) dropExcluded(moves []rules.Move) []rules.Move {
	out := moves[:0]
	for _, m := range moves {
		if !slices.Contains(t.excl, m) {
			out = append(out, m)
		}
	}
	return out
}

// pickBest brings the best-scored of moves[i:] to i (selection: cheap, as
// most nodes cut after the first few moves).
func pickBest(moves []rules.Move, scores []int64, i int) {
	bi := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[bi] {
			bi = j
		}
	}
	if bi != i {
		moves[i], moves[bi] = moves[bi], moves[i]
		scores[i], scores[bi] = scores[bi], scores[i]
	}
}

// maxQuiesce bounds the plies of a quiescence search.
const maxQuiesce = 8

// quiesce is the value of a position at the horizon: its static value
// (leaf) when the game has no noisy moves to play out (rules.Quiescer),
// else the best of standing pat and playing on its noisy moves, the most
// promising first (rules.MoveOrderer), up to maxQuiesce plies. A noisy move
// that ends the game is skipped, so a quiescence search proves nothing: the
// results it returns are evaluations, as the leaf's. The one exception, in
// the selective mode: a position whose side to move wins with its next move
// (WinNower) scores that win in one ply.
func (t *thread) quiesce(ply, alpha, beta, qply int) int {
	if t.wn != nil && t.wn.WinsNow() {
		return Mate - ply - 1
	}
	stand := t.leaf()
	if t.q == nil || ply >= MaxPly || qply >= maxQuiesce || stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	g := t.g
	all := g.Moves(t.moves[ply][:0])
	moves := all[:0]
	for _, m := range all { // keep the noisy moves, in place
		if t.q.Noisy(m) {
			moves = append(moves, m)
		}
	}
	t.moves[ply] = moves
	scores := t.scores[ply][:0]
	for _, m := range moves {
		s := int64(0)
		if t.mo != nil {
			s = int64(t.mo.OrderMove(m))
		}
		scores = append(scores, s)
	}
	t.scores[ply] = scores
	best := stand
	for i := range moves {
		pickBest(moves, scores, i)
		g.Play(moves[i])
		if over, _ := t.outcome(); over {
			g.Unplay()
			continue
		}
		t.nodes++
		if t.nodes&1023 == 0 {
			t.poll()
		}
		s := -t.quiesce(ply+1, -beta, -alpha, qply+1)
		g.Unplay()
		if t.stopped() {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// leaf is the value of a position at the horizon: its exact value when the
// game knows it, else its static evaluation.
func (t *thread) leaf() int {
	if t.eg != nil {
		if v, ok := t.eg.EndgameValue(); ok {
			return KnownScore(v)
		}
	}
	if t.ev != nil {
		return t.ev.Evaluate()
	}
	return 0
}

// Proven scores are stored relative to the node, not the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s + ply
	case s <= -MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s - ply
	case s <= -MateBound:
		return s + ply
	}
	return s
}

// ScoreLoss is how much worse score b is than a (0 when b is as good), both
// from the same side's view; a proven result counts as a large but finite
// gap, so analyses can rank mistakes that throw away a win.
func ScoreLoss(a, b int) int {
	clamp := func(s int) int {
		const big = 10 * rules.EvalLimit
		switch {
		case s >= MateBound:
			return big
		case s <= -MateBound:
			return -big
		}
		return s
	}
	return max(0, clamp(a)-clamp(b))
}

// MoveScore turns the score of the position after a move (from the view of
// the side then to move) into the score of the move for the side that made
// it: negated, and a proven result one ply further away.
func MoveScore(s int) int {
	switch {
	case s >= MateBound:
		return -(s - 1)
	case s <= -MateBound:
		return -s - 1
	}
	return -s
}
