package batch

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/openings"
)

var mergeCmd = &Command{
	Name:    "merge",
	Args:    -1, // the files (checked by the handler)
	Summary: "merge the --json output of sharded analyse, puzzles, match or openings runs into one result",
	Usage: `usage: boardrepl merge [--partial] [-o FILE [--force]] FILE...

Reads the --json output of the parts of one job (the runs of --shard 1/N to
N/N, FILE "-" is stdin) and prints the result of the whole job as one JSON
object:
  - match: the games of every part ({"game":N,...} lines), each counted
    once, give the summary an unsharded run prints ({"summary":true,"games",
    "p1_wins","p2_wins","draws","adjudicated","avg_plies","side_wins",
    "p1_score","elo","elo_margin","los","pentanomial",...,"job","complete"},
    "shards" added); the pairs (games 2k-1 and 2k) are counted from the
    games, wherever they were played;
  - analyse: the totals lines ({"totals":true,"records","positions",
    "dubious","blunders","job"}) are added up ({"totals":true,...,"job",
    "complete","shards"});
  - puzzles: the puzzle lines of every part, in input order, without the
    repeats between parts (the first kept, as a whole run keeps it), then
    the totals of the whole job ({"totals":true,"puzzles",...,"job",
    "complete","shards"}): the lines a run without --shard prints; -o FILE
    writes its puzzles file too, as 'puzzles -o' does;
  - openings: the trees are added up, position by position and move by
    move, and printed as the whole job's openings --json prints its tree
    (its summary line with "complete","shards" added).

Merge checks what it adds up, and refuses (exit status 1, naming the files
and lines and what differs):
  - a part of another job: every part carries the job's identity ("job":
    the game and its options, the players, seed, number of games, openings
    (the book's SHA-256), time control, move cap and adjudication rules of a
    match; the files (with their SHA-256), limits and options of an
    analysis; the game, options, plies, depth and files of a tree), and the
    game lines of a match carry its digest;
  - parts that are not shards 1/N to N/N of one N once each (a part given
    twice, parts of another N, the whole job's output among its shards), and
    a game in a part that is not its shard's;
  - a game given twice, a summary that does not count its part's lines, a
    value out of range (a game number, plies, a count);
  - a game whose moves are not legal, or whose result is not what the moves
    give (they are replayed; an adjudication or a loss on time is checked
    against the job's rules: see docs/match.md).
A result that leaves out part of the job (a part cut before its summary or
totals, a run interrupted or stopped early, a missing shard, a missing game)
is printed with "complete":false and exits with status 1; --partial accepts
it (status 0), saying on stderr what is missing.

  --partial      accept an incomplete result
  -o FILE        (puzzles) write the merged puzzles file to FILE
  --force        let -o replace FILE

A job split over a cluster (see docs/scaling.md: a Slurm job array, a Kubernetes
Indexed Job) runs shard K of N on each node:
  boardrepl match -g ataxx --p1 ab:depth=3 --p2 random --games 1000 --seed 7 \
      --shard $((SLURM_ARRAY_TASK_ID+1))/8 --json > match-$SLURM_ARRAY_TASK_ID.jsonl
  boardrepl merge match-*.jsonl
`,
}

func runMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := mergeCmd
	fs := newFlagSet(c)
	partial := fs.Bool("partial", false, "accept an incomplete result")
	outFile := fs.String("o", "", "write the merged puzzles file to FILE")
	force := fs.Bool("force", false, "let -o replace FILE")
	if status, done := c.Parse(fs, args, stdout, stderr); done {
		return status
	}
	if fs.NArg() == 0 {
		return fail(stderr, c.Name, usagef("no FILE to merge"))
	}
	var parts []*mergePart
	for _, f := range fs.Args() {
		var r io.Reader = stdin
		if f != "-" {
			fh, err := os.Open(f)
			if err != nil {
				return fail(stderr, c.Name, err)
			}
			defer fh.Close()
			r = fh
		}
		p, err := readPart(f, r)
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		parts = append(parts, p)
	}
	out, missing, err := mergeParts(parts)
	if err != nil {
		return fail(stderr, c.Name, err)
	}
	mp, isPuzzles := out.(*mergedPuzzles)
	lw, isLines := out.(lineWriter)
	switch {
	case *outFile != "" && !isPuzzles:
		return fail(stderr, c.Name, usagef("-o writes the puzzles of a puzzles job; these files are not"))
	case *outFile != "":
		if err := mp.writeFile(*outFile, *force); err != nil {
			return fail(stderr, c.Name, fmt.Errorf("-o %s: %v", *outFile, err))
		}
		fallthrough
	case isPuzzles:
		mp.writeLines(stdout)
	case isLines:
		if err := lw.writeLines(stdout); err != nil {
			return fail(stderr, c.Name, err)
		}
	default:
		writeJSON(stdout, out)
	}
	switch {
	case len(missing) == 0:
		return ExitOK
	case *partial:
		fmt.Fprintf(stderr, "merge: incomplete, accepted (--partial): %s\n", strings.Join(missing, "; "))
		return ExitOK
	}
	fmt.Fprintf(stderr, "boardrepl merge: incomplete: %s (--partial accepts an incomplete result)\n", strings.Join(missing, "; "))
	return ExitFail
}

