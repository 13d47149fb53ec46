package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/analysis/puzzle"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
	"boardrepl/rules/solve"
)

var puzzlesCmd = &Command{
	Name:    "puzzles",
	Summary: "mine puzzles from game records: the forced wins their mistakes allowed",
	Usage: `usage: boardrepl puzzles [-g GAME] [--depth N | --nodes N] [--confirm N] [--exact]
                         [--scan D] [--plies N] [--min-capture K] [--solve-nodes N]
                         [-j N] [--shard K/N] [--json] [-o FILE [--force]] RECORD...

Analyses every game of the files (game records, plain move lists, Ataxx PGN,
OGN; FILE "-" is stdin) as 'analyse' does, and after each move it marks ? or
?? asks the exact solver whether the side to move now has a forced gain: a
win (a king escape or capture, a connection, the game won) or, in Oware and
Ataxx, a capture of at least K seeds or pieces, within --plies plies. It
keeps the position as a puzzle only when it is sound: the goal is proved at
its shortest length against every defence, and at each of the solver's
turns along the solution every other move is proven to fail; not trivial (a
one-ply win must not be the only legal move nor the first the game's move
ordering tries); and not a repeat of an earlier puzzle (the same position
up to the board symmetries the game's special squares keep). Each is rated:
points = the engine's depth to find the first move + 2 x (moves - 1) +
log2(branching)/2, rounded down; 1 star up to 4 points, 2 up to 8, 3 beyond
(docs/puzzles.md).

The puzzles are written as they are found, in the order of the input, in the
format of fixtures/*/puzzles.txt (fixture.puzzles and check_puzzle read it),
with where each comes from and its rating:
  [Game "tablut"]
  [Name "game.rec 1, after ply 1"]
  [Position "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b"]
  [Goal "win 1"]
  [Source "mined by boardrepl puzzles from game.rec:1 (record 1): after ply 1, ..."]
  [SourceFile "game.rec"] ... [SourcePly "1"] [Mistake "c2-c3??"]
  [Rating "3"] [Stars "1"] [RatingTerms "depth=1 moves=1 branching=24.0"]

  1... d5-d3 0-1
and the counts end the output as a comment:
  # 1 puzzle from 1 record: 1 mistake, refused none
The records stream through: the memory holds the puzzles found, not the
input.

  -g GAME          the game of records without a [Game] tag (plain move lists)
  --depth N        the analysis' depth (default: as analyse, 6; 12 in Oware, 8 on
                   Konobi boards up to 5x5)
  --nodes N        about N nodes for each of the analysis' searches instead
  --confirm N      a marked move is searched again 2, 4, ... up to N plies deeper,
                   keeping the mildest mark (default 4; 0: never), as analyse
  --exact          the analysis searches with the exact minimax search
  --scan D         the first pass at depth D: every move is judged first without
                   the confirming searches, at the analysis' depth (the puzzles
                   are then those of a whole analysis) or at D; the moves it
                   marks are tried, and a puzzle found is kept when the whole
                   analysis (--depth, --confirm) marks its move. A D below the
                   analysis' depth is cheaper and misses the mistakes it does
                   not see (docs/puzzles.md gives the figures)
  --plies N        the longest solution looked for, in plies (default 5: three
                   moves of the solver)
  --min-capture K  the capture goal: at least K pieces or seeds (default 4 in
                   Oware and Ataxx, none in Tablut and Konobi; 0: the default,
                   -1: none); --min-seeds is the same
  --solve-nodes N  the most nodes of one search of the solver (default 2000000); a
                   candidate that needs more is dropped (counted as over_budget)
  -j N             records mined in parallel (default 1); the output does not
                   depend on it
  --shard K/N      mine only part K of N: the records whose number, from 0 over
                   all the files, is K-1 modulo N; 'boardrepl merge' joins the
                   --json outputs of the parts, dropping the repeats between
                   them, into the output of the whole job
  --json           one object per puzzle {"puzzle":true,"file","record","file_record",
                   "line","game","options","position","side","goal","plies",
                   "solution","mistake":{"ply","side","move","mark","note","loss"},
                   "rating":{"points","stars","depth","moves","branching"},
                   "players"}, an {"error","file","record"} line for a record that
                   cannot be read or played, and last {"totals":true,"puzzles",
                   "records","marked","refused":{"no_goal","over_budget",
                   "not_unique","trivial","unconfirmed","no_turn","repeat",
                   "path_dependent"},"errors","job"} ("shard" with --shard;
                   "job": the options and the files with their SHA-256, which
                   merge compares)
  -o FILE          write the puzzles file to FILE (whole, when the run ends) and
                   print a line per puzzle found (or the --json lines) instead
  --force          let -o replace an existing FILE

Exit status: 0 when every record was read and mined, 1 when one could not be
(its error is printed in its place and the others go on), 2 for bad usage.
Ctrl-C stops the run: the puzzles printed are complete, and -o FILE holds
them.
`,
	Args: -1,
}

