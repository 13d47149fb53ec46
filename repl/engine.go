package repl

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardrepl/render"
	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/engine"
)

// The analysis engine at the prompt: go, hint, eval, ai and analyse.

const (
	// goDefault is the limit of 'go' without arguments.
	goDefault = 5 * time.Second
	// hintDefault is the limit of 'hint' without arguments.
	hintDefault = time.Second
	// aiDefaultLevel is the level of 'ai SIDE' without a level at the
	// terminal: the engine at a short time; aiRepeatableLevel without a
	// level in piped input and files, where the same commands must play
	// the same game every time.
	aiDefaultLevel    = 5
	aiRepeatableLevel = 4
	// aiMoveCap bounds the moves the computer makes in a row (ai both).
	aiMoveCap = engine.DefaultMaxPlies
	// aiWatchPace is the least time each move of 'ai both' stays on the
	// terminal before the next, so that the game can be followed.
	aiWatchPace = 500 * time.Millisecond
)

// aiLevels are the limits of the computer's levels 1..9: 1-4 search to a
// fixed depth (weak, and the same moves every time), 5-9 for a time per
// move (5, the default, is the engine at a second a move).
var aiLevels = []engine.Limits{
	{Depth: 1}, {Depth: 2}, {Depth: 3}, {Depth: 4},
	{Time: time.Second}, {Time: 2 * time.Second}, {Time: 5 * time.Second}, {Time: 10 * time.Second}, {Time: 30 * time.Second},
}

// aiHelp documents the levels (the text of 'help ai').
var aiHelp = func() string {
	var b strings.Builder
	b.WriteString(`The computer plays a side: after each move you play (typed, 'play',
'genmove' or 'load') it replies at once, printing its move, and when you
type 'ai' or start a game on its turn it moves then. Undo, goto, editing
and 'position' do not make it move: play a move, or type 'ai'. 'undo'
alone takes back its reply and your move ('undo 1' one move); 'resign'
gives the game up for you. The setting goes with the side's order (first,
second) and stays across 'new', which says so; 'ai both' does not: a new
game is yours until you type 'ai both' again.
  ai SIDE [LEVEL]   SIDE is a side's name (` + "`rules`" + ` lists them), first or second
  ai both [LEVEL]   the computer plays both sides: the game is played out,
                    move by move (Ctrl-C stops it; at most ` + strconv.Itoa(aiMoveCap) + ` moves in a row)
  ai off            nobody is played by the computer
  ai                who the computer plays, at which level (it moves if it
                    is to move)
LEVEL is 1 to 9 (default ` + strconv.Itoa(aiDefaultLevel) + `; ` + strconv.Itoa(aiRepeatableLevel) + ` in piped input and files, so that
the same commands play the same game every time):
`)
	for i, l := range aiLevels {
		kind := "the same move every time"
		if l.Time > 0 {
			kind = "strength depends on the machine"
		}
		fmt.Fprintf(&b, "  %d  %-14s %s\n", i+1, l.String(), kind)
	}
	b.WriteString(`or a player specification: ab:depth=N, ab:time=T, ab:nodes=N, random,
mcts:playouts=N, mcts:time=T (see 'boardrepl help match'); ab:nodes=N
plays the same moves on every machine.
The levels and ab: players search as match and uai play: the engine's
playing search (null move, reductions, pruning), with the game's opening
book where it has one (Oware, end=tournament: its moves say so).
Ctrl-C while the computer thinks stops it without playing; 'ai both' is then
switched off.
  ai blue 2      ai second      ai both 1      ai white ab:nodes=20000`)
	return b.String()
}()

// limitsHelp explains the limit arguments of go, hint and analyse.
const limitsHelp = `  depth N   search N plies deep (1 to 119)
  time T    search for T: 500ms, 2s, 1m (a bare number is seconds)
  nodes N   stop after about N positions
  exact     search with the exact search, not the playing one (below)
Limits combine: the first one reached stops the search.
The search is the engine's playing search, the one match, uai and
tablut-client play with (null move, reductions and pruning: it sees deeper
in the same time; a win may be found later than its distance). With exact
it is the exact search: the minimax value of each depth, every win within
it found at its shortest distance (slower; for puzzles and checks).`

// goConsoleHelp explains the words go takes from engine consoles.
const goConsoleHelp = `A LIMIT may also be one of the words of engine consoles (UCI; 'boardrepl
uai' takes the same), with the others, the first reached stopping the search:
  movetime MS   search for MS milliseconds (of which the prompt keeps 10,
                or a tenth of a shorter time)
  btime MS  wtime MS  binc MS  winc MS  movestogo N
                the clocks: time left, increment a move, moves to the next
                time control. The side to move's clock gives the time, shared
                out by uai's time manager (a line says how much). As in uai, b
                is the side that moves first, w the other: b is red in Ataxx,
                white in Tablut, north in Oware, black in Konobi.
  mate N        look for a win in N moves: the side to move's Nth move ends
                the game, 2N-1 plies (a ply is one side's move; a forced pass
                is one). The exact search to that depth (or less with depth):
                a last line says the win found, that there is none, or that
                the search stopped before it could say.
  multipv N     the N best moves (all, when there are fewer), each with its
                score and line: N lines a depth, best first, 'multipv K'
                after the depth (one thread; each line is one more search)
  perft N       count the move tree, as 'perft N' (alone)
  infinite      until Ctrl-C (with exact and multipv only)`