// mergePart is one file given to merge: the --json lines of one run.
type mergePart struct {
	name string
	// A match's: its summary (the last line) and its game lines.
	summary *matchSummaryJSON
	games   []partGame
	// An analysis': its totals (the last line), and what its lines count.
	totals                                *analyseTotalsJSON
	analysed                              bool // it has lines of an analysis
	positions, records, dubious, blunders int
	end                                   int // the line of the summary or totals
	shard                                 shard
	// An opening tree's lines (openings --json).
	tree *openings.TreeReader
	// A mining's (puzzles.go).
	puz puzzlePart
}

// partGame is a game line of a part.
type partGame struct {
	line int
	g    matchGameJSON
}

// where names a line of a part: "a.jsonl:12".
func (p *mergePart) where(line int) string { return fmt.Sprintf("%s:%d", p.name, line) }

// readPart reads the lines of one file.
func readPart(name string, r io.Reader) (*mergePart, error) {
	p := &mergePart{name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var probe map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &probe); err != nil {
			return nil, fmt.Errorf("%s: not a JSON object: %v", p.where(ln), err)
		}
		if p.end > 0 {
			return nil, fmt.Errorf("%s: a line after the summary of line %d (two runs in one file?)", p.where(ln), p.end)
		}
		decode := func(v any) error {
			if err := json.Unmarshal([]byte(line), v); err != nil {
				return fmt.Errorf("%s: %v", p.where(ln), err)
			}
			return nil
		}
		has := func(k string) bool { return probe[k] != nil }
		var err error
		switch {
		case openings.IsTreeLine(has):
			if p.tree == nil {
				p.tree = openings.NewTreeReader(name)
			}
			if err = p.tree.Line(ln, []byte(line)); has("openings") {
				p.end = ln
			}
		case isPuzzleLine(has): // puzzles --json (puzzles.go)
			var end bool
			if end, err = p.puz.add(ln, has, decode); end {
				p.end = ln
			}
		case has("totals"):
			p.totals, p.end = &analyseTotalsJSON{}, ln
			err = decode(p.totals)
		case has("summary") && has("p1"):
			p.summary, p.end = &matchSummaryJSON{}, ln
			err = decode(p.summary)
		case has("game") && has("p1"):
			var g partGame
			g.line, err = ln, decode(&g.g)
			p.games = append(p.games, g)
		case has("summary") && has("file"): // the end of a record of an analysis
			var s struct{ Dubious, Blunders int }
			err = decode(&s)
			p.analysed, p.records, p.dubious, p.blunders = true, p.records+1, p.dubious+s.Dubious, p.blunders+s.Blunders
		case has("position"):
			p.analysed, p.positions = true, p.positions+1
		case has("error") && has("file"): // a position or move an analysis could not read
			p.analysed = true
		default:
			return nil, fmt.Errorf("%s: not a line of match --json, analyse --json or openings --json", p.where(ln))
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: line %d: %v", name, ln+1, err)
	}
	return p, nil
}