func init() { puzzlesCmd.Run = runPuzzles }

// puzzlesJobJSON is the identity of a mining: everything its results
// depend on, the same in every shard of it.
type puzzlesJobJSON struct {
	Game       string     `json:"game,omitempty"`
	Depth      int        `json:"depth,omitempty"`
	Nodes      int64      `json:"nodes,omitempty"`
	Exact      bool       `json:"exact,omitempty"`
	Confirm    int        `json:"confirm"`
	Scan       int        `json:"scan,omitempty"`
	Plies      int        `json:"plies"`
	Capture    int        `json:"capture,omitempty"`
	SolveNodes uint64     `json:"solve_nodes"`
	Files      []fileJSON `json:"files"`
}

// puzzlesTotalsJSON is the last line of puzzles --json, and merge's.
type puzzlesTotalsJSON struct {
	Totals  bool            `json:"totals"`
	Shard   string          `json:"shard,omitempty"`
	Puzzles int             `json:"puzzles"`
	Records int             `json:"records"`
	Marked  int             `json:"marked"`
	Refused map[string]int  `json:"refused"`
	Errors  int             `json:"errors"`
	Job     *puzzlesJobJSON `json:"job"`
	// Complete and Shards are merge's.
	Complete *bool `json:"complete,omitempty"`
	Shards   int   `json:"shards,omitempty"`
}

// puzzleJSON is one puzzle of puzzles --json: everything its record in a
// puzzle file says.
type puzzleJSON struct {
	Puzzle     bool        `json:"puzzle"`
	File       string      `json:"file"`
	Record     int         `json:"record"`
	FileRecord int         `json:"file_record"`
	Line       int         `json:"line,omitempty"`
	Game       string      `json:"game"`
	Options    []string    `json:"options,omitempty"`
	Position   string      `json:"position"`
	Side       string      `json:"side"`
	Goal       string      `json:"goal"`
	Plies      int         `json:"plies"`
	Solution   []string    `json:"solution"`
	Mistake    mistakeJSON `json:"mistake"`
	Rating     ratingJSON  `json:"rating"`
	// Players, when the record names any, are its tags of each side's
	// player, in the sides' order.
	Players []playerJSON `json:"players,omitempty"`
}

type playerJSON struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

type mistakeJSON struct {
	Ply  int    `json:"ply"`
	Side string `json:"side"`
	Move string `json:"move"`
	Mark string `json:"mark"`
	Note string `json:"note,omitempty"`
	Loss int    `json:"loss,omitempty"`
}

type ratingJSON struct {
	Points    int     `json:"points"`
	Stars     int     `json:"stars"`
	Depth     int     `json:"depth"`
	Moves     int     `json:"moves"`
	Branching float64 `json:"branching"`
}

// puzzleItem is a record of the input, numbered over all the files.
type puzzleItem struct {
	seq     int // its place among the records sent to be mined, from 0
	n       int // from 1, over all the files
	file    string
	fileRec int // from 1, in its file
	rec     *record.Record
	err     error // the record could not be read
}

// puzzleOut is what a record gave.
type puzzleOut struct {
	found   []puzzle.Puzzle
	src     puzzle.Source
	stats   puzzle.Stats
	err     error
	stopped bool // interrupted: not reported
}

