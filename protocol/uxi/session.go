// Package uxi speaks the UCI-like engine protocols of board-game match
// runners on a pair of streams, so that they can use boardrepl as an engine:
// the Universal Ataxx Interface (UAI: cutechess, cuteataxx) and the
// Universal Game Interface (UGI: kz04px's cutegames, raklaptudirm's
// arbiter). They are one session in two dialects (Dialect): UCI with "uci"
// read as "uai" or "ugi" and the game's own positions and moves.
//
// The runner sends NAME (uai or ugi), isready, setoption, NAMEnewgame,
// position startpos|fen FEN [moves M...], go [depth N] [nodes N] [movetime
// MS] [CLOCK MS]... [movestogo N] [infinite], stop and quit; the engine
// answers id, option, NAMEok, readyok, info lines during a search and
// bestmove. UGI also has query gameover|p1turn|result, answered response
// true|false|p1win|p2win|draw|none. For people typing at it, perft N counts
// the move tree and d shows the board.
//
// FEN is the game's position string and the moves are its notation: for
// Ataxx (the default) that is libataxx's FEN and moves (f2, g1e3, 0000 for
// a pass); the other games of boardrepl (Config.Game) are played with
// theirs, so that two boardrepl builds can be matched in any game.
package uxi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardrepl/internal/command"
	"boardrepl/internal/linereader"
	"boardrepl/internal/textfile"
	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/ataxx"
	"boardrepl/rules/engine"
)

// Config configures an engine session.
type Config struct {
	Name, Author string
	// Dialect is the protocol spoken (nil: UAI).
	Dialect *Dialect
	// NewSearch makes the searcher from the Hash (MB) and Threads options;
	// nil means boardrepl's alpha-beta engine. The session has checked that
	// a table of hashMB fits (engine.CheckTable) and let the old one go.
	NewSearch func(hashMB, threads int) searcher.Func
	// Overhead is kept back from every time budget for the runner's
	// latency (default 30 ms).
	Overhead time.Duration
	// Game is the game played (nil: Ataxx); positions are its position
	// strings, moves its notation.
	Game *rules.Info
	// Options are the game's options (nil: its defaults), e.g. Oware's
	// end=tournament; every position is made under them.
	Options rules.Options
}

// maxHashMB is the largest Hash (MB), a table of engine.MaxHashEntries.
const maxHashMB = 4096

// Engine is one session.
type Engine struct {
	cfg     Config
	out     io.Writer
	mu      sync.Mutex // serialises writes to out
	g       rules.Game
	hashMB  int
	threads int
	// multiPV: MultiPV, the number of best moves searched and reported,
	// each with its line (1: the best move alone).
	multiPV int
	ownBook bool // OwnBook: play the game's opening book (rules.Booker)
	// network: Network, the learned evaluation (rules.Networker) on;
	// evalFile, evalNet: EvalFile, the network file in use instead of the
	// built-in one and the network read from it, once ("" and nil for
	// the built-in one).
	network  bool
	evalFile string
	evalNet  rules.Network
	search   searcher.Func
	// tableMB is the size of search's table; stale: the options changed
	// since it was made (it is made again before the next search, and
	// stays when the new one does not fit).
	tableMB int
	stale   bool
	// exchanged: the players have exchanged sides since the position's
	// start (an odd number of its moves left the same side to move: the
	// Konobi swap), so player 1 now has side 1 (see seat).
	exchanged bool

	cancel   context.CancelFunc
	done     chan struct{}
	infinite bool
}

// New returns an engine session writing to out.
func New(out io.Writer, cfg Config) *Engine {
	if cfg.Name == "" {
		cfg.Name = "boardrepl"
	}
	if cfg.Author == "" {
		cfg.Author = "the boardrepl authors"
	}
	if cfg.Overhead == 0 {
		cfg.Overhead = 30 * time.Millisecond
	}
	if cfg.Game == nil {
		cfg.Game = ataxx.Info
	}
	if cfg.Dialect == nil {
		cfg.Dialect = UAI
	}
	e := &Engine{cfg: cfg, out: out, hashMB: 16, threads: 1, multiPV: 1, ownBook: true, network: true}
	if e.cfg.NewSearch == nil {
		e.cfg.NewSearch = func(hashMB, threads int) searcher.Func {
			return searcher.EngineWith(engine.Options{HashEntries: hashEntries(hashMB), Threads: threads,
				Selective: true, NoBook: !e.ownBook})
		}
	}
	e.g, _ = cfg.Game.New(cfg.Options)
	return e
}

