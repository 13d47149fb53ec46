package batch

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"
	"boardrepl/render"
	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/ogn"
	"boardrepl/rules/record/pgn"
)

var analyseCmd = &Command{
	Name:    "analyse",
	Args:    -1, // the files (checked by the handler)
	Summary: "search positions or game records: best move, score, principal variation",
	Usage: `usage: boardrepl analyse [-g GAME] [-o KEY=VALUE]... [--depth N | --time T | --nodes N]
                         [-j N] [-t N] [--skip N] [--stop-after N] [--confirm N]
                         [--exact] [--svg FILE] [--shard K/N] [--json] FILE...

Searches every position of the files (FILE "-" is stdin) with the alpha-beta
engine, selective as in play (--exact: the exact minimax search), and prints
the best move, the score from the side to move's view (100 is about a piece
or a seed; #N a win in N plies, #-N a loss in N plies) and the principal
variation:
  pos.txt:3: best f2 score +104 depth 6 pv f2 b6 g1e3 a7c5
A file is either positions, one position string per line ('#' starts a
comment), or game records (tags such as [Game "ataxx"] and the moves, a
plain move list, Ataxx PGN or OGN games): then every move is judged (as the REPL's analyse does):
scored against the engine's best at the same depth, marked ? when it loses
100 (about a piece) and 10 points of expected score, ?? at 300 and 15 points,
or when it throws away a proven win or walks into a proven loss (said in
words), and only when searches 2 and 4 (--confirm) plies deeper agree; the
counts and the worst moves end each record:
  game.txt:9: ply 3 red played g1g3? +16, best e2 +242 (loss 226, confirmed at depth 10) depth 6 pv e2 a3
  game.txt: 1 ?, 0 ??; worst moves: ply 3 red g1g3? (-226)
Every number of a line is of one depth: when a deeper search gives a milder
verdict, the line holds its numbers and says so (--depth 4, an Oware game):
  oware.rec:8: ply 17 north played E? -70, best D +96 (loss 166 at depth 6,
    confirmed at depth 8; ?? at depth 4 not confirmed) depth 6 pv D L D K B L
Results are printed in input order as they finish.

  --depth N      search depth in plies (when no limit is given: 6; 12 in
                 Oware, 8 on Konobi boards up to 5x5, where a ply costs less)
  --time T       search time per position (500ms, 2s)
  --nodes N      about N nodes per position
  -j N           positions searched in parallel (default 1); results do not depend on it
  -t N           threads for each search (Lazy SMP; results may then vary)
  --skip N       skip the first N positions (to resume an interrupted run)
  --stop-after N stop after N positions, as if interrupted
  --confirm N    search a marked move again 2, 4, ... up to N plies deeper, keeping
                 the mildest mark (default 4; 0: never)
  --exact        search with the exact minimax search (every win within the depth
                 found at its shortest distance) instead of the selective search of
                 play, which sees deeper at the same cost; every search starts from an
                 empty table either way, so results are reproducible
  --svg FILE     draw the evaluation graph of the record (one record only) in
                 FILE, an SVG picture: the score after every ply, ? and ?? marked
  --annotate FILE  write the records back in FILE, in their own format (an Ataxx
                 PGN stays PGN, OGN stays OGN), with each judged move's score
                 { [%eval 0.17] } and, for a marked move, its glyph (? is $2, ??
                 $4), { (0.17 → -1.20) Mistake. e2 was best. } and the engine's
                 line as a variation, as lichess annotates games; an existing
                 FILE is kept unless --force (see docs/files.md)
  --force        let --annotate replace FILE
  --shard K/N    analyse only part K of N (the records and position lines
                 whose number, from 0, is K-1 modulo N); 'boardrepl merge' adds
                 up the --json totals of the parts (see docs/scaling.md)
  --json         one object per position: {"file","line","position","side","best",
                 "score","mate","margin","score_text","pv","depth","nodes"}: "score"
                 (units) only when nothing is proven, else "mate" (plies to a proven
                 end, negative when the side to move loses) or "margin" (a final
                 margin proven by the game's endgame tables); records add {"ply",
                 "played","played_score"|"played_mate"|"played_margin","played_text",
                 "loss","mark","note","checked_depth"}, every number of "depth" (with
                 "first_mark","first_depth" when a deeper search gave the verdict), and
                 end with {"summary":true,"dubious","blunders","worst"}; a finished game
                 gives {"over":true,"result"};
                 the last line is {"totals":true,"records","positions","dubious",
                 "blunders","job"} ("shard" with --shard, "skip" with --skip; "job":
                 the game, options, limits and the files with their SHA-256,
                 which merge compares)

Ctrl-C stops the run: what was printed is complete, and the message on
stderr gives the --skip that resumes it.
`,
}