func runPuzzles(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := puzzlesCmd
	fs := newFlagSet(c)
	gameID := fs.String("g", "", "the game of records without a Game tag")
	var lim engine.Limits
	var jobs, confirm, scan, plies, capture int
	var solveNodes uint64
	fs.IntVar(&lim.Depth, "depth", 0, "analysis depth")
	fs.Int64Var(&lim.Nodes, "nodes", 0, "analysis nodes per position")
	fs.IntVar(&confirm, "confirm", analysis.DefaultConfirm, "plies deeper a marked move is searched again")
	exact := fs.Bool("exact", false, "exact analysis")
	fs.IntVar(&scan, "scan", 0, "first-pass depth")
	fs.IntVar(&plies, "plies", puzzle.DefaultPlies, "longest solution in plies")
	fs.IntVar(&capture, "min-capture", 0, "capture goal K")
	fs.IntVar(&capture, "min-seeds", 0, "capture goal K (the same)")
	fs.Uint64Var(&solveNodes, "solve-nodes", puzzle.DefaultNodes, "nodes of one search of the solver")
	fs.IntVar(&jobs, "j", 1, "records in parallel")
	var part shard
	fs.Var(&part, "shard", "mine only part K of N of the records")
	asJSON := fs.Bool("json", false, "one JSON object per puzzle")
	outFile := fs.String("o", "", "write the puzzles file to FILE")
	force := fs.Bool("force", false, "let -o replace FILE")
	if status, done := c.Parse(fs, args, stdout, stderr); done {
		return status
	}
	files := fs.Args()
	switch {
	case len(files) == 0:
		return fail(stderr, c.Name, usagef("no RECORD file to mine"))
	case lim.Depth < 0 || lim.Nodes < 0:
		return fail(stderr, c.Name, usagef("--depth and --nodes cannot be negative"))
	case lim.Depth >= engine.MaxPly || scan >= engine.MaxPly:
		return fail(stderr, c.Name, usagef("--depth and --scan want less than %d", engine.MaxPly))
	case confirm < 0 || scan < 0:
		return fail(stderr, c.Name, usagef("--confirm and --scan cannot be negative"))
	case plies < 1 || plies > solve.MaxPlies:
		return fail(stderr, c.Name, usagef("--plies %d: want 1 to %d", plies, solve.MaxPlies))
	case capture < -1:
		return fail(stderr, c.Name, usagef("--min-capture %d: want K >= 1, 0 (the game's default) or -1 (none)", capture))
	case solveNodes < 1:
		return fail(stderr, c.Name, usagef("--solve-nodes wants at least 1"))
	case jobs < 1:
		return fail(stderr, c.Name, usagef("-j wants at least 1"))
	case *force && *outFile == "":
		return fail(stderr, c.Name, usagef("--force lets -o replace its FILE: give -o FILE"))
	}
	var info *rules.Info
	if *gameID != "" {
		var err error
		if info, err = rules.Lookup(*gameID); err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
	}
	stdinUses := 0
	for _, f := range files {
		if f == "-" {
			stdinUses++
		} else if _, err := os.Stat(f); err != nil {
			// Checked before any record is mined; said as analyse and
			// openings say it when they open the file.
			if pe, ok := err.(*os.PathError); ok {
				pe.Op = "open"
			}
			return fail(stderr, c.Name, err)
		}
	}
	if stdinUses > 1 {
		return fail(stderr, c.Name, usagef("stdin (-) can be read once"))
	}
	if *outFile != "" && !*force {
		if _, err := os.Lstat(*outFile); err == nil {
			return fail(stderr, c.Name, fmt.Errorf("-o %s: the file exists (--force replaces it)", *outFile))
		}
	}
	job := &puzzlesJobJSON{Depth: lim.Depth, Nodes: lim.Nodes, Exact: *exact, Confirm: confirm, Scan: scan,
		Plies: plies, Capture: capture, SolveNodes: solveNodes}
	if info != nil {
		job.Game = info.ID
	}
	mopts := puzzle.Options{Analysis: analysis.Options{Limits: lim, Confirm: confirm, Exact: *exact},
		Scan: scan, MaxPlies: plies, Capture: capture, Nodes: solveNodes}
	if confirm == 0 {
		mopts.Analysis.Confirm = -1
	}

	ctx, stop := interruptContext()
	defer stop()
	m := &puzzleRun{files: files, stdin: stdin, info: info, part: part, job: job, jobs: jobs, opts: mopts,
		json: *asJSON, toFile: *outFile != "", stdout: stdout, stderr: stderr}
	var status int
	if *outFile == "" {
		status = m.run(ctx, stdout) // unbuffered: each puzzle is printed when found
	} else {
		err := atomicfile.WriteFrom(*outFile, *force, func(w io.Writer) error {
			status = m.run(ctx, w)
			return nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "boardrepl puzzles: -o %s: %v\n", *outFile, err)
			status = ExitFail
		}
	}
	return status
}