// setNetwork puts g on the evaluation the Network and EvalFile options
// chose (games with a learned one only).
func (e *Engine) setNetwork(g rules.Game) {
	n, ok := g.(rules.Networker)
	if !ok {
		return
	}
	n.UseNetwork(e.network)
	if e.network && e.evalNet != nil {
		n.SetNetwork(e.evalNet)
	}
}

// hasNetwork reports whether the game has a learned evaluation, which the
// Network and EvalFile options concern.
func (e *Engine) hasNetwork() bool {
	_, ok := e.g.(rules.Networker)
	return ok
}

func (e *Engine) println(a ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintln(e.out, a...)
}

func (e *Engine) printf(format string, a ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.out, format, a...)
}

// hashEntries is the number of table entries of Hash MB: no more bytes
// than asked.
func hashEntries(mb int) int { return mb << 20 / engine.EntryBytes }

// Run reads commands from in until quit or the end of the input, then
// stops any search (a search with limits is allowed to finish at the end of
// the input; an infinite one is stopped). A line longer than
// textfile.MaxLine is answered with an error and the session goes on. It
// returns the input's error.
func (e *Engine) Run(ctx context.Context, in io.Reader) error {
	lr := linereader.New(textfile.NewReader(in), textfile.MaxLine)
	var err error
	for ctx.Err() == nil {
		var line string
		line, err = lr.Line()
		var tooLong *linereader.TooLongError
		if errors.As(err, &tooLong) {
			e.println("info string error: " + err.Error())
			continue
		}
		if err != nil {
			break
		}
		if !e.Command(ctx, line) {
			e.stop()
			return nil
		}
	}
	if e.infinite || ctx.Err() != nil {
		e.stop()
	}
	e.wait()
	if err == io.EOF {
		err = nil
	}
	return err
}

// fits checks that a table of mb MB can be made in place of the
// session's (engine.CheckTable, counting the memory of the table it
// replaces).
func (e *Engine) fits(mb int) error {
	freed := 0
	if e.search != nil {
		freed = hashEntries(e.tableMB)
	}
	return engine.CheckTable(hashEntries(mb), freed)
}

// table makes the searcher and its table anew, for the options set now,
// when there is none or the options changed. The old table is let go first
// when the new one fits with its memory back; when it does not fit, the
// session says so (info string error) and the old one stays, with the size
// it has. It reports whether the session has a table.
func (e *Engine) table() bool {
	if e.search != nil && !e.stale {
		return true
	}
	if err := e.fits(e.hashMB); err != nil {
		if e.search == nil {
			e.printf("info string error: Hash %d: %v\n", e.hashMB, err)
			return false
		}
		e.printf("info string error: Hash %d: %v; the table stays at %d MB\n", e.hashMB, err, e.tableMB)
		e.hashMB, e.stale = e.tableMB, false
		return true
	}
	if e.search != nil {
		e.search = nil
		debug.FreeOSMemory() // the old table's memory back to the system
	}
	e.search, e.tableMB, e.stale = e.cfg.NewSearch(e.hashMB, e.threads), e.hashMB, false
	return true
}

// Command executes one line; it returns false for quit.
func (e *Engine) Command(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	if v, ok := e.cfg.Dialect.verbs.Lookup(f[0]); ok {
		return v.Run(ctx, e, f[1:])
	}
	// An engine ignores what it does not know; say so for people typing.
	e.println("info string unknown command: " + f[0])
	return true
}

// verb is the handler of a verb: it gets the words after the verb and
// returns false for quit.
type verb = func(ctx context.Context, e *Engine, args []string) bool