// aiSide is how the computer plays one side.
type aiSide struct {
	on     bool
	level  string        // as typed: "3", "ab:depth=6"
	lim    engine.Limits // ab levels
	player engine.Player // other player specs (random, mcts)
}

// engineKind names the session's engines.
type engineKind int

const (
	// playEngine plays: the engine's selective search, as match, uai and
	// tablut-client play, with the game's opening book (ai, hint, genmove).
	playEngine engineKind = iota
	// searchEngine searches the position: the same search without the
	// book (go).
	searchEngine
	// exactEngine is the exact search: the minimax value of the depth,
	// every win within it at its shortest distance ('exact').
	exactEngine
)

// engine returns one of the session's engines (made on first use),
// telling them all about a new game when one started since the last search
// (new, load, reset, a position set or edited, another slot recalled: the
// session's line is another one, or its game, options or start changed), so
// that what they learned in one game (the table, the history) does not
// change their searches in the next: a search after 'new' is a fresh
// session's.
func (r *REPL) engine(kind engineKind) *engine.Engine {
	key := r.s.Info().ID + " " + strings.Join(r.s.OptionPairs(), " ") + " " + r.s.Start()
	if key != r.engKey || r.s.Line != r.engLine {
		for _, e := range r.engs {
			if e != nil {
				e.NewGame()
			}
		}
		r.engKey, r.engLine = key, r.s.Line
	}
	if r.engs[kind] == nil {
		r.engs[kind] = engine.New([...]engine.Options{
			playEngine:   {Selective: true},
			searchEngine: {Selective: true, NoBook: true},
			exactEngine:  {},
		}[kind])
	}
	return r.engs[kind]
}

// searchArgs are the arguments of go, hint, genmove and analyse.
type searchArgs struct {
	lim      engine.Limits
	infinite bool // go infinite
	exact    bool // the exact search, not the playing one
	// go's engine-console words (parseLimits with console):
	clock, inc [2]time.Duration // btime, wtime; binc, winc (0: the first side)
	hasClock   [2]bool
	movesToGo  int
	mate       int    // look for a win in mate moves
	perft      string // perft N: the N
}

// limitValues say what follows each limit word, for the messages.
var limitValues = map[string]string{
	"depth": "a number of plies", "time": "a duration like 500ms or 2s", "nodes": "a number of positions",
	"movetime": "milliseconds", "btime": "milliseconds", "wtime": "milliseconds", "binc": "milliseconds",
	"winc": "milliseconds", "movestogo": "a number of moves", "mate": "a number of moves", "perft": "a depth",
	"multipv": "a number of lines",
}

// consoleLimits are the limits of go that engine consoles (UCI, UAI)
// take besides depth and nodes (and perft N, which goes alone).
var consoleLimits = []string{"movetime", "btime", "wtime", "binc", "winc", "movestogo", "mate"}

// promptOverhead is what go keeps back from movetime and the clocks (the
// time manager's overhead): the prompt's own work after the search.
const promptOverhead = 10 * time.Millisecond

// parseLimits reads "depth N", "time T", "nodes N" and "exact" in any
// order; with console (go) also "infinite" and the words of engine
// consoles: movetime, btime, wtime, binc, winc, movestogo, mate, perft.
// "multipv N" is taken out before (multiPVArg).
func parseLimits(name string, args []string, console bool) (searchArgs, error) {
	var sa searchArgs
	want := "depth N, time T, nodes N or exact"
	if console {
		want = "depth N, time T, nodes N, movetime MS, btime MS, wtime MS, binc MS, winc MS, movestogo N, mate N, multipv N, perft N, exact or infinite"
	}
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		k := strings.ToLower(args[i])
		if k == "infinite" && console {
			sa.infinite = true
			continue
		}
		if k == "exact" {
			sa.exact = true
			continue
		}
		if !slices.Contains(basicLimits, k) && !(console && (slices.Contains(consoleLimits, k) || k == "perft")) {
			if _, err := strconv.Atoi(k); err == nil {
				return searchArgs{}, fmt.Errorf("%s %s: say what the number is: %s %s %s", name, args[i], name, "depth", args[i])
			}
			return searchArgs{}, fmt.Errorf("%s %s: unknown limit %q: want %s", name, args[i], args[i], want)
		}
		if seen[k] {
			return searchArgs{}, fmt.Errorf("%s: %s given twice", name, k)
		}
		seen[k] = true
		if i+1 >= len(args) {
			return searchArgs{}, fmt.Errorf("%s %s: missing the value after %s (%s)", name, k, k, limitValues[k])
		}
		v := args[i+1]
		i++
		if err := sa.set(name, k, v); err != nil {
			return searchArgs{}, err
		}
	}
	lim := sa.lim
	clock := sa.hasClock[0] || sa.hasClock[1]
	switch {
	case sa.infinite && (!noLimit(lim) || clock || sa.perft != ""):
		return searchArgs{}, fmt.Errorf("%s: infinite goes with no other limit", name)
	case sa.perft != "" && len(args) > 2:
		return searchArgs{}, fmt.Errorf("%s: perft N goes alone (it counts the move tree: no search)", name)
	case !clock && (seen["binc"] || seen["winc"] || seen["movestogo"]):
		return searchArgs{}, fmt.Errorf("%s: binc, winc and movestogo go with the clocks btime and wtime", name)
	}
	return sa, nil
}