// mergeParts adds up the parts: the result, and what it leaves out of the
// job (nothing when it is complete).
func mergeParts(parts []*mergePart) (any, []string, error) {
	isMatch, isAnalysis, isTree, isPuzzles := false, false, false, false
	for _, p := range parts {
		isMatch = isMatch || p.summary != nil || len(p.games) > 0
		isAnalysis = isAnalysis || p.totals != nil || p.analysed
		isTree = isTree || p.tree != nil
		isPuzzles = isPuzzles || p.puz.any()
	}
	switch {
	case isTree && (isMatch || isAnalysis || isPuzzles):
		return nil, nil, errors.New("the files mix an opening tree and a match, an analysis or puzzles")
	case isTree:
		return mergeTrees(parts)
	case isMatch && isAnalysis:
		return nil, nil, errors.New("the files mix a match and an analysis")
	case isPuzzles && (isMatch || isAnalysis):
		return nil, nil, errors.New("the files mix puzzles with a match or an analysis")
	case isPuzzles:
		return mergePuzzles(parts)
	case isMatch:
		return mergeMatch(parts)
	case isAnalysis:
		return mergeAnalyses(parts)
	}
	return nil, nil, errors.New("no match, analysis, puzzles or opening tree in the files (were they written with --json?)")
}

// partShards reads the shard of every part that has its summary (its
// shard field: K/N, or none for the whole job, 1/1) and checks that they
// are shards of one N, each once. It returns N and what is missing.
func partShards(parts []*mergePart, shardOf func(*mergePart) (string, bool)) (int, []string, error) {
	n, first := 0, (*mergePart)(nil)
	byK := map[int]*mergePart{}
	describe := func(p *mergePart) string {
		if p.shard.n == 1 {
			return p.name + " is the whole job (no --shard)"
		}
		return fmt.Sprintf("%s is shard %s", p.name, p.shard)
	}
	var missing []string
	for _, p := range parts {
		text, ok := shardOf(p)
		if !ok {
			continue
		}
		p.shard = shard{1, 1}
		if text != "" {
			if err := p.shard.Set(text); err != nil {
				return 0, nil, fmt.Errorf("%s: shard %q: %v", p.where(p.end), text, err)
			}
		}
		switch {
		case first == nil:
			n, first = p.shard.n, p
		case p.shard.n != n:
			return 0, nil, fmt.Errorf("%s, but %s: parts of one job are shards 1/N to N/N of one N", describe(first), describe(p))
		}
		if q := byK[p.shard.k]; q != nil {
			return 0, nil, fmt.Errorf("%s and %s are both shard %s: a part given twice?", q.name, p.name, p.shard)
		}
		byK[p.shard.k] = p
	}
	for k := 1; k <= n; k++ {
		if byK[k] == nil {
			missing = append(missing, fmt.Sprintf("shard %d/%d is missing", k, n))
		}
	}
	return n, missing, nil
}

// sameJob checks that the job of part p (at its summary) is the job the
// other parts had (first, from part of): they must be equal in every
// field.
func sameJob(first any, of *mergePart, job any, p *mergePart) error {
	if d := jsonDiff(first, job); d != "" {
		return fmt.Errorf("%s and %s are parts of different jobs: %s", of.where(of.end), p.where(p.end), d)
	}
	return nil
}