// newVerbs makes the table of the commands an engine speaking d understands.
func newVerbs(d *Dialect) command.Verbs[verb] {
	verbs := command.Verbs[verb]{
		{Spec: command.Spec{Name: d.Name, Summary: "identify the engine and its options, then " + d.Name + "ok"}, Run: func(_ context.Context, e *Engine, _ []string) bool {
			e.println("id name " + e.cfg.Name)
			e.println("id author " + e.cfg.Author)
			e.println("option name Hash type spin default 16 min 1 max " + strconv.Itoa(maxHashMB))
			e.println("option name Threads type spin default 1 min 1 max 64")
			e.println("option name MultiPV type spin default 1 min 1 max " + strconv.Itoa(engine.MaxMultiPV))
			if e.hasBook() {
				e.println("option name OwnBook type check default true")
			}
			if e.hasNetwork() {
				e.println("option name Network type check default true")
				e.println("option name EvalFile type string default <built-in>")
			}
			e.println(d.Name + "ok")
			return true
		}},
		{Spec: command.Spec{Name: "isready", Summary: "answer readyok"}, Run: func(_ context.Context, e *Engine, _ []string) bool {
			// The table (remade by setoption) is made now, before the
			// runner starts a clock, not on the first go's.
			e.table()
			e.println("readyok")
			return true
		}},
		{Spec: command.Spec{Name: "setoption", Args: "name NAME [value VALUE]", Summary: "set Hash (MB), Threads, MultiPV (lines, searched on one thread), (Oware) OwnBook true|false, (Ataxx) Network true|false or EvalFile PATH|<built-in>"}, Run: func(_ context.Context, e *Engine, args []string) bool {
			e.setOption(args)
			return true
		}},
		{Spec: command.Spec{Name: d.Name + "newgame", Summary: "a new game: the start position, a fresh table"}, Run: func(_ context.Context, e *Engine, _ []string) bool {
			e.stop()
			e.g, _ = e.cfg.Game.New(e.cfg.Options)
			e.setNetwork(e.g)
			e.exchanged = false
			// A fresh table, made now rather than on the clock of the first go.
			e.stale = true
			e.table()
			return true
		}},
		{Spec: command.Spec{Name: "position", Args: "startpos|fen FEN [moves M...]", Summary: "set up the position"}, Run: func(_ context.Context, e *Engine, args []string) bool {
			e.stop()
			if err := e.position(args); err != nil {
				e.println("info string error: " + err.Error())
			}
			return true
		}},
		{Spec: command.Spec{Name: "go", Args: "[depth N] [nodes N] [movetime MS] [CLOCK MS]... [movestogo N] [infinite]", Summary: "search, then bestmove (CLOCK: " + d.clockNames() + ")"}, Run: func(ctx context.Context, e *Engine, args []string) bool {
			e.stop()
			if err := e.goCmd(ctx, args); err != nil {
				e.println("info string error: " + err.Error())
			}
			return true
		}},
		{Spec: command.Spec{Name: "stop", Summary: "end the search: bestmove now"}, Run: func(_ context.Context, e *Engine, _ []string) bool {
			e.stop()
			return true
		}},
		{Spec: command.Spec{Name: "quit", Summary: "leave"}, Run: func(context.Context, *Engine, []string) bool { return false }},
	}
	if d.players {
		verbs = append(verbs, command.Verb[verb]{Spec: command.Spec{Name: "query", Args: "gameover|p1turn|result", Summary: "response true|false, true|false, or p1win|p2win|draw|none"}, Run: func(_ context.Context, e *Engine, args []string) bool {
			// Answered during a search too: it reads the position, which
			// the search does not change (it searches a copy).
			if err := e.query(args); err != nil {
				e.println("info string error: " + err.Error())
			}
			return true
		}})
	}
	// For people typing at it.
	return append(verbs, command.Verbs[verb]{
		{Spec: command.Spec{Name: "perft", Args: "N", Summary: "count the move tree to depth N"}, Run: func(_ context.Context, e *Engine, args []string) bool {
			e.stop()
			e.perft(args)
			return true
		}},
		{Spec: command.Spec{Name: "d", Aliases: []string{"display", "print"}, Summary: "show the board, its FEN and the side to move"}, Run: func(_ context.Context, e *Engine, _ []string) bool {
			e.stop()
			e.display()
			return true
		}},
	}...)
}