// analyseTotalsJSON is the last line of analyse --json, and merge's result.
type analyseTotalsJSON struct {
	Totals    bool   `json:"totals"`
	Shard     string `json:"shard,omitempty"`
	Records   int    `json:"records"`
	Positions int    `json:"positions"`
	Dubious   int    `json:"dubious"`
	Blunders  int    `json:"blunders"`
	// Skip: the run started after its first Skip positions (--skip), so
	// its dubious and blunders leave out theirs.
	Skip int             `json:"skip,omitempty"`
	Job  *analyseJobJSON `json:"job,omitempty"`
	// Complete and Shards are merge's: the parts were the whole job, and
	// how many files it added up.
	Complete *bool `json:"complete,omitempty"`
	Shards   int   `json:"shards,omitempty"`
}

// analyseJobJSON is the identity of an analysis: everything its results
// depend on, the same in every shard of it. Merge refuses parts of two
// jobs.
type analyseJobJSON struct {
	Game    string     `json:"game,omitempty"`
	Options []string   `json:"options,omitempty"`
	Depth   int        `json:"depth,omitempty"`
	Time    string     `json:"time,omitempty"`
	Nodes   int64      `json:"nodes,omitempty"`
	Exact   bool       `json:"exact,omitempty"`
	Confirm int        `json:"confirm"`
	Threads int        `json:"threads"`
	Files   []fileJSON `json:"files"`
}

// fileJSON is an input file: its name as given and the SHA-256 of its
// text (without a byte-order mark).
type fileJSON struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// analyseItem is one position to search.
type analyseItem struct {
	file   string
	line   int
	g      rules.Game
	rec    int    // the record it belongs to, -1 for a position file
	ply    int    // records: the number of the move played from here (1-based)
	played string // records: the move played from here ("" after the last)
	move   rules.Move
	forced bool   // records: the move is a forced pass (not judged)
	swap   string // records: the move exchanged the players, in words (line.Line.SwapText)
	err    error  // the position or move could not be read
	// malformed: err is a position that could not be read (bad input,
	// exit status 2), not an illegal move (1).
	malformed bool
}

type analyseOut struct {
	res  engine.Result
	ply  analysis.Ply // records: the verdict on the move played
	over bool
	text string // the result of a finished game
	done bool
}

type analyseJSON struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Position string `json:"position"`
	Side     string `json:"side"`
	Best     string `json:"best,omitempty"`
	scoreJSON
	PV     []string `json:"pv"`
	Depth  int      `json:"depth,omitempty"`
	Nodes  int64    `json:"nodes,omitempty"`
	Over   bool     `json:"over,omitempty"`
	Result string   `json:"result,omitempty"`
	Ply    int      `json:"ply,omitempty"`
	Played string   `json:"played,omitempty"`
	Forced bool     `json:"forced,omitempty"`
	*playedJSON
}

// scoreJSON is a score without internal values: "score" in evaluation
// units when nothing is proven, else "mate" (plies to a proven end,
// negative when the side loses) or "margin" (a final margin proven by the
// game's endgame tables); "score_text" as the text output writes it.
type scoreJSON struct {
	Score     *int   `json:"score,omitempty"`
	Mate      *int   `json:"mate,omitempty"`
	Margin    *int   `json:"margin,omitempty"`
	ScoreText string `json:"score_text,omitempty"`
}

func scoreOf(s int) scoreJSON {
	v := engine.ValueOf(s)
	return scoreJSON{Score: v.Units, Mate: v.Mate, Margin: v.Margin, ScoreText: v.Text}
}