// puzzleRun is one run of the puzzles command.
type puzzleRun struct {
	files  []string
	stdin  io.Reader
	info   *rules.Info // -g, or nil
	part   shard
	job    *puzzlesJobJSON
	jobs   int
	opts   puzzle.Options
	json   bool
	toFile bool // the puzzles file goes to a file: stdout gets a line a puzzle
	stdout io.Writer
	stderr io.Writer
}

// puzzleDone is a record and what it gave.
type puzzleDone struct {
	it  puzzleItem
	out puzzleOut
}

// run mines every record of the shard, writing the puzzles file to out
// (stdout, or the -o file) as the records finish, in input order, and
// returns the exit status.
func (r *puzzleRun) run(ctx context.Context, out io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// At most window records are read ahead of the one printed next: the
	// memory holds them and the puzzles found, not the input.
	tickets := make(chan struct{}, 4*r.jobs)
	items := make(chan puzzleItem)
	var readErr error
	go func() {
		defer close(items)
		readErr = r.read(ctx, tickets, items)
	}()
	results := make(chan puzzleDone)
	var wg sync.WaitGroup
	for w := 0; w < r.jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			miner := puzzle.New(r.opts)
			for it := range items {
				results <- puzzleDone{it, r.mine(ctx, miner, it)}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	text := !r.json || r.toFile // the puzzles file is written, to out
	if text {
		puzzlesHeader(out, r.files)
	}
	t := puzzlesTotalsJSON{Totals: true, Refused: map[string]int{}, Job: r.job}
	var set puzzle.Set
	var st puzzle.Stats
	status := ExitOK
	pending := map[int]puzzleDone{}
	next, stopped := 0, false
	for !stopped {
		var d puzzleDone
		var ok bool
		select {
		case d, ok = <-results:
		case <-ctx.Done():
			// Interrupted, maybe while the reader waits for more input
			// (stdin): nothing more is printed.
			stopped = true
		}
		if !ok {
			break
		}
		pending[d.it.seq] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-tickets
			if stopped || d.out.stopped {
				stopped = true
				cancel()
				continue
			}
			t.Records++
			if d.out.err != nil {
				t.Errors++
				status = ExitFail
				fmt.Fprintf(r.stderr, "boardrepl puzzles: %v\n", d.out.err)
				if r.json {
					writeJSON(r.stdout, puzzleErrorJSON{File: d.it.file, Record: d.it.n, Error: d.out.err.Error()})
				}
				continue
			}
			st.Add(d.out.stats)
			for i := range d.out.found {
				p := &d.out.found[i]
				if g, err := p.Game(); err != nil || !set.Add(g) {
					st.By[puzzle.Kept]--
					st.By[puzzle.Repeat]++
					continue
				}
				r.emit(out, text, d.it, p, d.out.src)
			}
		}
	}
	t.Marked, t.Puzzles = st.Marked, st.By[puzzle.Kept]
	for _, why := range puzzle.Reasons() {
		if why != puzzle.Kept {
			t.Refused[why.String()] = st.By[why]
		}
	}
	if r.part.n > 0 {
		t.Shard = r.part.String()
	}
	if stopped || ctx.Err() != nil {
		fmt.Fprintf(r.stderr, "puzzles: stopped after %s; the puzzles written are complete\n", plural(t.Records, "record"))
		if text {
			fmt.Fprintf(out, "# stopped after %s: %s\n", plural(t.Records, "record"), plural(t.Puzzles, "puzzle"))
		}
		return ExitFail
	}
	if readErr != nil {
		fmt.Fprintf(r.stderr, "boardrepl puzzles: %v\n", readErr)
		return ExitFail
	}
	summary := t.summary()
	if text {
		fmt.Fprintf(out, "# %s\n", summary)
	}
	switch {
	case r.json:
		writeJSON(r.stdout, t)
	case r.toFile:
		fmt.Fprintln(r.stdout, summary)
	}
	return status
}

// puzzlesHeader starts a puzzles file: what it is, and the files mined, one
// a line.
func puzzlesHeader(w io.Writer, files []string) {
	fmt.Fprint(w, "# Puzzles mined by boardrepl puzzles: each is proved by the exact solver\n"+
		"# (rules/solve), its solution unique at every turn (docs/puzzles.md). From:\n")
	for _, f := range files {
		fmt.Fprintf(w, "#   %s\n", f)
	}
}