func (e *Engine) setOption(f []string) {
	// setoption name NAME [value VALUE]
	var name, value []string
	cur := &name
	for i, w := range f {
		switch {
		case i == 0 && w == "name":
		case w == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, w)
		}
	}
	n, v := strings.Join(name, " "), strings.Join(value, " ")
	num, err := strconv.Atoi(v)
	switch strings.ToLower(n) {
	case "hash":
		if err != nil || num < 1 || num > maxHashMB {
			e.printf("info string error: Hash %q: want 1 to %d (MB)\n", v, maxHashMB)
			return
		}
		// Refused at once when it cannot fit; made on isready,
		// uainewgame or go.
		if err := e.fits(num); err != nil {
			e.printf("info string error: Hash %d: %v; the table stays at %d MB\n", num, err, e.hashMB)
			return
		}
		e.hashMB = num
	case "threads":
		if err != nil || num < 1 || num > 64 {
			e.printf("info string error: Threads %q: want 1 to 64\n", v)
			return
		}
		e.threads = num
	case "multipv":
		if err != nil || num < 1 || num > engine.MaxMultiPV {
			e.printf("info string error: MultiPV %q: want 1 to %d (lines)\n", v, engine.MaxMultiPV)
			return
		}
		// Read by the next go; the searcher and its table stay.
		e.multiPV = num
		return
	case "ownbook":
		if !e.hasBook() {
			e.printf("info string error: OwnBook: %s has no opening book\n", e.cfg.Game.Name)
			return
		}
		if !e.check("OwnBook", v, &e.ownBook) {
			return
		}
	case "network":
		if !e.hasNetwork() {
			e.printf("info string error: Network: %s has no learned evaluation\n", e.cfg.Game.Name)
			return
		}
		if !e.check("Network", v, &e.network) {
			return
		}
		e.setNetwork(e.g)
	case "evalfile":
		if !e.hasNetwork() {
			e.printf("info string error: EvalFile: %s has no learned evaluation\n", e.cfg.Game.Name)
			return
		}
		if v == "" || v == "<built-in>" {
			e.evalFile, e.evalNet = "", nil
		} else {
			b, err := textfile.ReadFile(v)
			var net rules.Network
			if err == nil {
				net, err = e.g.(rules.Networker).ReadNetwork(b)
			}
			if err != nil {
				e.printf("info string error: EvalFile %q: %v; the network stays %s\n", v, err, e.networkName())
				return
			}
			e.evalFile, e.evalNet = v, net
		}
		e.setNetwork(e.g)
	default:
		opts := "Hash, Threads, MultiPV"
		if e.hasBook() {
			opts += ", OwnBook"
		}
		if e.hasNetwork() {
			opts += ", Network, EvalFile"
		}
		e.printf("info string error: unknown option %q (options: %s)\n", n, opts)
		return
	}
	e.stop()
	e.stale = true
}

// check sets a check option (true or false, in any case) from value v,
// or says what is wrong and returns false.
func (e *Engine) check(name, v string, opt *bool) bool {
	switch strings.ToLower(v) {
	case "true":
		*opt = true
	case "false":
		*opt = false
	default:
		e.printf("info string error: %s %q: want true or false\n", name, v)
		return false
	}
	return true
}

// networkName names the network in use: the file of EvalFile or the
// built-in one.
func (e *Engine) networkName() string {
	if e.evalFile == "" {
		return "the built-in one"
	}
	return strconv.Quote(e.evalFile)
}

// hasBook reports whether the game has an opening book (rules.Booker),
// which the OwnBook option turns on and off.
func (e *Engine) hasBook() bool {
	_, ok := e.g.(rules.Booker)
	return ok
}