// jsonDiff says in which fields two values differ as JSON objects:
// "max_plies 1000 and 200; tc \"inf\" and \"10+0.1\"" (for long lists,
// the first entry that differs: "files[0] {...} and {...}"), "" when none.
func jsonDiff(a, b any) string {
	var ma, mb map[string]json.RawMessage
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	json.Unmarshal(ja, &ma)
	json.Unmarshal(jb, &mb)
	keys := map[string]bool{}
	for k := range ma {
		keys[k] = true
	}
	for k := range mb {
		keys[k] = true
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	var out []string
	for _, k := range sorted {
		va, vb := string(ma[k]), string(mb[k])
		if va == vb {
			continue
		}
		if va == "" {
			va = "none"
		}
		if vb == "" {
			vb = "none"
		}
		var ea, eb []json.RawMessage
		if json.Unmarshal(ma[k], &ea) == nil && json.Unmarshal(mb[k], &eb) == nil && len(va)+len(vb) > 200 {
			// Lists (an analysis' files): the first entry that differs.
			i := 0
			for i < len(ea) && i < len(eb) && string(ea[i]) == string(eb[i]) {
				i++
			}
			switch {
			case i == len(ea) || i == len(eb):
				out = append(out, fmt.Sprintf("%s: %d and %d entries", k, len(ea), len(eb)))
			default:
				out = append(out, fmt.Sprintf("%s[%d] %s and %s", k, i, ea[i], eb[i]))
			}
			continue
		}
		out = append(out, fmt.Sprintf("%s %s and %s", k, va, vb))
	}
	return strings.Join(out, "; ")
}

// mergeMatch adds up the parts of a match.
func mergeMatch(parts []*mergePart) (any, []string, error) {
	var job *matchJobJSON
	var jobPart *mergePart
	var missing []string
	for _, p := range parts {
		s := p.summary
		if s == nil {
			if len(p.games) == 0 {
				missing = append(missing, p.name+" is empty (the run wrote nothing)")
			} else {
				missing = append(missing, fmt.Sprintf("%s has no summary: the run was cut short after %s", p.name, plural(len(p.games), "game")))
			}
			continue
		}
		if s.Job == nil {
			return nil, nil, fmt.Errorf("%s: the summary names no job (written by an older boardrepl?): run that part again", p.where(p.end))
		}
		if job == nil {
			job, jobPart = s.Job, p
		} else if err := sameJob(job, jobPart, s.Job, p); err != nil {
			return nil, nil, err
		}
		if s.Game != job.Game || s.P1 != job.P1 || s.P2 != job.P2 || s.Seed != job.Seed || s.Total != job.Games {
			return nil, nil, fmt.Errorf("%s: the summary's game, players, seed or total (%s, %s against %s, seed %d, %d games) are not its job's (%s, %s against %s, seed %d, %d games)",
				p.where(p.end), s.Game, s.P1, s.P2, s.Seed, s.Total, job.Game, job.P1, job.P2, job.Seed, job.Games)
		}
		if !s.Complete {
			missing = append(missing, fmt.Sprintf("%s: the run stopped early (\"complete\":false) with %s", p.name, plural(s.Games, "game")))
		}
	}
	if job == nil {
		return nil, nil, errors.New("no match summary in the files: every part was cut short before its summary, so nothing says which job their games are of")
	}
	cfg, err := jobConfig(job)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: job: %v", jobPart.where(jobPart.end), err)
	}
	n, absent, err := partShards(parts, func(p *mergePart) (string, bool) {
		if p.summary == nil {
			return "", false
		}
		return p.summary.Shard, true
	})
	if err != nil {
		return nil, nil, err
	}
	missing = append(missing, absent...)
	digest := jobDigest(job)
	sides := cfg.Info.Sides
	type placed struct {
		p    *mergePart
		line int
		g    matchGameJSON
		r    engine.GameResult
	}
	byGame := map[int]placed{}
	for _, p := range parts {
		var count engine.Summary
		for _, pg := range p.games {
			g, at := pg.g, p.where(pg.line)
			if g.Job != digest {
				return nil, nil, fmt.Errorf("%s: game %d is of another job (job %q; the summaries' is %q)", at, g.Game, g.Job, digest)
			}
			if err := checkGameLine(job, sides, g); err != nil {
				return nil, nil, fmt.Errorf("%s: game %d: %v", at, g.Game, err)
			}
			if p.summary != nil && !p.shard.hasPair(g.Game-1) {
				return nil, nil, fmt.Errorf("%s: game %d is not in shard %s (its pairs are those whose number, from 0, is %d modulo %d)", at, g.Game, p.shard, p.shard.k-1, n)
			}
			if q, ok := byGame[g.Game]; ok {
				if d := jsonDiff(gameIdentity(q.g), gameIdentity(g)); d != "" {
					return nil, nil, fmt.Errorf("game %d is in %s and %s, and they differ: %s", g.Game, q.p.where(q.line), at, d)
				}
				return nil, nil, fmt.Errorf("game %d is in %s and again in %s", g.Game, q.p.where(q.line), at)
			}
			r, err := replayGame(&cfg, claimOf(g, sides))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: game %d: %v", at, g.Game, err)
			}
			byGame[g.Game] = placed{p, pg.line, g, r}
			count.Add(r)
		}
		if s := p.summary; s != nil && (s.Games != count.Games || s.P1Wins != count.P1Wins || s.P2Wins != count.P2Wins || s.Draws != count.Draws || s.Adjudicated != count.Adjudicated) {
			return nil, nil, fmt.Errorf("%s: the summary counts %d games (p1 %d, p2 %d, draws %d, adjudicated %d), but the part's game lines are %d (p1 %d, p2 %d, draws %d, adjudicated %d)",
				p.where(p.end), s.Games, s.P1Wins, s.P2Wins, s.Draws, s.Adjudicated, count.Games, count.P1Wins, count.P2Wins, count.Draws, count.Adjudicated)
		}
	}
	idx := make([]int, 0, len(byGame))
	for i := range byGame {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	if gaps := missingGames(idx, job.Games); gaps != "" {
		missing = append(missing, gaps)
	}
	// The games in order: Summary pairs games 2k and 2k+1 (0-based) as it
	// meets them, whichever part played them.
	var sum engine.Summary
	var repeats engine.Repeats
	for _, i := range idx {
		sum.Add(byGame[i].r)
		repeats.Add(byGame[i].r)
	}
	out := summaryJSON(cfg, sides, sum, sum.Games-repeats.Count(), len(missing) == 0)
	out.Total, out.Job, out.Shards = job.Games, job, len(parts)
	return out, missing, nil
}