// set reads the value v of the limit word k.
func (sa *searchArgs) set(name, k, v string) error {
	switch k {
	case "depth":
		d, err := strconv.Atoi(v)
		if err != nil || d < 1 || d >= engine.MaxPly {
			return fmt.Errorf("%s depth %s: want a depth from 1 to %d plies", name, v, engine.MaxPly-1)
		}
		sa.lim.Depth = first(sa.lim.Depth, d)
	case "time":
		d, err := parseTime(v)
		if err != nil {
			return fmt.Errorf("%s time %s: %v", name, v, err)
		}
		sa.lim.Time = first(sa.lim.Time, d)
	case "nodes":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("%s nodes %s: want a whole number of positions, at least 1", name, v)
		}
		sa.lim.Nodes = n
	case "movetime", "btime", "wtime", "binc", "winc":
		least := int64(0)
		if k == "movetime" {
			least = 1
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < least || n > (24*time.Hour).Milliseconds() {
			return fmt.Errorf("%s %s %s: want whole milliseconds from %d to %d (24h)", name, k, v, least, (24 * time.Hour).Milliseconds())
		}
		ms := time.Duration(n) * time.Millisecond
		side := 0 // b: the side that moves first, as in uai
		if k[0] == 'w' {
			side = 1
		}
		switch k {
		case "movetime":
			d := engine.MoveTime(ms, promptOverhead)
			sa.lim.Time = first(sa.lim.Time, d)
		case "btime", "wtime":
			sa.clock[side], sa.hasClock[side] = ms, true
		default:
			sa.inc[side] = ms
		}
	case "movestogo":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("%s movestogo %s: want a whole number of moves, at least 1", name, v)
		}
		sa.movesToGo = n
	case "mate":
		n, err := strconv.Atoi(v)
		if most := engine.MaxPly / 2; err != nil || n < 1 || n > most {
			return fmt.Errorf("%s mate %s: want a number of moves from 1 to %d", name, v, most)
		}
		sa.mate = n
		sa.exact = true
		sa.lim.Depth = first(sa.lim.Depth, 2*n-1)
	case "perft":
		if _, err := perftDepth(name+" perft", []string{v}); err != nil {
			return err
		}
		sa.perft = v
	}
	return nil
}

// first is the limit reached first of cur (0: none yet) and v.
func first[T int | time.Duration](cur, v T) T {
	if cur > 0 && cur < v {
		return cur
	}
	return v
}

// multiPVArg takes "multipv N" out of the arguments of go and hint; 0 when
// it is not there.
func multiPVArg(name string, args []string) ([]string, int, error) {
	var out []string
	n := 0
	for i := 0; i < len(args); i++ {
		if !strings.EqualFold(args[i], "multipv") {
			out = append(out, args[i])
			continue
		}
		if n > 0 {
			return nil, 0, fmt.Errorf("%s: multipv given twice", name)
		}
		if i+1 >= len(args) {
			return nil, 0, fmt.Errorf("%s multipv: missing the value after multipv (%s)", name, limitValues["multipv"])
		}
		v, err := strconv.Atoi(args[i+1])
		if err != nil || v < 1 || v > engine.MaxMultiPV {
			return nil, 0, fmt.Errorf("%s multipv %s: want a number of lines from 1 to %d", name, args[i+1], engine.MaxMultiPV)
		}
		n = v
		i++
	}
	return out, n, nil
}

// clockLimits adds to the limits what the time manager gives the side to
// move from its clock (btime or wtime, as uai reads them), and says so.
func (r *REPL) clockLimits(name string, sa searchArgs) (engine.Limits, error) {
	lim := sa.lim
	if !sa.hasClock[0] && !sa.hasClock[1] {
		return lim, nil
	}
	g := r.s.Game()
	s := g.SideToMove()
	word := [2]string{"btime", "wtime"}[s]
	if !sa.hasClock[s] {
		return lim, fmt.Errorf("%s: %s is to move and its clock is %s (b is the side that moves first, w the other): give %s",
			name, g.SideName(s), word, word)
	}
	left := engine.MovesLeft(g)
	soft, hard := engine.Budget(sa.clock[s], sa.inc[s], sa.movesToGo, left, promptOverhead)
	if lim.Time == 0 || hard < lim.Time {
		lim.Time, lim.Soft = hard, soft
	}
	togo := ""
	if sa.movesToGo > 0 {
		togo = fmt.Sprintf(" movestogo %d", sa.movesToGo)
	}
	fmt.Fprintf(r.out, "clock: %s's %s %d %s %d%s, %d moves left (estimated): target %d ms, at most %d ms\n",
		g.SideName(s), word, sa.clock[s].Milliseconds(), [2]string{"binc", "winc"}[s], sa.inc[s].Milliseconds(), togo, left,
		soft.Round(time.Millisecond).Milliseconds(), hard.Round(time.Millisecond).Milliseconds())
	return lim, nil
}