// summary says what the totals count: "3 puzzles from 16 records: 40
// mistakes, refused 30 no_goal, 7 trivial".
func (t *puzzlesTotalsJSON) summary() string {
	s := fmt.Sprintf("%s from %s: %s, refused %s", plural(t.Puzzles, "puzzle"), plural(t.Records, "record"), plural(t.Marked, "mistake"), refusedText(t.Refused))
	if t.Errors > 0 {
		s += fmt.Sprintf("; %s could not be mined", plural(t.Errors, "record"))
	}
	return s
}

// puzzleErrorJSON is the line of a record that could not be mined.
type puzzleErrorJSON struct {
	File   string `json:"file"`
	Record int    `json:"record"`
	Error  string `json:"error"`
}

// refusedText lists the refusals: "3 no_goal, 1 trivial" ("none").
func refusedText(refused map[string]int) string {
	var parts []string
	for _, why := range puzzle.Reasons() {
		if n := refused[why.String()]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, why))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// emit writes a puzzle found: its record to the puzzles file (text), its
// JSON line or, when the file is elsewhere, a line on stdout.
func (r *puzzleRun) emit(out io.Writer, text bool, it puzzleItem, p *puzzle.Puzzle, src puzzle.Source) {
	if text {
		fmt.Fprintf(out, "\n%s", p.Text(src))
	}
	switch {
	case r.json:
		writeJSON(r.stdout, puzzleToJSON(it.n, p, src))
	case r.toFile:
		fmt.Fprintf(r.stdout, "%s: ply %d %s%s: %s to move, %s (%s)\n", where(src), p.Mistake.Ply, p.Mistake.Move,
			p.Mistake.Mark, p.Info.Sides[p.Side], puzzle.GoalText(p.Goal), p.Rating)
	}
}

// where names a source record: "games.pgn:12" (its line), or "games.pgn
// record 3".
func where(src puzzle.Source) string {
	if src.Line > 0 {
		return fmt.Sprintf("%s:%d", src.File, src.Line)
	}
	return fmt.Sprintf("%s record %d", src.File, src.Record)
}

// read reads the records of every file in order and sends those of the
// shard, each after taking a ticket (so that at most cap(tickets) wait to
// be printed). A record that cannot be read is sent with its error, and
// the rest of its file is skipped (read for its SHA-256 only). It fills
// the job's files as it finishes them.
func (r *puzzleRun) read(ctx context.Context, tickets chan struct{}, items chan<- puzzleItem) error {
	n, seq := 0, 0
	send := func(it puzzleItem) bool {
		select {
		case tickets <- struct{}{}:
		case <-ctx.Done():
			return false
		}
		it.seq = seq
		select {
		case items <- it:
			seq++
			return true
		case <-ctx.Done():
			return false
		}
	}
	// file reads one file; stop: the run was stopped.
	file := func(name string) (stop bool, err error) {
		var in io.Reader = r.stdin
		if name != "-" {
			f, err := textfile.OpenArg(name)
			if err != nil {
				return true, err
			}
			defer f.Close() // each file closed when read: there may be thousands
			in = f
		}
		h := sha256.New()
		tee := io.TeeReader(textfile.NewReader(in), h)
		sc := record.NewScanner(tee)
		for k := 1; ; k++ {
			rec, err := sc.ReadRecord()
			if errors.Is(err, io.EOF) {
				break
			}
			n++
			it := puzzleItem{n: n, file: name, fileRec: k, rec: rec}
			if err != nil {
				it.err = fmt.Errorf("%s: %v (the rest of the file is skipped)", name, err)
			}
			if r.part.has(n-1) && !send(it) {
				return true, nil
			}
			if err != nil {
				if _, err := io.Copy(io.Discard, tee); err != nil {
					return true, fmt.Errorf("%s: %v", name, err)
				}
				break
			}
		}
		r.job.Files = append(r.job.Files, fileJSON{Name: name, SHA256: hexSum(h)})
		return false, nil
	}
	for _, name := range r.files {
		if stop, err := file(name); stop {
			return err
		}
	}
	return nil
}

