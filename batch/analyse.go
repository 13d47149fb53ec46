package batch

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

var analyseCmd = &Command{
	Name:    "analyse",
	Summary: "search positions or game records: best move, score, principal variation",
	Usage: `usage: boardrepl analyse [-g GAME] [-o KEY=VALUE]... [--depth N | --time T | --nodes N]
                         [-j N] [-t N] [--skip N] [--stop-after N] [--json] FILE...

Searches every position of the files (FILE "-" is stdin) with the alpha-beta
engine and prints the best move, the score from the side to move's view (100
is about a piece or a seed; #N a win in N plies, #-N a loss in N plies) and
the principal variation:
  pos.txt:3: best f2 score +104 depth 4 pv f2 b6 g1e3 a7c5
A file is either positions, one position string per line ('#' starts a
comment), or one game record (tags such as [Game "ataxx"] and the moves, or
a plain move list): then every position of the game is searched, each move
is scored against the best one and the moves that threw away the most are
listed at the end:
  game.txt:9: ply 1 red played f2 +40, best g1e3 +55 (loss 15) pv g1e3 a7c5
Results are printed in input order as they finish.

  --depth N      search depth in plies (the default, 4, when no limit is given)
  --time T       search time per position (500ms, 2s)
  --nodes N      about N nodes per position
  -j N           positions searched in parallel (default 1); results do not depend on it
  -t N           threads for each search (Lazy SMP; results may then vary)
  --skip N       skip the first N positions (to resume an interrupted run)
  --stop-after N stop after N positions, as if interrupted
  --json         one object per position: {"file","line","position","side","best",
                 "score","mate","pv","depth","nodes"}; "mate" (plies to a proven end,
                 negative when the side to move loses) only when proven; records add
                 {"ply","played","played_score","loss"}; a finished game gives
                 {"over":true,"result"}

Ctrl-C stops the run: what was printed is complete, and the message on
stderr gives the --skip that resumes it.
`,
}

// analyseItem is one position to search.
type analyseItem struct {
	file   string
	line   int
	g      rules.Game
	rec    int    // the record it belongs to, -1 for a position file
	ply    int    // records: the number of the move played from here (1-based)
	played string // records: the move played from here ("" after the last)
	err    error  // the position or move could not be read
	// malformed: err is a position that could not be read (bad input,
	// exit status 2), not an illegal move (1).
	malformed bool
}

type analyseOut struct {
	res  engine.Result
	over bool
	text string // the result of a finished game
	done bool
}

type analyseJSON struct {
	File        string   `json:"file"`
	Line        int      `json:"line"`
	Position    string   `json:"position"`
	Side        string   `json:"side"`
	Best        string   `json:"best"`
	Score       int      `json:"score"`
	Mate        *int     `json:"mate,omitempty"`
	PV          []string `json:"pv"`
	Depth       int      `json:"depth"`
	Nodes       int64    `json:"nodes"`
	Over        bool     `json:"over,omitempty"`
	Result      string   `json:"result,omitempty"`
	Ply         int      `json:"ply,omitempty"`
	Played      string   `json:"played,omitempty"`
	PlayedScore *int     `json:"played_score,omitempty"`
	Loss        *int     `json:"loss,omitempty"`
}