// parseTime reads a duration: "500ms", "2s", or a number of seconds.
func parseTime(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		f, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil {
			return 0, errors.New("want a duration like 500ms, 2s or 1m")
		}
		d = time.Duration(f * float64(time.Second))
	}
	if d <= 0 {
		return 0, errors.New("want a positive duration")
	}
	if d > 24*time.Hour {
		return 0, errors.New("want at most 24h")
	}
	return d, nil
}

// noLimit reports whether no limit was given.
func noLimit(l engine.Limits) bool { return l.Depth == 0 && l.Time == 0 && l.Nodes == 0 }

// searchable says why the current position cannot be searched, if so.
func (r *REPL) searchable() error {
	g := r.s.Game()
	if res := r.s.Result(); res.Over() {
		return fmt.Errorf("the game is over (%s): nothing to search", rules.FormatResult(g, res))
	}
	return nil
}

func cmdGo(ctx context.Context, r *REPL, args []string, _ string) error {
	args, lines, err := multiPVArg("go", args)
	if err != nil {
		return err
	}
	sa, err := parseLimits("go", args, true)
	if err != nil {
		return err
	}
	if sa.perft != "" {
		if lines > 0 {
			return errors.New("go: perft N goes alone (it counts the move tree: no search)")
		}
		return cmdPerft(ctx, r, []string{sa.perft}, sa.perft)
	}
	if err := r.searchable(); err != nil {
		return err
	}
	lim, err := r.clockLimits("go", sa)
	if err != nil {
		return err
	}
	if noLimit(lim) && !sa.infinite {
		lim.Time = goDefault
	}
	lim.MultiPV = lines
	kind := searchEngine
	if sa.exact {
		kind = exactEngine
	}
	res, err := r.engine(kind).Search(ctx, r.s.Game(), lim, func(i engine.Info) {
		fmt.Fprintln(r.out, i.String())
	})
	if err != nil {
		return err
	}
	line := fmt.Sprintf("bestmove %s score %s depth %d", res.BestText, engine.FormatScore(res.Score), res.Depth)
	if ctx.Err() != nil {
		line += " (interrupted: the best so far)"
	}
	fmt.Fprintln(r.out, line)
	if sa.mate > 0 {
		fmt.Fprintln(r.out, r.mateVerdict(sa.mate, lim.Depth, res))
	}
	return nil
}

// mateVerdict says what a search for a win in n moves (go mate N: the
// exact search to depth at most 2n-1) found.
func (r *REPL) mateVerdict(n, depth int, res engine.Result) string {
	g := r.s.Game()
	side := g.SideName(g.SideToMove())
	head := fmt.Sprintf("mate %d: ", n)
	within := fmt.Sprintf("win in %s (%s)", plural(n, "move"), plies(2*n-1))
	switch m := res.Mate(); {
	case m > 0:
		return head + fmt.Sprintf("%s wins in %s (%s)", side, plies(m), plural((m+1)/2, "move"))
	case m < 0:
		return head + fmt.Sprintf("no win: %s loses in %s", side, plies(-m))
	case res.Depth == 2*n-1 && !res.Stopped:
		return head + fmt.Sprintf("%s has no %s", side, within)
	case depth < 2*n-1:
		return head + fmt.Sprintf("no win within %s, the depth limit: a %s needs depth %d", plies(res.Depth), within, 2*n-1)
	}
	return head + fmt.Sprintf("no win within %s; stopped before depth %d, which could find a %s", plies(res.Depth), 2*n-1, within)
}

// quickSearch searches the position for hint and genmove: within the
// limits given, else hintDefault, with no progress lines; lines > 1 asks
// for that many best moves.
func (r *REPL) quickSearch(ctx context.Context, name string, args []string, lines int) (engine.Result, error) {
	sa, err := parseLimits(name, args, false)
	if err != nil {
		return engine.Result{}, err
	}
	lim := sa.lim
	if noLimit(lim) {
		lim.Time = hintDefault
	}
	lim.MultiPV = lines
	if err := r.searchable(); err != nil {
		return engine.Result{}, err
	}
	kind := playEngine
	if sa.exact {
		kind = exactEngine
	}
	return r.engine(kind).Search(ctx, r.s.Game(), lim, nil)
}

func cmdHint(ctx context.Context, r *REPL, args []string, _ string) error {
	args, lines, err := multiPVArg("hint", args)
	if err != nil {
		return err
	}
	res, err := r.quickSearch(ctx, "hint", args, lines)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errors.New("interrupted")
	}
	g := r.s.Game()
	side := g.SideName(g.SideToMove())
	if res.Lines == nil {
		fmt.Fprintf(r.out, "hint: %s (score %s for %s, %s; line %s)\n", res.BestText, engine.FormatScore(res.Score), side,
			scoreNote(res), strings.Join(res.PVText, " "))
		return nil
	}
	for _, l := range res.Lines {
		fmt.Fprintf(r.out, "hint %d: %s (score %s for %s, %s; line %s)\n", l.MultiPV, l.PVText[0], engine.FormatScore(l.Score), side,
			scoreNote(engine.Result{Info: l}), strings.Join(l.PVText, " "))
	}
	return nil
}