// playedJSON is the verdict on a move played in a record.
type playedJSON struct {
	PlayedScore  *int   `json:"played_score,omitempty"`
	PlayedMate   *int   `json:"played_mate,omitempty"`
	PlayedMargin *int   `json:"played_margin,omitempty"`
	PlayedText   string `json:"played_text"`
	Loss         *int   `json:"loss,omitempty"`
	Mark         string `json:"mark,omitempty"`
	Note         string `json:"note,omitempty"`
	CheckedDepth int    `json:"checked_depth,omitempty"`
	// A verdict a confirming search gave (its numbers are of "depth"): the
	// mark at the analysis's own depth, and that depth.
	FirstMark  string `json:"first_mark,omitempty"`
	FirstDepth int    `json:"first_depth,omitempty"`
}

func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := analyseCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	var lim engine.Limits
	var jobs, threads, skip, stopAfter, confirm int
	fs.IntVar(&lim.Depth, "depth", 0, "depth")
	fs.DurationVar(&lim.Time, "time", 0, "time per position")
	fs.Int64Var(&lim.Nodes, "nodes", 0, "nodes per position")
	fs.IntVar(&jobs, "j", 1, "positions in parallel")
	fs.IntVar(&threads, "t", 1, "threads per search")
	fs.IntVar(&skip, "skip", 0, "positions to skip")
	fs.IntVar(&stopAfter, "stop-after", 0, "stop after N positions")
	fs.IntVar(&confirm, "confirm", analysis.DefaultConfirm, "plies deeper a marked move is searched again, by steps of 2")
	svgFile := fs.String("svg", "", "draw the evaluation graph of the record in FILE")
	annotateFile := fs.String("annotate", "", "write the records with the analysis's glyphs and comments in FILE")
	force := fs.Bool("force", false, "let --annotate replace an existing FILE")
	exact := fs.Bool("exact", false, "search with the exact minimax search, not the selective one")
	var part shard
	fs.Var(&part, "shard", "analyse only part K of N of the records and positions")
	if status, done := c.Parse(fs, args, stdout, stderr); done {
		return status
	}
	files := fs.Args()
	switch {
	case len(files) == 0:
		return fail(stderr, c.Name, usagef("no FILE to analyse"))
	case lim.Depth < 0 || lim.Time < 0 || lim.Nodes < 0:
		return fail(stderr, c.Name, usagef("--depth, --time and --nodes cannot be negative"))
	case lim.Depth >= engine.MaxPly:
		return fail(stderr, c.Name, usagef("--depth %d: want less than %d", lim.Depth, engine.MaxPly))
	case jobs < 1 || threads < 1:
		return fail(stderr, c.Name, usagef("-j and -t want at least 1"))
	case skip < 0 || stopAfter < 0 || confirm < 0:
		return fail(stderr, c.Name, usagef("--skip, --stop-after and --confirm cannot be negative"))
	case *annotateFile != "" && (skip > 0 || stopAfter > 0 || part.n > 0):
		return fail(stderr, c.Name, usagef("--annotate writes whole records: not with --skip, --stop-after or --shard"))
	case *force && *annotateFile == "":
		return fail(stderr, c.Name, usagef("--force lets --annotate replace its FILE: give --annotate FILE"))
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
	var recs []*analyseRecord
	job := &analyseJobJSON{Options: opts, Depth: lim.Depth, Nodes: lim.Nodes, Exact: *exact, Confirm: confirm, Threads: threads}
	if info != nil {
		job.Game = info.ID
		o, _ := info.ParseOptions(opts) // checked above
		job.Options = info.FormatOptions(o)
	}
	if lim.Time > 0 {
		job.Time = lim.Time.String()
	}
	for _, f := range files {
		var text []byte
		var err error
		if f == "-" {
			text, err = textfile.ReadAll(stdin)
		} else {
			text, err = textfile.ReadFileArg(f)
		}
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		job.Files = append(job.Files, fileJSON{Name: f, SHA256: textDigest(text)})
		its, err := readAnalyseFile(f, string(text), info, opts, &recs)
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		items = append(items, its...)
	}
	// --shard: keep the units (a record, a position line) of the part.
	if part.n > 0 {
		var kept []analyseItem
		unit, lastRec := -1, -2
		for _, it := range items {
			if it.rec < 0 || it.rec != lastRec {
				unit++
			}
			lastRec = it.rec
			if part.has(unit) {
				kept = append(kept, it)
			}
		}
		items = kept
	}
	records, positions := 0, 0
	for i, it := range items {
		if it.rec >= 0 && (i == 0 || items[i-1].rec != it.rec) {
			records++
		}
		if it.err == nil {
			positions++
		}
	}
	if *svgFile != "" && records != 1 {
		return fail(stderr, c.Name, usagef("--svg draws the graph of one game record; the files hold %d", records))
	}
	if *annotateFile != "" {
		if records == 0 {
			return fail(stderr, c.Name, usagef("--annotate writes game records; the files hold positions only"))
		}
		for _, r := range recs[1:] {
			if r.format != recs[0].format {
				return fail(stderr, c.Name, usagef("--annotate writes one format: %s is %s, %s is %s", recs[0].file, recs[0].format, r.file, r.format))
			}
		}
		if !*force {
			if _, err := os.Lstat(*annotateFile); err == nil {
				return fail(stderr, c.Name, fmt.Errorf("--annotate %s: the file exists (--force replaces it)", *annotateFile))
			}
		}
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
	aopts := analysis.Options{Limits: lim, Threads: threads, Confirm: confirm, Exact: *exact}
	if confirm == 0 {
		aopts.Confirm = -1
	}
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := analysis.New(aopts)
			for i := range work {
				it := &items[i]
				var o analyseOut
				if it.err == nil {
					var err error
					switch over, _ := rules.Outcome(it.g); {
					case over:
						o.over, o.text = true, rules.FormatResult(it.g, it.g.Result())
					case it.forced:
					case it.rec >= 0 && it.played != "":
						o.ply, err = a.Judge(ctx, it.g, it.move)
					default:
						o.res, err = a.Search(ctx, it.g)
					}
					if err != nil || ctx.Err() != nil {
						continue // interrupted: not reported
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
	var plies []analysis.Ply
	dubious, blunders := 0, 0
	ready := func(i int) bool { return outs[i].done }
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
		if err := printAnalyse(stdout, &gf, &items[i], &outs[i], &plies); err != nil {
			fmt.Fprintf(stderr, "boardrepl analyse: %v\n", err)
			if items[i].malformed {
				status = ExitUsage
			} else if status == ExitOK {
				status = ExitFail
			}
		}
		it := &items[i]
		if it.rec >= 0 && (i+1 == total || items[i+1].rec != it.rec) {
			d, b := analysis.CountMarks(plies)
			dubious, blunders = dubious+d, blunders+b
			printWorst(stdout, &gf, it.file, plies)
			if *svgFile != "" {
				if err := analyseGraph(*svgFile, it.g, plies, analysis.LimitsFor(it.g, lim)); err != nil {
					fmt.Fprintf(stderr, "boardrepl analyse: --svg: %v\n", err)
					status = ExitFail
				}
			}
			plies = plies[:0]
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
	if *annotateFile != "" {
		if printed < total {
			fmt.Fprintf(stderr, "boardrepl analyse: --annotate: interrupted, %s not written\n", *annotateFile)
		} else if err := writeAnnotated(*annotateFile, *force, recs, items, outs, aopts); err != nil {
			fmt.Fprintf(stderr, "boardrepl analyse: --annotate: %v\n", err)
			status = ExitFail
		}
	}
	if printed < total {
		fmt.Fprintf(stderr, "analyse: stopped after %d of %d positions; resume with --skip %d\n", printed, total, printed)
		if stopAfter > 0 && printed-skip >= stopAfter {
			return status
		}
		return ExitFail
	}
	if gf.json {
		t := analyseTotalsJSON{Totals: true, Records: records, Positions: positions, Dubious: dubious, Blunders: blunders,
			Skip: skip, Job: job}
		if part.n > 0 {
			t.Shard = part.String()
		}
		writeJSON(stdout, t)
	} else if part.n > 0 {
		fmt.Fprintf(stdout, "shard %s: %d records, %d positions; %d ?, %d ??\n", part, records, positions, dubious, blunders)
	}
	return status
}

// readAnalyseFile reads a file of positions or a game record.
func readAnalyseFile(name, text string, info *rules.Info, opts []string, recs *[]*analyseRecord) ([]analyseItem, error) {
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
	rs, _, err := record.ParseAll(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var out []analyseItem
	for _, rec := range rs {
		its, err := readAnalyseRecord(name, rec, info, opts, recs)
		if err != nil {
			return nil, err
		}
		out = append(out, its...)
	}
	return out, nil
}

// analyseRecord is a record being analysed, in boardrepl's form, and the
// format it was read in (record, ataxx-pgn, ogn), for --annotate.
type analyseRecord struct {
	file, format string
	rec          *record.Record
}

// readAnalyseRecord reads the positions of one record: an Ataxx PGN game
// or an OGN game is read as convert reads it (native.Convert).
func readAnalyseRecord(name string, rec *record.Record, info *rules.Info, opts []string, recs *[]*analyseRecord) ([]analyseItem, error) {
	game := ""
	if info != nil {
		game = info.ID
	}
	rec, format, _, err := native.Convert(rec, game)
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
	id := len(*recs)
	*recs = append(*recs, &analyseRecord{file: name, format: format, rec: rec})
	var out []analyseItem
	var swaps []int // the ply of the line each item of out played
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
		j := line.WrittenIndex(c0, played)
		p := l.At(j)
		out = append(out, analyseItem{file: name, line: m.Line, g: before[j], rec: id, ply: k + 1, played: p.Text,
			move: p.Move, forced: p.Forced})
		swaps = append(swaps, j)
		end = before[j+1]
	}
	// The players' names: each side tag names who plays it at the end.
	var names [2]string
	for side := 0; side < 2; side++ {
		if n := rec.Get(l.SideTag(side)); n != "?" {
			names[l.PlayerAt(l.Len(), side)] = n
		}
	}
	for k, j := range swaps {
		if l.Swapped(j) {
			out[k].swap = l.SwapText(j+1, names)
		}
	}
	last := 0
	if n := len(rec.Moves); n > 0 {
		last = rec.Moves[n-1].Line
	}
	out = append(out, analyseItem{file: name, line: last, g: end.Clone(), rec: id, ply: len(rec.Moves) + 1})
	return out, nil
}

func printAnalyse(w io.Writer, gf *gameFlags, it *analyseItem, o *analyseOut, plies *[]analysis.Ply) error {
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
	j := analyseJSON{File: it.file, Line: it.line, Position: g.Position(), Side: side, PV: []string{}, Ply: it.ply}
	var line string
	switch {
	case o.over:
		j.Over, j.Result = true, o.text
		if it.rec >= 0 {
			line = "end: " + o.text
		} else {
			line = "game over: " + o.text
		}
	case it.forced:
		j.Played, j.Forced = it.played, true
		line = fmt.Sprintf("ply %d %s played %s (forced)", it.ply, side, it.played)
	case it.rec >= 0 && it.played != "":
		p := &o.ply
		p.Ply = it.ply
		*plies = append(*plies, *p)
		j.Best, j.scoreJSON, j.Depth = p.Best, scoreOf(p.BestScore), p.Depth
		if p.PV != nil {
			j.PV = p.PV
		}
		j.Played = p.Move
		ps := scoreOf(p.Score)
		pj := &playedJSON{PlayedScore: ps.Score, PlayedMate: ps.Mate, PlayedMargin: ps.Margin, PlayedText: ps.ScoreText,
			Mark: p.Mark, Note: p.Note}
		if p.Note == "" {
			pj.Loss = &p.Loss
		}
		if p.Checked {
			pj.CheckedDepth = p.CheckDepth
		}
		if p.Rechecked {
			pj.FirstMark, pj.FirstDepth = p.FirstMark, p.FirstDepth
		}
		j.playedJSON = pj
		line = fmt.Sprintf("ply %d %s played %s%s %s, best %s %s (%s) depth %d pv %s", it.ply, side, p.Move, p.Mark,
			engine.FormatScore(p.Score), p.Best, engine.FormatScore(p.BestScore), p.Reason(true), p.Depth, strings.Join(p.PV, " "))
		if it.swap != "" {
			line += "; " + it.swap
		}
	default:
		r := &o.res
		j.Best, j.scoreJSON, j.Depth, j.Nodes = r.BestText, scoreOf(r.Score), r.Depth, r.Nodes
		if r.PVText != nil {
			j.PV = r.PVText
		}
		line = fmt.Sprintf("best %s score %s depth %d pv %s", r.BestText, engine.FormatScore(r.Score), r.Depth, strings.Join(r.PVText, " "))
		if it.rec >= 0 {
			line = fmt.Sprintf("ply %d %s to move: %s", it.ply, side, line)
		}
	}
	if gf.json {
		writeJSON(w, j)
	} else {
		fmt.Fprintf(w, "%s %s\n", where, line)
	}
	return nil
}

// printWorst lists the moves of a record that lost the most.
func printWorst(w io.Writer, gf *gameFlags, file string, plies []analysis.Ply) {
	worst := analysis.Worst(plies, 3)
	dubious, blunders := analysis.CountMarks(plies)
	if gf.json {
		type wj struct {
			Ply  int    `json:"ply"`
			Side string `json:"side"`
			Move string `json:"move"`
			Mark string `json:"mark,omitempty"`
			Loss *int   `json:"loss,omitempty"`
			Note string `json:"note,omitempty"`
		}
		out := make([]wj, len(worst))
		for i, p := range worst {
			out[i] = wj{Ply: p.Ply, Side: p.SideName, Move: p.Move, Mark: p.Mark, Note: p.Note}
			if p.Note == "" {
				out[i].Loss = &worst[i].Loss
			}
		}
		writeJSON(w, struct {
			File     string `json:"file"`
			Summary  bool   `json:"summary"`
			Dubious  int    `json:"dubious"`
			Blunders int    `json:"blunders"`
			Worst    []wj   `json:"worst"`
		}{file, true, dubious, blunders, out})
		return
	}
	if len(worst) == 0 {
		fmt.Fprintf(w, "%s: no move lost anything at this depth\n", file)
		return
	}
	parts := make([]string, len(worst))
	for i := range worst {
		parts[i] = worst[i].Summary()
	}
	fmt.Fprintf(w, "%s: %d ?, %d ??; worst moves: %s\n", file, dubious, blunders, strings.Join(parts, ", "))
}

// writeAnnotated writes the records analysed in file, each in the format
// it was read in, with every judged move's note (analysis.Note: glyph,
// score, the best move and its line) and a game comment that says how they
// were analysed.
func writeAnnotated(file string, force bool, recs []*analyseRecord, items []analyseItem, outs []analyseOut, opts analysis.Options) error {
	starts := make([]rules.Game, len(recs))
	for i, it := range items {
		if it.err != nil {
			return fmt.Errorf("%s not written: %s has a move that cannot be played", file, it.file)
		}
		if it.rec < 0 {
			continue
		}
		if starts[it.rec] == nil {
			starts[it.rec] = it.g
		}
		if it.played != "" && !it.forced && outs[i].done && !outs[i].over {
			p := outs[i].ply
			if recs[it.rec].format == native.OGN {
				// The best move and its line in OGN's letters.
				p.Best, p.PV = toOGN(p.Best), append([]string(nil), p.PV...)
				for k := range p.PV {
					p.PV[k] = toOGN(p.PV[k])
				}
			}
			analysis.Annotate(&recs[it.rec].rec.Moves[it.ply-1], p)
		}
	}
	var b strings.Builder
	for i, r := range recs {
		rec := r.rec
		rec.Set("Annotator", "boardrepl")
		rec.Comments = append(rec.Comments, opts.Heading(starts[i]))
		var text string
		var err error
		switch r.format {
		case native.AtaxxPGN:
			text, err = pgn.Export(rec)
		case native.OGN:
			text, err = ogn.Export(rec)
		default:
			text = rec.Format()
		}
		if err != nil {
			return fmt.Errorf("%s: %v", r.file, err)
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(text)
	}
	return atomicfile.Write(file, []byte(b.String()), force)
}

// toOGN writes an Oware move in OGN's letters.
func toOGN(m string) string {
	if o, ok := ogn.ToOGN(m); ok {
		return o
	}
	return m
}

// analyseGraph draws the evaluation graph of a record's plies in file.
func analyseGraph(file string, g rules.Game, plies []analysis.Ply, lim engine.Limits) error {
	var b strings.Builder
	title := fmt.Sprintf("%s: analysis at %s", g.Info().Name, lim)
	if err := render.GraphSVG(&b, analysis.GraphPoints(plies), analysis.GraphLimit, [2]string{g.SideName(0), g.SideName(1)}, g.Board().Colours, title); err != nil {
		return err
	}
	return render.WriteSVGFile(file, []byte(b.String()))
}