func hexSum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// mine mines one record.
func (r *puzzleRun) mine(ctx context.Context, miner *puzzle.Miner, it puzzleItem) puzzleOut {
	var o puzzleOut
	if it.err != nil {
		o.err = it.err
		return o
	}
	at := fmt.Sprintf("%s: record %d", it.file, it.fileRec)
	if it.rec.Line > 0 {
		at = fmt.Sprintf("%s:%d: record %d", it.file, it.rec.Line, it.fileRec)
	}
	game := ""
	if r.info != nil {
		game = r.info.ID
	}
	rec, _, _, err := native.Convert(it.rec, game)
	if err != nil {
		o.err = fmt.Errorf("%s: %v", at, err)
		return o
	}
	var base *line.Line
	if id := rec.Get(record.TagGame); id != "" && r.info != nil {
		if in, err := rules.Lookup(id); err == nil && in != r.info {
			o.err = fmt.Errorf("%s: a game of %s, not %s", at, in.ID, r.info.ID)
			return o
		}
	} else if r.info != nil {
		if base, err = line.New(r.info, nil, ""); err != nil {
			o.err = fmt.Errorf("%s: %v", at, err)
			return o
		}
	}
	l, err := line.Replay(rec, base)
	if err != nil {
		if !rec.Has(record.TagGame) && r.info == nil {
			err = errors.New("the record has no [Game] tag: give -g GAME")
		}
		o.err = fmt.Errorf("%s: %v", at, err)
		return o
	}
	al, err := analysis.FromLine(l)
	if err != nil {
		o.err = fmt.Errorf("%s: %v", at, err)
		return o
	}
	o.src = puzzle.Source{File: it.file, Record: it.fileRec, Line: it.rec.Line}
	for side := range o.src.Players {
		name := l.SideTag(side)
		o.src.Players[side] = record.Tag{Name: name, Value: rec.Get(name)}
	}
	o.found, o.stats, err = miner.Mine(ctx, al)
	switch {
	case ctx.Err() != nil:
		o.stopped = true
	case err != nil:
		o.err = fmt.Errorf("%s: %v", at, err)
	}
	return o
}

// puzzleToJSON is a puzzle's line of puzzles --json; n is its record's
// number over all the files.
func puzzleToJSON(n int, p *puzzle.Puzzle, src puzzle.Source) puzzleJSON {
	m := p.Mistake
	j := puzzleJSON{Puzzle: true, File: src.File, Record: n, FileRecord: src.Record, Line: src.Line,
		Game: p.Info.ID, Options: p.Options, Position: p.Position, Side: p.Info.Sides[p.Side],
		Goal: puzzle.GoalText(p.Goal), Plies: p.Goal.Plies, Solution: p.Solution,
		Mistake: mistakeJSON{Ply: m.Ply, Side: m.SideName, Move: m.Move, Mark: m.Mark, Note: m.Note, Loss: m.Loss},
		Rating: ratingJSON{Points: p.Rating.Points, Stars: p.Rating.Stars, Depth: p.Rating.Depth,
			Moves: p.Rating.Moves, Branching: p.Rating.Branching}}
	if src.Players[0].Value != "" || src.Players[1].Value != "" {
		for _, t := range src.Players {
			j.Players = append(j.Players, playerJSON{Tag: t.Name, Name: t.Value})
		}
	}
	return j
}

// puzzleFromJSON reads a puzzle line back, checking what can be checked
// without searching: the game, its options and position, the goal and
// that the solution is legal and reaches it at its length (puzzle.Replay).
func puzzleFromJSON(j *puzzleJSON) (*puzzle.Puzzle, puzzle.Source, error) {
	var src puzzle.Source
	info, err := rules.Lookup(j.Game)
	if err != nil {
		return nil, src, err
	}
	g, err := info.NewGame(j.Options, j.Position)
	if err != nil {
		return nil, src, fmt.Errorf("position %q: %v", j.Position, err)
	}
	goal, err := solve.ParseGoal(j.Goal)
	if err != nil {
		return nil, src, err
	}
	switch {
	case goal.Plies != j.Plies:
		return nil, src, fmt.Errorf("goal %q is %d plies, the line says %d", j.Goal, goal.Plies, j.Plies)
	case j.Side != g.SideName(g.SideToMove()):
		return nil, src, fmt.Errorf("side %q, but %s is to move", j.Side, g.SideName(g.SideToMove()))
	case j.Record < 1 || j.FileRecord < 1 || j.Mistake.Ply < 1:
		return nil, src, fmt.Errorf("record %d, file_record %d, ply %d: want numbers from 1", j.Record, j.FileRecord, j.Mistake.Ply)
	case len(j.Players) != 0 && len(j.Players) != 2:
		return nil, src, fmt.Errorf("%d players: want one for each side", len(j.Players))
	}
	if err := puzzle.Replay(g, goal, j.Solution); err != nil {
		return nil, src, fmt.Errorf("solution %v: %v", j.Solution, err)
	}
	m := j.Mistake
	p := &puzzle.Puzzle{Info: info, Options: info.FormatOptions(g.Options()), Position: j.Position, Side: g.SideToMove(),
		Goal: goal, Solution: j.Solution,
		Mistake: analysis.Ply{Ply: m.Ply, SideName: m.Side, Move: m.Move, Mark: m.Mark, Note: m.Note, Loss: m.Loss},
		Rating: puzzle.Rating{Points: j.Rating.Points, Stars: j.Rating.Stars, Depth: j.Rating.Depth, Moves: j.Rating.Moves,
			Branching: j.Rating.Branching}}
	src = puzzle.Source{File: j.File, Record: j.FileRecord, Line: j.Line}
	for i, pl := range j.Players {
		src.Players[i] = record.Tag{Name: pl.Tag, Value: pl.Name}
	}
	return p, src, nil
}