func cmdGenmove(ctx context.Context, r *REPL, args []string, _ string) error {
	g := r.s.Game()
	if len(args) > 0 {
		side, ok, err := colourArg(g, args[0])
		if err != nil {
			return fmt.Errorf("genmove %s: %v", args[0], err)
		}
		if ok {
			if side != g.SideToMove() {
				return fmt.Errorf("genmove %s: %s is to move (the prompt plays in turn)", args[0], g.SideName(g.SideToMove()))
			}
			args = args[1:]
		}
	}
	res, err := r.quickSearch(ctx, "genmove", args, 0)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errors.New("interrupted: no move played")
	}
	fmt.Fprintf(r.out, "genmove: %s plays %s (score %s, %s)\n", g.SideName(g.SideToMove()), res.BestText,
		engine.FormatScore(res.Score), scoreNote(res))
	return r.playMoves([]string{res.BestText})
}

// scoreNote says how deep a result was searched or what it proves.
func scoreNote(res engine.Result) string {
	switch m := res.Mate(); {
	case res.Book:
		return fmt.Sprintf("from the opening book, searched to depth %d", res.Depth)
	case m > 0:
		return "wins in " + plies(m)
	case m < 0:
		return "loses in " + plies(-m)
	}
	return fmt.Sprintf("depth %d", res.Depth)
}

func cmdEval(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("eval", args); err != nil {
		return err
	}
	g := r.s.Game()
	score, terms, ok := engine.Evaluate(g)
	if !ok {
		return fmt.Errorf("%s has no evaluation", g.Info().Name)
	}
	if res := r.s.Result(); res.Over() {
		fmt.Fprintf(r.out, "game over: %s (the evaluation below ignores it)\n", rules.FormatResult(g, res))
	}
	side := g.SideName(g.SideToMove())
	fmt.Fprintf(r.out, "evaluation for %s (to move): %s\n", side, engine.FormatScore(score))
	fmt.Fprintf(r.out, "(positive favours %s; %d is %s)\n", side, rules.EvalUnit, unitName(g))
	w := 5
	for _, t := range terms {
		w = max(w, len(t.Name))
	}
	sum := 0
	for _, t := range terms {
		fmt.Fprintf(r.out, "  %-*s %6s\n", w, t.Name, engine.FormatScore(t.Value))
		sum += t.Value
	}
	fmt.Fprintf(r.out, "  %-*s %6s\n", w, "total", engine.FormatScore(sum))
	return nil
}

// AI.

// parseAISide reads the side argument of ai: a side name or initial,
// first, second, both or off. It returns which sides it names.
func parseAISide(g rules.Game, s string) ([2]bool, error) {
	switch strings.ToLower(s) {
	case "both":
		return [2]bool{true, true}, nil
	case "off", "none":
		return [2]bool{}, nil
	case "first":
		return [2]bool{true, false}, nil
	case "second":
		return [2]bool{false, true}, nil
	}
	for side := 0; side < 2; side++ {
		if strings.EqualFold(s, g.SideName(side)) || strings.EqualFold(s, sideAbbrev(g, side)) {
			var out [2]bool
			out[side] = true
			return out, nil
		}
	}
	return [2]bool{}, fmt.Errorf("ai %s: no side %q: want %s, %s, first, second, both or off", s, s, g.SideName(0), g.SideName(1))
}

// parseAILevel reads a level 1..9 or a player specification.
func parseAILevel(side, s string) (aiSide, error) {
	a := aiSide{on: true, level: s}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > len(aiLevels) {
			return a, fmt.Errorf("ai %s %s: want a level from 1 to %d (see 'help ai')", side, s, len(aiLevels))
		}
		a.lim = aiLevels[n-1]
		return a, nil
	}
	if !strings.Contains(s, ":") && s != "random" && s != "ab" && s != "mcts" {
		return a, fmt.Errorf("ai %s %s: want a level from 1 to %d or a player like ab:depth=4 (see 'help ai')", side, s, len(aiLevels))
	}
	p, err := engine.ParsePlayer(s)
	if err != nil {
		return a, err
	}
	a.level = p.Spec()
	if _, lim, ok := engine.EngineOf(p); ok && !ownEngine(s) {
		a.lim = lim // searched by the session's engine
		return a, nil
	}
	p.NewGame(1)
	a.player = p
	return a, nil
}

// ownEngine reports whether an ab: specification sets something the
// session's playing engine does not have (threads, table size, contempt,
// repetition charge, opening book): the player then searches with its own.
func ownEngine(spec string) bool {
	for _, k := range []string{"threads=", "hash=", "contempt=", "cycle=", "book="} {
		if strings.Contains(spec, k) {
			return true
		}
	}
	return false
}

func (a aiSide) describe() string {
	if a.player != nil {
		return a.player.Spec()
	}
	if _, err := strconv.Atoi(a.level); err == nil {
		return fmt.Sprintf("level %s (%s)", a.level, a.lim)
	}
	return a.level
}