func (e *Engine) position(f []string) error {
	if len(f) == 0 {
		return fmt.Errorf("position: want startpos or fen FEN, then moves")
	}
	var g rules.Game
	var err error
	exchanged := false
	rest := f[1:]
	switch f[0] {
	case "startpos":
		g, err = e.cfg.Game.New(e.cfg.Options)
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			return fmt.Errorf("position fen: the FEN is missing")
		}
		g, err = e.cfg.Game.Parse(e.cfg.Options, strings.Join(rest[:i], " "))
		rest = rest[i:]
	default:
		return fmt.Errorf("position %q: want startpos or fen", f[0])
	}
	if err != nil {
		return err
	}
	e.setNetwork(g)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: %q after the position, want moves", rest[0])
		}
		for i, t := range rest[1:] {
			m, err := g.ParseMove(t)
			if err != nil {
				return fmt.Errorf("move %d %q: %v", i+1, t, err)
			}
			side := g.SideToMove()
			g.Play(m)
			if g.SideToMove() == side {
				exchanged = !exchanged
			}
		}
	}
	e.g, e.exchanged = g, exchanged
	return nil
}

// seat is the player who has side now: 0 for player 1, who had side 0 at
// the start, 1 for player 2; a move after which the same side is to move
// again (the Konobi swap) exchanges them, as the players of a match are
// exchanged. In UAI, as in UCI, the clocks are the colours': seat is side.
func (e *Engine) seat(side int) int {
	if e.cfg.Dialect.players && e.exchanged {
		return 1 - side
	}
	return side
}

// query answers UGI's questions about the position, for a runner that
// knows no rules: is the game over, is player 1 to move, who won.
func (e *Engine) query(f []string) error {
	if len(f) != 1 {
		return fmt.Errorf("query: want gameover, p1turn or result")
	}
	r := e.g.Result()
	var answer string
	switch f[0] {
	case "gameover":
		answer = strconv.FormatBool(r.Over())
	case "p1turn":
		answer = strconv.FormatBool(e.seat(e.g.SideToMove()) == 0)
	case "result":
		switch r.Status {
		case rules.Ongoing:
			answer = "none"
		case rules.Draw:
			answer = "draw"
		case rules.Win:
			answer = [2]string{"p1win", "p2win"}[e.seat(r.Winner)]
		}
	default:
		return fmt.Errorf("query %q: want gameover, p1turn or result", f[0])
	}
	e.println("response " + answer)
	return nil
}