// puzzlePart is what a part given to merge holds of a mining: its puzzle
// and error lines and its totals.
type puzzlePart struct {
	totals  *puzzlesTotalsJSON
	puzzles []partPuzzle
	errs    []partPuzzleError
}

type partPuzzle struct {
	line int
	q    puzzleJSON
}

type partPuzzleError struct {
	line int
	e    puzzleErrorJSON
}

func (pp *puzzlePart) any() bool { return pp.totals != nil || len(pp.puzzles)+len(pp.errs) > 0 }

// isPuzzleLine reports whether a line, by its keys, is one of puzzles
// --json: a puzzle, a record's error, the totals.
func isPuzzleLine(has func(string) bool) bool {
	return has("puzzle") || has("totals") && has("puzzles") || has("error") && has("record")
}

// add reads a line of puzzles --json (isPuzzleLine); end: it is the totals.
func (pp *puzzlePart) add(line int, has func(string) bool, decode func(any) error) (end bool, err error) {
	switch {
	case has("totals"):
		pp.totals = &puzzlesTotalsJSON{}
		return true, decode(pp.totals)
	case has("puzzle"):
		var q puzzleJSON
		err = decode(&q)
		pp.puzzles = append(pp.puzzles, partPuzzle{line, q})
		return false, err
	}
	var e puzzleErrorJSON
	err = decode(&e)
	pp.errs = append(pp.errs, partPuzzleError{line, e})
	return false, err
}

// mergedPuzzles is merge's result for a mining: the lines of the whole
// job, its puzzles and errors in input order without the repeats between
// the parts, then its totals.
type mergedPuzzles struct {
	lines  []any
	found  []mergedPuzzle
	totals puzzlesTotalsJSON
	files  []string
}

type mergedPuzzle struct {
	p   *puzzle.Puzzle
	src puzzle.Source
}

// writeLines writes the result, one JSON object a line.
func (m *mergedPuzzles) writeLines(w io.Writer) {
	for _, l := range m.lines {
		writeJSON(w, l)
	}
	writeJSON(w, m.totals)
}

// writeFile writes the puzzles file of the whole job, as puzzles -o
// writes it.
func (m *mergedPuzzles) writeFile(name string, force bool) error {
	return atomicfile.WriteFrom(name, force, func(w io.Writer) error {
		puzzlesHeader(w, m.files)
		for _, f := range m.found {
			fmt.Fprintf(w, "\n%s", f.p.Text(f.src))
		}
		_, err := fmt.Fprintf(w, "# %s\n", m.totals.summary())
		return err
	})
}