func cmdAI(ctx context.Context, r *REPL, args []string, _ string) error {
	g := r.s.Game()
	if len(args) > 2 {
		return errors.New("usage: ai SIDE|both|off [LEVEL] (see 'help ai')")
	}
	r.aiLine = r.s.Line // the computer knows this game: no "a new game" notice
	if len(args) == 0 {
		any := false
		for side := 0; side < 2; side++ {
			if a := r.ai[side]; a.on {
				any = true
				fmt.Fprintf(r.out, "the computer plays %s at %s\n", g.SideName(side), a.describe())
			}
		}
		if !any {
			fmt.Fprintln(r.out, "the computer plays no side ('ai SIDE [LEVEL]' to change; 'help ai')")
		}
		return r.aiMoves(ctx)
	}
	sides, err := parseAISide(g, args[0])
	if err != nil {
		return err
	}
	off := strings.EqualFold(args[0], "off") || strings.EqualFold(args[0], "none")
	if off && len(args) > 1 {
		return fmt.Errorf("ai off takes no level (got %q)", args[1])
	}
	level := strconv.Itoa(r.aiDefault())
	if len(args) == 2 {
		level = args[1]
	}
	a, err := parseAILevel(args[0], level)
	if err != nil {
		return err
	}
	if off {
		r.ai = [2]aiSide{}
		fmt.Fprintln(r.out, "the computer plays no side")
		return nil
	}
	for side := 0; side < 2; side++ {
		if sides[side] {
			r.ai[side] = a
			fmt.Fprintf(r.out, "the computer plays %s at %s\n", g.SideName(side), a.describe())
		}
	}
	if len(args) == 1 && r.aiDefault() != aiDefaultLevel {
		fmt.Fprintf(r.out, "(without a level, piped input and files play level %d, the same moves every time; at the terminal, level %d)\n",
			aiRepeatableLevel, aiDefaultLevel)
	}
	return r.aiMoves(ctx)
}

// aiDefault is the level of 'ai SIDE' without one: aiDefaultLevel at the
// terminal, aiRepeatableLevel in piped input and in files run.
func (r *REPL) aiDefault() int {
	if r.interactive && r.depth == 0 {
		return aiDefaultLevel
	}
	return aiRepeatableLevel
}

// aiToMove reports whether the computer is to move now.
func (r *REPL) aiToMove() bool {
	g := r.s.Game()
	return !r.s.Result().Over() && r.ai[g.SideToMove()].on
}

// aiPlays returns the one side the computer plays, -1 when it plays
// none or both.
func (r *REPL) aiPlays() int {
	switch {
	case r.ai[0].on && !r.ai[1].on:
		return 0
	case r.ai[1].on && !r.ai[0].on:
		return 1
	}
	return -1
}

// aiNewGame tells about the computer when a new game started (new, load,
// reset...) since it last looked: one side stays the computer's, which
// is said; 'ai both' is switched off, so that no game is played out
// unasked.
func (r *REPL) aiNewGame() {
	if r.s.Line == r.aiLine {
		return
	}
	r.aiLine = r.s.Line
	g := r.s.Game()
	switch side := r.aiPlays(); {
	case r.ai[0].on && r.ai[1].on:
		r.ai = [2]aiSide{}
		fmt.Fprintln(r.out, "a new game: the computer no longer plays both sides ('ai both' plays this one out)")
	case side >= 0:
		fmt.Fprintf(r.out, "a new game: the computer plays %s at %s ('ai off' stops it)\n", g.SideName(side), r.ai[side].describe())
	}
}

// aiMoves lets the computer play while it is its turn: one reply, or a
// whole game when it plays both sides. The board is shown at the end; at
// the terminal, a game the computer plays out is shown move by move, each
// for at least the pace.
func (r *REPL) aiMoves(ctx context.Context) error {
	r.aiNewGame()
	n := 0
	watch := r.interactive && r.depth == 0 && r.ai[0].on && r.ai[1].on // typed at the terminal
	shown := func() {
		if n > 0 && !watch {
			r.moved()
		}
	}
	for r.aiToMove() {
		if n >= aiMoveCap {
			shown()
			fmt.Fprintf(r.out, "the computer stopped after %d moves in a row (the move cap); 'ai both' goes on\n", n)
			return nil
		}
		start := time.Now()
		err := r.aiMove(ctx)
		if err == nil {
			n++
			if !watch {
				continue
			}
			r.moved()
			if err = pause(ctx, r.pace-time.Since(start)); err == nil {
				continue
			}
		}
		shown()
		if r.ai[0].on && r.ai[1].on {
			r.ai = [2]aiSide{}
			return fmt.Errorf("%v: the computer stopped (ai is now off)", err)
		}
		return err
	}
	shown()
	return nil
}

// pause waits for d, or until ctx is done ("interrupted").
func pause(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return errors.New("interrupted")
	}
}