func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := analyseCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	var lim engine.Limits
	var jobs, threads, skip, stopAfter int
	fs.IntVar(&lim.Depth, "depth", 0, "depth")
	fs.DurationVar(&lim.Time, "time", 0, "time per position")
	fs.Int64Var(&lim.Nodes, "nodes", 0, "nodes per position")
	fs.IntVar(&jobs, "j", 1, "positions in parallel")
	fs.IntVar(&threads, "t", 1, "threads per search")
	fs.IntVar(&skip, "skip", 0, "positions to skip")
	fs.IntVar(&stopAfter, "stop-after", 0, "stop after N positions")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, c.Usage)
			return ExitOK
		}
		return fail(stderr, c.Name, usagef("%v (see 'boardrepl help %s')", err, c.Name))
	}
	files := fs.Args()
	switch {
	case len(files) == 0:
		return fail(stderr, c.Name, usagef("no FILE to analyse (see 'boardrepl help analyse')"))
	case lim.Depth < 0 || lim.Time < 0 || lim.Nodes < 0:
		return fail(stderr, c.Name, usagef("--depth, --time and --nodes cannot be negative"))
	case lim.Depth >= engine.MaxPly:
		return fail(stderr, c.Name, usagef("--depth %d: want less than %d", lim.Depth, engine.MaxPly))
	case jobs < 1 || threads < 1:
		return fail(stderr, c.Name, usagef("-j and -t want at least 1"))
	case skip < 0 || stopAfter < 0:
		return fail(stderr, c.Name, usagef("--skip and --stop-after cannot be negative"))
	}
	if lim.Depth == 0 && lim.Time == 0 && lim.Nodes == 0 {
		lim.Depth = 4
	}
	var info *rules.Info
	opts := []string(gf.opts)
	if gf.game != "" {
		var err error
		if info, err = rules.Lookup(gf.game); err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
		if _, err := info.ParseOptions(opts); err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
	}

	// Read every file first: the total is known and --skip counts across.
	var items []analyseItem
	nrec := 0
	for _, f := range files {
		var text []byte
		var err error
		if f == "-" {
			text, err = io.ReadAll(textfile.NewReader(stdin))
		} else {
			text, err = textfile.ReadFile(f)
		}
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		its, err := readAnalyseFile(f, string(text), info, opts, &nrec)
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		items = append(items, its...)
	}
	total := len(items)
	if skip > total {
		skip = total
	}

	ctx, stop := interruptContext()
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	outs := make([]analyseOut, total)
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := engine.New(engine.Options{Threads: threads})
			for i := range work {
				it := &items[i]
				var o analyseOut
				if it.err == nil {
					if over, _ := rules.Outcome(it.g); over {
						o.over, o.text = true, rules.FormatResult(it.g, it.g.Result())
					} else {
						e.NewGame()
						res, err := e.Search(ctx, it.g, lim, nil)
						if err != nil || ctx.Err() != nil {
							continue // interrupted: not reported
						}
						o.res = res
					}
				}
				o.done = true
				mu.Lock()
				outs[i] = o
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	go func() {
		defer close(work)
		for i := skip; i < total; i++ {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	allDone := make(chan struct{})
	go func() {
		wg.Wait()
		mu.Lock()
		close(allDone)
		cond.Broadcast()
		mu.Unlock()
	}()
	finished := func() bool {
		select {
		case <-allDone:
			return true
		default:
			return false
		}
	}

	bar := newProgress(stderr, "analyse", total)
	bar.set(skip)
	status := ExitOK
	printed := skip
	var losses []lossEntry
	// ready says whether item i can be printed: it is done and, inside a
	// record, so is the next position (which scores the move played).
	ready := func(i int) bool {
		if !outs[i].done {
			return false
		}
		it := &items[i]
		if it.rec >= 0 && it.played != "" && it.err == nil && i+1 < total && items[i+1].rec == it.rec {
			return outs[i+1].done
		}
		return true
	}
	mu.Lock()
	for printed < total {
		for !ready(printed) && !finished() {
			cond.Wait()
		}
		if !ready(printed) {
			break
		}
		mu.Unlock()
		i := printed
		var next *analyseOut
		if i+1 < total && items[i+1].rec == items[i].rec && items[i].rec >= 0 {
			next = &outs[i+1]
		}
		if err := printAnalyse(stdout, &gf, &items[i], &outs[i], next, &losses); err != nil {
			fmt.Fprintf(stderr, "boardrepl analyse: %v\n", err)
			if items[i].malformed {
				status = ExitUsage
			} else if status == ExitOK {
				status = ExitFail
			}
		}
		it := &items[i]
		if it.rec >= 0 && (i+1 == total || items[i+1].rec != it.rec) {
			printLosses(stdout, &gf, it.file, losses)
			losses = losses[:0]
		}
		printed++
		bar.set(printed)
		if stopAfter > 0 && printed-skip >= stopAfter {
			cancel()
			mu.Lock()
			break
		}
		mu.Lock()
	}
	mu.Unlock()
	cancel()
	<-allDone
	bar.finish()
	if printed < total {
		fmt.Fprintf(stderr, "analyse: stopped after %d of %d positions; resume with --skip %d\n", printed, total, printed)
		if stopAfter > 0 && printed-skip >= stopAfter {
			return status
		}
		return ExitFail
	}
	return status
}

type lossEntry struct {
	ply        int
	side, move string
	loss       int
}

// readAnalyseFile reads a file of positions or a game record.
func readAnalyseFile(name, text string, info *rules.Info, opts []string, nrec *int) ([]analyseItem, error) {
	first, firstLine := "", 0
	for i, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			first, firstLine = t, i+1
			break
		}
	}
	if first == "" {
		return nil, usagef("%s: no position or game record in it", name)
	}
	isRecord := strings.HasPrefix(first, "[")
	if !isRecord {
		if info == nil {
			return nil, usagef("%s:%d: missing -g GAME (games: %s)", name, firstLine, strings.Join(gameIDs(), ", "))
		}
		// Every game's position string has a '/'; a move list has none.
		isRecord = !strings.Contains(first, "/")
	}
	if !isRecord {
		var out []analyseItem
		for i, l := range strings.Split(text, "\n") {
			if k := strings.IndexByte(l, '#'); k >= 0 {
				l = l[:k]
			}
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			it := analyseItem{file: name, line: i + 1, rec: -1}
			it.g, it.err = info.NewGame(opts, l)
			if it.err != nil {
				it.err = fmt.Errorf("%s:%d: position %q: %v", name, i+1, l, it.err)
				it.malformed = true
			}
			out = append(out, it)
		}
		return out, nil
	}
	rec, err := record.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	in := info
	if id := rec.Get(record.TagGame); id != "" {
		rin, err := rules.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if in != nil && rin != in {
			return nil, usagef("%s is a game of %s, not %s", name, rin.ID, in.ID)
		}
		in = rin
	}
	if in == nil {
		return nil, usagef("%s: the record has no [Game] tag: give -g GAME", name)
	}
	ropts := opts
	if o := rec.Get(record.TagOptions); o != "" {
		ropts = append(strings.Fields(o), opts...)
	}
	// The record is a written line of play (rules/line): a forced pass may
	// be written (it is then analysed) or left out (the next move's position
	// is after it).
	l, err := line.NewPairs(in, ropts, rec.Get(record.TagPosition))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	// before[j] is the position before ply j of the line.
	before := []rules.Game{l.Game().Clone()}
	l.Observe(func(line.Ply) { before = append(before, l.Game().Clone()) })
	id := *nrec
	*nrec++
	var out []analyseItem
	end := l.Game() // the position right after the last written move
	for k, m := range rec.Moves {
		c0 := l.Cursor()
		played, err := l.PlayWritten(m.Text)
		if err != nil {
			out = append(out, analyseItem{file: name, line: m.Line, g: l.Game().Clone(), rec: id, ply: k + 1})
			out = append(out, analyseItem{file: name, line: m.Line, rec: id,
				err: fmt.Errorf("%s:%d: move %q: %v", name, m.Line, m.Text, err)})
			return out, nil
		}
		j := c0 - 1 // a written pass the line had played (forced) after the move before
		for i, p := range played {
			if !p.Forced {
				j = c0 + i
				break
			}
		}
		out = append(out, analyseItem{file: name, line: m.Line, g: before[j], rec: id, ply: k + 1, played: l.At(j).Text})
		end = before[j+1]
	}
	last := 0
	if n := len(rec.Moves); n > 0 {
		last = rec.Moves[n-1].Line
	}
	out = append(out, analyseItem{file: name, line: last, g: end.Clone(), rec: id, ply: len(rec.Moves) + 1})
	return out, nil
}