// jobConfig is the match a job describes, as far as replaying its games
// needs it.
func jobConfig(job *matchJobJSON) (engine.MatchConfig, error) {
	info, err := rules.Lookup(job.Game)
	if err != nil {
		return engine.MatchConfig{}, err
	}
	cfg := engine.MatchConfig{Info: info, Options: job.Options, Position: job.Position, P1: job.P1, P2: job.P2,
		Games: job.Games, Seed: job.Seed, MaxPlies: job.MaxPlies, Opening: job.Opening}
	switch {
	case job.Games < 1:
		return cfg, fmt.Errorf("games %d: want at least 1", job.Games)
	case job.MaxPlies < 1:
		return cfg, fmt.Errorf("max_plies %d: want at least 1", job.MaxPlies)
	}
	if _, err := info.NewGame(job.Options, job.Position); err != nil {
		return cfg, err
	}
	if job.TC != "inf" {
		if cfg.TC, err = engine.ParseTimeControl(job.TC); err != nil {
			return cfg, fmt.Errorf("tc %q: %v", job.TC, err)
		}
	}
	if job.Resign != "" {
		if cfg.Resign, err = engine.ParseResignRule(job.Resign); err != nil {
			return cfg, fmt.Errorf("resign %q: %v", job.Resign, err)
		}
	}
	if job.Draw != "" {
		if cfg.Draw, err = engine.ParseDrawRule(job.Draw); err != nil {
			return cfg, fmt.Errorf("draw %q: %v", job.Draw, err)
		}
	}
	return cfg, nil
}

// checkGameLine checks the fields of a game line against its job, before
// its moves are replayed.
func checkGameLine(job *matchJobJSON, sides [2]string, g matchGameJSON) error {
	switch {
	case g.Game < 1 || g.Game > job.Games:
		return fmt.Errorf("not a game of a match of %d games", job.Games)
	case g.P1 != job.P1 || g.P2 != job.P2:
		return fmt.Errorf("p1 %q and p2 %q, but the job's players are %q and %q", g.P1, g.P2, job.P1, job.P2)
	case g.Plies != len(g.Moves):
		return fmt.Errorf("plies %d, but %d moves", g.Plies, len(g.Moves))
	case g.Plies > job.MaxPlies+1: // a forced pass may follow the last move
		return fmt.Errorf("plies %d: more than the move cap of %d plies lets a game have", g.Plies, job.MaxPlies)
	case g.P1Side != sides[(g.Game-1)%2]:
		return fmt.Errorf("p1_side %q, but in game %d p1 has %s (p1 moves first in the odd games)", g.P1Side, g.Game, sides[(g.Game-1)%2])
	case g.WinnerSide != "" && g.WinnerSide != sides[0] && g.WinnerSide != sides[1]:
		return fmt.Errorf("winner_side %q: not a side of %s", g.WinnerSide, job.Game)
	case g.Winner != "p1" && g.Winner != "p2" && g.Winner != "draw":
		return fmt.Errorf("winner %q: want p1, p2 or draw", g.Winner)
	case job.Openings == nil && g.Opening != "":
		return fmt.Errorf("opening %q, but the job has no book", g.Opening)
	case job.Openings != nil && g.Opening == "":
		return fmt.Errorf("no opening, but the job plays from a book")
	case job.Openings == nil && g.Start != job.Position:
		return fmt.Errorf("start %q, but the job's games start from %q", g.Start, job.Position)
	}
	if e, ok := parseEnding(g.Ending); !ok || g.Ending != "" && e == engine.EndRules {
		return fmt.Errorf("ending %q: want move cap, resign, draw, time or none", g.Ending)
	}
	return nil
}