// mergePuzzles adds up the parts of a mining: every part of one job and
// shard, its lines counted by its totals, each puzzle in its part's shard
// and replayed (legal, reaching its goal: the proofs are not searched
// again), then the repeats between parts dropped as a whole run drops
// them, the first in input order kept.
func mergePuzzles(parts []*mergePart) (any, []string, error) {
	var job *puzzlesJobJSON
	var jobPart *mergePart
	var missing []string
	out := &mergedPuzzles{totals: puzzlesTotalsJSON{Totals: true, Refused: map[string]int{}, Shards: len(parts)}}
	for _, p := range parts {
		t := p.puz.totals
		if t == nil {
			if p.puz.any() {
				missing = append(missing, p.name+" has no totals line: the run was cut short or stopped")
			} else {
				missing = append(missing, p.name+" is empty (the run wrote nothing)")
			}
			continue
		}
		at := p.where(p.end)
		if t.Job == nil {
			return nil, nil, fmt.Errorf("%s: the totals name no job: run that part again", at)
		}
		if job == nil {
			job, jobPart = t.Job, p
		} else if err := sameJob(job, jobPart, t.Job, p); err != nil {
			return nil, nil, err
		}
		counts := []int{t.Puzzles, t.Records, t.Marked, t.Errors}
		for _, n := range t.Refused {
			counts = append(counts, n)
		}
		sum := t.Puzzles
		for _, n := range counts {
			if n < 0 {
				return nil, nil, fmt.Errorf("%s: a count cannot be negative", at)
			}
		}
		for _, why := range puzzle.Reasons() {
			sum += t.Refused[why.String()]
		}
		switch {
		case len(t.Refused) != len(puzzle.Reasons())-1:
			return nil, nil, fmt.Errorf("%s: refused counts %d reasons, not %d", at, len(t.Refused), len(puzzle.Reasons())-1)
		case sum != t.Marked:
			return nil, nil, fmt.Errorf("%s: %d puzzles and %d refused, but %d mistakes", at, t.Puzzles, sum-t.Puzzles, t.Marked)
		case len(p.puz.puzzles) != t.Puzzles || len(p.puz.errs) != t.Errors:
			return nil, nil, fmt.Errorf("%s: the totals count %d puzzles and %d errors, but the part's lines %d and %d",
				at, t.Puzzles, t.Errors, len(p.puz.puzzles), len(p.puz.errs))
		}
		out.totals.Records += t.Records
		out.totals.Marked += t.Marked
		out.totals.Errors += t.Errors
		for _, why := range puzzle.Reasons() {
			if why != puzzle.Kept {
				out.totals.Refused[why.String()] += t.Refused[why.String()]
			}
		}
	}
	if job == nil {
		return nil, nil, errors.New("no puzzles totals in the files: every part was cut short before its totals")
	}
	_, absent, err := partShards(parts, func(p *mergePart) (string, bool) {
		if p.puz.totals == nil {
			return "", false
		}
		return p.puz.totals.Shard, true
	})
	if err != nil {
		return nil, nil, err
	}
	missing = append(missing, absent...)
	type placed struct {
		record, ply int
		line        any
		found       *mergedPuzzle
	}
	var all []placed
	seen := map[[2]int]string{}
	for _, p := range parts {
		inShard := func(at string, record int) error {
			if p.puz.totals != nil && !p.shard.has(record-1) {
				return fmt.Errorf("%s: record %d is not in shard %s", at, record, p.shard)
			}
			return nil
		}
		for _, e := range p.puz.errs {
			at := p.where(e.line)
			if err := inShard(at, e.e.Record); err != nil {
				return nil, nil, err
			}
			all = append(all, placed{record: e.e.Record, line: e.e})
		}
		for _, pp := range p.puz.puzzles {
			at := p.where(pp.line)
			q := pp.q
			if err := inShard(at, q.Record); err != nil {
				return nil, nil, err
			}
			id := [2]int{q.Record, q.Mistake.Ply}
			if first, ok := seen[id]; ok {
				return nil, nil, fmt.Errorf("%s: the puzzle of record %d, ply %d, is also in %s", at, q.Record, q.Mistake.Ply, first)
			}
			seen[id] = at
			pz, src, err := puzzleFromJSON(&q)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", at, err)
			}
			all = append(all, placed{record: q.Record, ply: q.Mistake.Ply, line: q, found: &mergedPuzzle{pz, src}})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].record != all[j].record {
			return all[i].record < all[j].record
		}
		return all[i].ply < all[j].ply
	})
	var set puzzle.Set
	for _, a := range all {
		if a.found != nil {
			g, err := a.found.p.Game()
			if err != nil {
				return nil, nil, err
			}
			if !set.Add(g) {
				out.totals.Refused[puzzle.Repeat.String()]++
				continue
			}
			out.totals.Puzzles++
			out.found = append(out.found, *a.found)
		}
		out.lines = append(out.lines, a.line)
	}
	for _, f := range job.Files {
		out.files = append(out.files, f.Name)
	}
	complete := len(missing) == 0
	out.totals.Job, out.totals.Complete = job, &complete
	return out, missing, nil
}