func printAnalyse(w io.Writer, gf *gameFlags, it *analyseItem, o, next *analyseOut, losses *[]lossEntry) error {
	if it.err != nil {
		if gf.json {
			writeJSON(w, struct {
				File  string `json:"file"`
				Line  int    `json:"line"`
				Error string `json:"error"`
			}{it.file, it.line, it.err.Error()})
		}
		return it.err
	}
	g := it.g
	side := g.SideName(g.SideToMove())
	where := fmt.Sprintf("%s:%d:", it.file, it.line)
	if o.over {
		if gf.json {
			writeJSON(w, analyseJSON{File: it.file, Line: it.line, Position: g.Position(), Side: side, PV: []string{}, Over: true, Result: o.text, Ply: it.ply})
		} else if it.rec >= 0 {
			fmt.Fprintf(w, "%s end: %s\n", where, o.text)
		} else {
			fmt.Fprintf(w, "%s game over: %s\n", where, o.text)
		}
		return nil
	}
	r := &o.res
	j := analyseJSON{File: it.file, Line: it.line, Position: g.Position(), Side: side, Best: r.BestText, Score: r.Score,
		PV: r.PVText, Depth: r.Depth, Nodes: r.Nodes, Ply: it.ply}
	if j.PV == nil {
		j.PV = []string{}
	}
	if m := r.Mate(); m != 0 {
		j.Mate = &m
	}
	line := fmt.Sprintf("best %s score %s depth %d pv %s", r.BestText, engine.FormatScore(r.Score), r.Depth, strings.Join(r.PVText, " "))
	if it.rec >= 0 && it.played != "" && next != nil && next.done {
		var ps int
		if next.over {
			// The move ended the game: score it exactly.
			after := it.g.Clone()
			mv, _ := after.ParseMove(it.played)
			after.Play(mv)
			_, win := rules.Outcome(after)
			switch {
			case win < 0:
				ps = 0
			case win == g.SideToMove():
				ps = engine.Mate - 1
			default:
				ps = -(engine.Mate - 1)
			}
		} else {
			ps = engine.MoveScore(next.res.Score)
		}
		loss := 0
		if it.played == r.BestText {
			ps = r.Score // the same move, judged at the same depth
		} else {
			loss = engine.ScoreLoss(r.Score, ps)
		}
		j.Played, j.PlayedScore, j.Loss = it.played, &ps, &loss
		mark := ""
		switch {
		case loss >= 300:
			mark = "??"
		case loss >= 100:
			mark = "?"
		}
		line = fmt.Sprintf("ply %d %s played %s%s %s, best %s %s (loss %d) depth %d pv %s", it.ply, side, it.played, mark,
			engine.FormatScore(ps), r.BestText, engine.FormatScore(r.Score), loss, r.Depth, strings.Join(r.PVText, " "))
		if loss > 0 {
			*losses = append(*losses, lossEntry{it.ply, side, it.played, loss})
		}
	} else if it.rec >= 0 {
		line = fmt.Sprintf("ply %d %s to move: %s", it.ply, side, line)
	}
	if gf.json {
		writeJSON(w, j)
	} else {
		fmt.Fprintf(w, "%s %s\n", where, line)
	}
	return nil
}

// printLosses lists the moves of a record that threw away the most.
func printLosses(w io.Writer, gf *gameFlags, file string, losses []lossEntry) {
	sort.SliceStable(losses, func(i, j int) bool { return losses[i].loss > losses[j].loss })
	if len(losses) > 3 {
		losses = losses[:3]
	}
	if gf.json {
		type lj struct {
			Ply  int    `json:"ply"`
			Side string `json:"side"`
			Move string `json:"move"`
			Loss int    `json:"loss"`
		}
		out := make([]lj, len(losses))
		for i, l := range losses {
			out[i] = lj{l.ply, l.side, l.move, l.loss}
		}
		writeJSON(w, struct {
			File    string `json:"file"`
			Summary bool   `json:"summary"`
			Worst   []lj   `json:"worst"`
		}{file, true, out})
		return
	}
	if len(losses) == 0 {
		fmt.Fprintf(w, "%s: no move lost anything at this depth\n", file)
		return
	}
	parts := make([]string, len(losses))
	for i, l := range losses {
		parts[i] = fmt.Sprintf("ply %d %s %s (-%d)", l.ply, l.side, l.move, l.loss)
	}
	fmt.Fprintf(w, "%s: worst moves: %s\n", file, strings.Join(parts, ", "))
}