// aiMove makes the computer's move for the side to move.
func (r *REPL) aiMove(ctx context.Context) error {
	g := r.s.Game()
	side := g.SideToMove()
	a := r.ai[side]
	var m rules.Move
	note := ""
	if a.player != nil {
		var err error
		m, err = a.player.Move(ctx, g)
		if ctx.Err() != nil {
			return errors.New("interrupted")
		}
		if err != nil {
			return fmt.Errorf("the computer (%s): %v", a.player.Spec(), err)
		}
	} else {
		res, err := r.engine(playEngine).Search(ctx, g, a.lim, nil)
		if ctx.Err() != nil {
			return errors.New("interrupted")
		}
		if err != nil {
			return fmt.Errorf("the computer: %v", err)
		}
		m = res.Best
		note = fmt.Sprintf(" (score %s, %s)", engine.FormatScore(res.Score), scoreNote(res))
	}
	text := g.FormatMove(m)
	num := r.s.MoveNumber()
	played := r.s.Play(m)
	fmt.Fprintf(r.out, "%d. %s plays %s%s\n", num, r.s.Game().SideName(side), text, note)
	for _, e := range played[1:] { // the forced passes after the move
		fmt.Fprintf(r.out, "%s has no move and passes (%s)\n", r.s.Game().SideName(e.Side), e.Text)
	}
	return nil
}

// Analyse.

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return strconv.Itoa(n) + " plies"
}

// unitName says what rules.EvalUnit is worth in a game.
func unitName(g rules.Game) string {
	switch g.Info().ID {
	case "oware":
		return "one seed"
	case "konobi":
		return "one step of connection distance"
	}
	return "about one piece"
}

func cmdAnalyse(ctx context.Context, r *REPL, args []string, _ string) error {
	args, svgFile, err := svgFlag(args)
	if err != nil {
		return err
	}
	args, annotateFile, force, err := annotateFlag(args)
	if err != nil {
		return err
	}
	sa, err := parseLimits("analyse", args, false)
	if err != nil {
		return err
	}
	if r.s.Cursor() == 0 {
		return errors.New("no moves to analyse yet ('go' or 'hint' search this position)")
	}
	in, err := analysis.FromLine(r.s.Line)
	if err != nil {
		return err
	}
	rep, err := r.runAnalysis(ctx, sa, in)
	if err != nil {
		return err
	}
	r.keepAnalysis(sa, rep)
	g := in.Start
	if annotateFile != "" {
		if err := r.writeAnnotated(annotateFile, force, g, rep, analysis.Options{Limits: sa.lim, Exact: sa.exact}); err != nil {
			return err
		}
	}
	if svgFile != "" {
		return r.writeGraph(svgFile, g, rep)
	}
	return nil
}

// runAnalysis analyses a line of the session's game (analyse, study),
// printing the head, each ply as it is judged, the best move at the end
// and the worst moves.
func (r *REPL) runAnalysis(ctx context.Context, sa searchArgs, in analysis.Line) (*analysis.Report, error) {
	g := in.Start
	eng := &r.anaEng
	if sa.exact {
		eng = &r.anaExactEng
	}
	if *eng == nil {
		*eng = analysis.NewEngine(sa.exact, 1)
	}
	a := analysis.New(analysis.Options{Limits: sa.lim, Exact: sa.exact, Engine: *eng})
	head := fmt.Sprintf("analysis at %s", a.Limits(g))
	if sa.exact {
		head += " with the exact search"
	}
	if deep := a.ConfirmText(g); deep != "" {
		head += " (marks confirmed at " + deep + ")"
	}
	fmt.Fprintf(r.out, "%s; scores from the mover's view (%d is %s); ? loses %d or more and %d%% of the expected score, ?? %d and %d%%\n",
		head, rules.EvalUnit, unitName(g), analysis.Dubious, analysis.DubiousChances, analysis.Blunder, analysis.BlunderChances)
	rep, err := a.Analyse(ctx, in, func(p analysis.Ply) { fmt.Fprintln(r.out, r.plyText(p)) })
	if err != nil {
		if ctx.Err() != nil {
			return nil, errors.New("interrupted")
		}
		return nil, err
	}
	if rep.Over {
		fmt.Fprintf(r.out, "end: %s\n", rep.Result)
	} else if n := rep.Now; n != nil {
		fmt.Fprintln(r.out, nowText(n))
	}
	worst := analysis.Worst(rep.Plies, 3)
	if len(worst) == 0 {
		fmt.Fprintln(r.out, "no move lost anything at this depth")
	} else {
		parts := make([]string, len(worst))
		for i := range worst {
			parts[i] = worst[i].Summary()
		}
		fmt.Fprintf(r.out, "worst moves: %s\n", strings.Join(parts, ", "))
	}
	return rep, nil
}

// nowText is the engine's choice in a position of an analysis, for the
// side to move: "now blue to move: best a1c3 +20 line a1c3 b2 ...", with
// the depth when a confirming search gave it.
func nowText(p *analysis.Ply) string {
	text := fmt.Sprintf("now %s to move: best %s %s line %s", p.SideName, p.Best, engine.FormatScore(p.BestScore), strings.Join(p.PV, " "))
	if p.Rechecked {
		text += fmt.Sprintf(" (at depth %d)", p.At)
	}
	return text
}