func (e *Engine) goCmd(ctx context.Context, f []string) error {
	var lim searcher.Limits
	var clock, inc [2]time.Duration // by seat (UGI) or side (UAI)
	hasClock := false
	infinite := false
	movestogo := 0
	for i := 0; i < len(f); i++ {
		key := f[i]
		if key == "infinite" {
			infinite = true
			continue
		}
		if i+1 >= len(f) {
			return fmt.Errorf("go %s: a number must follow", key)
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return fmt.Errorf("go %s %q: not a number", key, f[i+1])
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		if c, ok := e.cfg.Dialect.clock(key); ok {
			if c.inc {
				inc[c.clock] = ms
			} else {
				clock[c.clock], hasClock = ms, true
			}
			continue
		}
		switch key {
		case "depth":
			lim.Depth = int(n)
		case "nodes":
			lim.Nodes = n
		case "movetime":
			lim.Time = engine.MoveTime(ms, e.cfg.Overhead)
		case "movestogo":
			movestogo = int(n)
		default:
			return fmt.Errorf("go: unknown parameter %q", key)
		}
	}
	if s := e.seat(e.g.SideToMove()); hasClock && !infinite {
		soft, hard := engine.Budget(clock[s], inc[s], movestogo, engine.MovesLeft(e.g), e.cfg.Overhead)
		if lim.Time == 0 || hard < lim.Time {
			lim.Time, lim.Soft = hard, soft
		}
	}
	if infinite {
		lim = searcher.Limits{}
	}
	lim.MultiPV = e.multiPV
	if e.multiPV > 1 && e.threads > 1 {
		e.printf("info string MultiPV %d searches on one thread, not %d\n", e.multiPV, e.threads)
	}
	if !e.table() {
		return nil // said why
	}
	sctx, cancel := context.WithCancel(ctx)
	if lim.Time > 0 {
		sctx, cancel = context.WithTimeout(ctx, lim.Time+lim.Time/4+10*time.Millisecond)
	}
	e.cancel, e.done, e.infinite = cancel, make(chan struct{}), infinite
	g := e.g.Clone()
	search := e.search
	go func() {
		defer close(e.done)
		defer cancel()
		if g.Result().Over() {
			e.println("info string the game is over: " + rules.FormatResult(g, g.Result()))
			e.println("bestmove 0000")
			return
		}
		m, err := search(sctx, g, lim, func(i searcher.Info) { e.info(i) })
		if err != nil {
			e.println("info string error: " + err.Error())
			e.println("bestmove 0000")
			return
		}
		if infinite {
			// UCI: with infinite, bestmove waits for stop.
			<-sctx.Done()
		}
		e.println("bestmove " + g.FormatMove(m))
	}()
	return nil
}

func (e *Engine) info(i searcher.Info) {
	cp := i.Score
	if m, ok := engine.KnownMargin(cp); ok {
		cp = rules.EvalUnit * engine.KnownUnits(m) // the proven final margin
	}
	score := "cp " + strconv.Itoa(cp)
	if i.Mate != 0 {
		moves := (abs(i.Mate) + 1) / 2
		if i.Mate < 0 {
			moves = -moves
		}
		score = "mate " + strconv.Itoa(moves)
	}
	if i.Partial {
		// A cut-short iteration's better move: its score is a lower bound
		// of the depth's value (the other moves were not all searched).
		score += " lowerbound"
	}
	ms := i.Time.Milliseconds()
	nps := int64(0)
	if i.Time > 0 {
		nps = int64(float64(i.Nodes) / i.Time.Seconds())
	}
	multi := ""
	if i.MultiPV > 0 {
		multi = " multipv " + strconv.Itoa(i.MultiPV)
	}
	line := fmt.Sprintf("info depth %d%s score %s nodes %d time %d nps %d", i.Depth, multi, score, i.Nodes, ms, nps)
	if len(i.PV) > 0 {
		line += " pv " + strings.Join(i.PV, " ")
	}
	e.println(line)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// stop cancels a running search and waits for its bestmove.
func (e *Engine) stop() {
	if e.cancel != nil {
		e.cancel()
	}
	e.wait()
}

func (e *Engine) wait() {
	if e.done != nil {
		<-e.done
	}
	e.cancel, e.done, e.infinite = nil, nil, false
}

func (e *Engine) perft(f []string) {
	if len(f) != 1 {
		e.println("info string error: perft N")
		return
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > 12 {
		e.println("info string error: perft depth " + strconv.Quote(f[0]) + ": want 1 to 12")
		return
	}
	var nodes uint64
	for d := 1; d <= n; d++ {
		start := time.Now()
		nodes = rules.Perft(e.g, d)
		el := time.Since(start)
		nps := uint64(0)
		if el > 0 {
			nps = uint64(float64(nodes) / el.Seconds())
		}
		e.printf("info depth %d nodes %d time %d nps %d\n", d, nodes, el.Milliseconds(), nps)
	}
	e.printf("nodes %d\n", nodes)
}

func (e *Engine) display() {
	b := e.g.Board()
	var sb strings.Builder
	files := "  " + strings.Join(b.Files, " ")
	sb.WriteString(files + "\n")
	// Games without rank labels (Oware's pits) leave the margins blank.
	rank := func(r int) string {
		if r < len(b.Ranks) {
			return b.Ranks[r]
		}
		return " "
	}
	for r := 0; r < b.Rows; r++ {
		sb.WriteString(rank(r))
		for c := 0; c < b.Cols; c++ {
			cell := b.At(r, c)
			ch := "."
			switch {
			case cell.Special == "block":
				ch = "-"
			case cell.Piece != "":
				ch = cell.Piece
			}
			sb.WriteString(" " + ch)
		}
		sb.WriteString(" " + rank(r) + "\n")
	}
	sb.WriteString(files + "\n")
	sb.WriteString("FEN: " + e.g.Position() + "\n")
	side := [2]string{"x", "o"}[e.g.SideToMove()]
	sb.WriteString("Side to move: " + side + " (" + e.g.SideName(e.g.SideToMove()) + ")\n")
	if e.cfg.Dialect.players {
		fmt.Fprintf(&sb, "Player to move: p%d\n", e.seat(e.g.SideToMove())+1)
	}
	if r := e.g.Result(); r.Over() {
		sb.WriteString("Result: " + rules.FormatResult(e.g, r) + "\n")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	io.WriteString(e.out, sb.String())
}