// claimOf is what a game line says of its game.
func claimOf(g matchGameJSON, sides [2]string) claimedGame {
	c := claimedGame{index: g.Game - 1, start: g.Start, moves: g.Moves, winner: g.Winner, winnerSide: -1,
		result: g.Result, reason: g.Reason, score: g.Score, adjudicated: g.Adjudicated, fields: jsonFields}
	if g.P1Side == sides[1] {
		c.p1Side = 1
	}
	switch g.WinnerSide {
	case sides[0]:
		c.winnerSide = 0
	case sides[1]:
		c.winnerSide = 1
	}
	c.end, _ = parseEnding(g.Ending)
	return c
}

// gameIdentity is a game line without what differs between two honest
// copies of one game (a resumed one says so).
func gameIdentity(g matchGameJSON) matchGameJSON {
	g.Resumed = false
	return g
}

// plural says "1 game", "3 games".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// missingGames says which of the games 1..total are not in idx (sorted,
// each once): "10 games of 40 are missing (7-8, 15-16, ...)", "" when
// none is. It walks the gaps, not the numbers (a forged total may be
// huge).
func missingGames(idx []int, total int) string {
	var ranges []string
	count := 0
	gap := func(from, to int) {
		if from > to {
			return
		}
		count += to - from + 1
		switch {
		case len(ranges) == 5:
			ranges = append(ranges, "...")
		case len(ranges) > 5:
		case from == to:
			ranges = append(ranges, strconv.Itoa(from))
		default:
			ranges = append(ranges, fmt.Sprintf("%d-%d", from, to))
		}
	}
	prev := 0
	for _, i := range idx {
		gap(prev+1, i-1)
		prev = i
	}
	gap(prev+1, total)
	switch count {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("game %s of %d is missing", ranges[0], total)
	}
	return fmt.Sprintf("%d games of %d are missing (%s)", count, total, strings.Join(ranges, ", "))
}

// mergeAnalyses adds up the totals of the parts of an analysis.
func mergeAnalyses(parts []*mergePart) (any, []string, error) {
	var job *analyseJobJSON
	var jobPart *mergePart
	var missing []string
	out := &analyseTotalsJSON{Totals: true, Shards: len(parts)}
	for _, p := range parts {
		t := p.totals
		if t == nil {
			if p.analysed {
				missing = append(missing, p.name+" has no totals line: the run was cut short or stopped early")
			} else {
				missing = append(missing, p.name+" is empty (the run wrote nothing)")
			}
			continue
		}
		at := p.where(p.end)
		if t.Job == nil {
			return nil, nil, fmt.Errorf("%s: the totals name no job (written by an older boardrepl?): run that part again", at)
		}
		if job == nil {
			job, jobPart = t.Job, p
		} else if err := sameJob(job, jobPart, t.Job, p); err != nil {
			return nil, nil, err
		}
		for _, v := range []struct {
			name string
			n    int
		}{{"records", t.Records}, {"positions", t.Positions}, {"dubious", t.Dubious}, {"blunders", t.Blunders}, {"skip", t.Skip}} {
			if v.n < 0 {
				return nil, nil, fmt.Errorf("%s: %s %d: a count cannot be negative", at, v.name, v.n)
			}
		}
		if t.Records > t.Positions || t.Dubious+t.Blunders > t.Positions {
			return nil, nil, fmt.Errorf("%s: %d records and %d marked moves in %d positions: more than the positions hold", at, t.Records, t.Dubious+t.Blunders, t.Positions)
		}
		if t.Skip > 0 {
			missing = append(missing, fmt.Sprintf("%s: the run was resumed with --skip %d: its dubious and blunders leave out those of the positions skipped", p.name, t.Skip))
		} else if p.records != t.Records || p.positions != t.Positions || p.dubious != t.Dubious || p.blunders != t.Blunders {
			return nil, nil, fmt.Errorf("%s: the totals count %d records, %d positions, %d ?, %d ??, but the part's lines %d, %d, %d, %d",
				at, t.Records, t.Positions, t.Dubious, t.Blunders, p.records, p.positions, p.dubious, p.blunders)
		}
		out.Records += t.Records
		out.Positions += t.Positions
		out.Dubious += t.Dubious
		out.Blunders += t.Blunders
	}
	if job == nil {
		return nil, nil, errors.New("no analysis totals in the files: every part was cut short before its totals")
	}
	_, absent, err := partShards(parts, func(p *mergePart) (string, bool) {
		if p.totals == nil {
			return "", false
		}
		return p.totals.Shard, true
	})
	if err != nil {
		return nil, nil, err
	}
	missing = append(missing, absent...)
	complete := len(missing) == 0
	out.Job, out.Complete = job, &complete
	return out, missing, nil
}