// plyText is the verdict on a move, as analyse prints it; every number is
// of one depth, the analysis's own unless the line says another:
//
//	ply 3 red g1g3? +16, best e2 +242 (loss 226) line e2 a3 e2c3
//	ply 3 red f2d4? -180, best g2 +55 (loss 235 at depth 8; ?? at depth 6 not confirmed) line g2 a2 ...
func (r *REPL) plyText(p analysis.Ply) string {
	text := fmt.Sprintf("ply %d %s %s", p.Ply, p.SideName, p.Move)
	switch {
	case p.Forced:
		text += " (forced)"
	case p.IsBest():
		text += " " + engine.FormatScore(p.Score) + " (best" + p.Recheck() + ")"
	default:
		text += fmt.Sprintf("%s %s, best %s %s (%s) line %s", p.Mark, engine.FormatScore(p.Score),
			p.Best, engine.FormatScore(p.BestScore), p.Reason(false), strings.Join(p.PV, " "))
	}
	if p.Swap {
		text += "; " + r.s.SwapText(p.Ply)
	}
	return text
}

// Completion.

// limitSamples are the values Tab offers after each limit word.
var limitSamples = map[string][]string{
	"depth":     {"1", "2", "3", "4", "5", "6", "8", "10"},
	"time":      {"500ms", "1s", "2s", "5s", "10s", "30s"},
	"nodes":     {"10000", "100000", "1000000"},
	"movetime":  {"100", "500", "1000", "5000"},
	"btime":     {"10000", "60000", "300000"},
	"wtime":     {"10000", "60000", "300000"},
	"binc":      {"0", "100", "1000"},
	"winc":      {"0", "100", "1000"},
	"movestogo": {"10", "20", "40"},
	"mate":      {"1", "2", "3", "4", "5"},
	"multipv":   {"2", "3", "4", "5"},
	"perft":     {"1", "2", "3", "4", "5"},
}

// basicLimits are the limit words of hint, genmove and analyse.
var basicLimits = []string{"depth", "time", "nodes", "exact"}

// completeLimits completes the limits of analyse, or with console those
// of go.
func completeLimits(console bool) func(*REPL, int, []string, string) []string {
	if !console {
		return completeWords(basicLimits, nil)
	}
	return completeWords(slices.Concat(basicLimits, consoleLimits, []string{"multipv"}), []string{"infinite", "perft"})
}

// completeWords offers the words not yet used and the samples of a
// word's value; alone are words offered only first (infinite, perft),
// after which only exact and multipv follow infinite.
func completeWords(words, alone []string) func(*REPL, int, []string, string) []string {
	return func(r *REPL, i int, prev []string, word string) []string {
		if i > 0 {
			if v, ok := limitSamples[strings.ToLower(prev[i-1])]; ok {
				return v
			}
		}
		used := map[string]bool{}
		for _, p := range prev {
			used[strings.ToLower(p)] = true
		}
		if used["perft"] {
			return nil
		}
		var out []string
		for _, k := range words {
			if !used[k] && (!used["infinite"] || k == "exact" || k == "multipv") {
				out = append(out, k)
			}
		}
		if len(prev) == 0 {
			out = append(out, alone...)
		}
		return out
	}
}

// completeHint completes hint: the limits and multipv.
var completeHint = completeWords(slices.Concat(basicLimits, []string{"multipv"}), nil)

// completeGenmove completes genmove: a side first (GTP's colour), then the
// limits.
func completeGenmove(r *REPL, i int, prev []string, word string) []string {
	out := completeLimits(false)(r, i, prev, word)
	if i == 0 {
		out = append(out, completeSides(r, 0, nil, word)...)
	}
	return out
}

func completeAI(r *REPL, i int, prev []string, word string) []string {
	g := r.s.Game()
	switch i {
	case 0:
		return []string{g.SideName(0), g.SideName(1), "first", "second", "both", "off"}
	case 1:
		if strings.EqualFold(prev[0], "off") {
			return nil
		}
		var out []string
		for n := range aiLevels {
			out = append(out, strconv.Itoa(n+1))
		}
		return append(out, "ab:depth=", "ab:time=", "ab:nodes=", "mcts:playouts=", "mcts:time=", "random")
	}
	return nil
}

// svgFlag takes "--svg FILE" out of the arguments of analyse.
func svgFlag(args []string) ([]string, string, error) {
	var out []string
	file := ""
	for i := 0; i < len(args); i++ {
		if args[i] == "--svg" || args[i] == "-svg" {
			if i+1 >= len(args) {
				return nil, "", errors.New("analyse --svg: missing the FILE to draw the graph in")
			}
			if file != "" {
				return nil, "", errors.New("analyse: --svg given twice")
			}
			file = args[i+1]
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out, file, nil
}

// writeGraph draws the evaluation graph of an analysis in file.
func (r *REPL) writeGraph(file string, g rules.Game, rep *analysis.Report) error {
	var b strings.Builder
	title := fmt.Sprintf("%s: analysis at %s", g.Info().Name, rep.Limits)
	if err := render.GraphSVG(&b, analysis.GraphPoints(rep.Plies), analysis.GraphLimit, [2]string{g.SideName(0), g.SideName(1)}, g.Board().Colours, title); err != nil {
		return err
	}
	if err := render.WriteSVGFile(file, []byte(b.String())); err != nil {
		return fmt.Errorf("analyse --svg: %v", err)
	}
	fmt.Fprintf(r.out, "drew the evaluation graph in %s\n", file)
	return nil
}
