package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/openings"
)

var openingsCmd = &Command{
	Name:    "openings",
	Args:    -1, // the files (checked by the handler)
	Summary: "the opening tree of a collection of games, like an opening explorer; openings files and books from it",
	Usage: `usage: boardrepl openings [-g GAME] [-o KEY=VALUE]... [--plies N] [--depth D]
                          [-j N] [--shard K/N] [--min-games N] [--json]
                          [--write-openings FILE [--band N]] [--write-book FILE]
                          [--force] FILE...

Builds the tree of the positions of the first N plies of the games in the
files (FILE "-" is stdin): boardrepl's records and move lists, Ataxx PGN
(cutechess, cuteataxx), OGN, the Tablut challenge server's game logs, any
number of games a file, and trees this command wrote with --json (added
whole). A position reached by several move orders is one position: it is
known by the game's hash (the board and the side to move; Ataxx's move
clocks left out). For every position it prints the moves played there, as
an opening explorer shows them: the games that played the move and their
share, how they ended (the first side's wins, draws, the second side's
wins), the mover's score over the finished games (a win 1, a draw 1/2),
their average length in plies and, with --depth, the engine's score of the
position after the move from the mover's view:
  ply 0: x5o/7/7/7/7/7/oo3xx x 0 2, red to move, 2 games (red 50%, draws 0%, blue 50%)
    move games         red draws  blue   score  length
    e1       1  50%     0%    0%  100%      0%    61.0
    e2       1  50%   100%    0%    0%    100%    66.0
A game counts at a position and a move once, even when it comes back to it.
Its result is the one the rules give at its end, else its record's (a
resignation, an adjudication); a game without one is unfinished. The files
are read one game at a time: the memory taken is the tree's, whatever the
number of games. A record that cannot be added (an illegal move, a result
its moves contradict, another game than the tree's) is reported on stderr
with its file and line and left out; the exit status is then 1.

  -g GAME        the game, for move lists without tags (by default the
                 first record's game: every record must be of one game)
  -o KEY=VALUE   a game option, with -g (repeatable)
  --plies N      the plies of each game in the tree (default 10, or the
                 plies of a tree given first)
  --depth D      score every position with the engine's playing search to
                 depth D, a fresh table for each, so that the scores depend
                 on the position alone (not on -j nor on shards)
  -j N           games replayed, and positions searched, at once (default 1);
                 results do not depend on it
  --shard K/N    only the games whose number, from 0 over all the files in
                 order, is K-1 modulo N; 'boardrepl merge' adds up the --json
                 output of the parts (see docs/openings.md)
  --min-games N  print, and export, only the positions at least N games
                 reached (and, in a book, the moves N games played); default 1
  --json         one object per position, in the order of the text: {"key",
                 "position","ply","side","games","wins","draws","losses",
                 "unfinished","score","side_wins","plies","avg_plies",
                 "starts","eval","moves":[{"move","to",...}]} (wins, draws,
                 losses and score from the side to move's view, score in %;
                 eval {"depth","score"|"mate"|"margin","score_text"}), then
                 {"openings":true,"game","options","plies","depth","key",
                 "games","refused","positions","shard","job"} ("job": the
                 game, options, plies, depth and the files with their
                 SHA-256, which merge compares); every position, whatever
                 --min-games
  --write-openings FILE  write the balanced openings in FILE, as match
                 --openings reads them: the positions that end the tree's
                 lines (first reached at ply N) that the engine scores within
                 --band of an even game, one position string a line, the
                 most played first (needs the engine's scores: --depth, or
                 a tree built with it)
  --band N       the band of --write-openings, in evaluation units (100 is
                 about a piece or a seed; default 100)
  --write-book FILE  write an opening book in FILE, for ab:book=FILE: for
                 every position, the move that scored best for its mover
                 (of two that scored alike, the more played, then the one
                 the engine scores higher), as position;move;score;depth
                 (score and depth with --depth) or position;move lines
  --force        let --write-openings and --write-book replace their FILE

  boardrepl openings --plies 8 games.pgn
  boardrepl openings -g ataxx --plies 4 --depth 6 -j 2 --write-openings fair.txt --band 50 *.pgn
  boardrepl match -g ataxx --p1 ab:nodes=20000,book=book.txt --p2 ab:nodes=20000 --games 100 --seed 1
`,
}

func init() { openingsCmd.Run = runOpenings }

// treeJobJSON is the identity of an openings job: everything its tree
// depends on, the same in every shard of it.
type treeJobJSON struct {
	Game    string     `json:"game"`
	Options []string   `json:"options"`
	Plies   int        `json:"plies"`
	Depth   int        `json:"depth,omitempty"`
	Files   []fileJSON `json:"files"`
}

// hashedFile is an input file whose SHA-256 is taken as it is read.
type hashedFile struct {
	r io.Reader
	c io.Closer
	h hash.Hash
}

func (f *hashedFile) Read(b []byte) (int, error) {
	n, err := f.r.Read(b)
	f.h.Write(b[:n])
	return n, err
}

func (f *hashedFile) Close() error {
	if f.c != nil {
		return f.c.Close()
	}
	return nil
}

func runOpenings(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := openingsCmd
	fs := newFlagSet(c)
	var game string
	var opts rules.OptionFlags
	fs.StringVar(&game, "g", "", "the game")
	fs.Var(&opts, "o", "a game option KEY=VALUE (repeatable)")
	plies := fs.Int("plies", openings.DefaultPlies, "plies of each game")
	depth := fs.Int("depth", 0, "engine search depth of the scores")
	jobs := fs.Int("j", 1, "games and positions at once")
	minGames := fs.Int("min-games", 1, "positions at least N games reached")
	asJSON := fs.Bool("json", false, "one JSON object per position")
	writeOpenings := fs.String("write-openings", "", "write the balanced openings in FILE")
	band := fs.Int("band", 100, "the band of --write-openings")
	writeBook := fs.String("write-book", "", "write an opening book in FILE")
	force := fs.Bool("force", false, "replace the files written")
	var part shard
	fs.Var(&part, "shard", "only part K of N of the games")
	if status, done := c.Parse(fs, args, stdout, stderr); done {
		return status
	}
	files := fs.Args()
	pliesGiven := false
	fs.Visit(func(f *flag.Flag) { pliesGiven = pliesGiven || f.Name == "plies" })
	switch {
	case len(files) == 0:
		return fail(stderr, c.Name, usagef("no FILE to read"))
	case *plies < 0 || *plies >= engine.MaxPly:
		return fail(stderr, c.Name, usagef("--plies %d: want 0 to %d", *plies, engine.MaxPly-1))
	case *depth < 0 || *depth >= engine.MaxPly:
		return fail(stderr, c.Name, usagef("--depth %d: want 0 to %d", *depth, engine.MaxPly-1))
	case *jobs < 1 || *minGames < 1:
		return fail(stderr, c.Name, usagef("-j and --min-games want at least 1"))
	case *band < 0:
		return fail(stderr, c.Name, usagef("--band %d cannot be negative", *band))
	case (*writeOpenings != "" || *writeBook != "") && part.n > 0:
		return fail(stderr, c.Name, usagef("--write-openings and --write-book want the whole tree: not with --shard (merge the parts, then give the merged tree to openings)"))
	case *force && *writeOpenings == "" && *writeBook == "":
		return fail(stderr, c.Name, usagef("--force lets --write-openings and --write-book replace their FILE: give one"))
	case len(opts) > 0 && game == "":
		return fail(stderr, c.Name, usagef("-o needs -g GAME"))
	}
	var info *rules.Info
	if game != "" {
		var err error
		if info, err = rules.Lookup(game); err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
		if _, err := info.ParseOptions(opts); err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
	}
	for _, f := range []string{*writeOpenings, *writeBook} {
		if f == "" || *force {
			continue
		}
		if _, err := os.Lstat(f); err == nil {
			return fail(stderr, c.Name, fmt.Errorf("%s: the file exists (--force replaces it)", f))
		}
	}
	stdinUsed := false
	var hashed []*hashedFile
	var srcs []openings.Source
	for _, f := range files {
		if f == "-" {
			if stdinUsed {
				return fail(stderr, c.Name, usagef("stdin (-) given twice"))
			}
			stdinUsed = true
		}
		hf := &hashedFile{h: sha256.New()}
		hashed = append(hashed, hf)
		srcs = append(srcs, openings.Source{Name: f, Open: func() (io.ReadCloser, error) {
			if f == "-" {
				hf.r = textfile.NewReader(stdin)
				return hf, nil
			}
			fh, err := textfile.OpenArg(f)
			if err != nil {
				return nil, err
			}
			hf.r, hf.c = textfile.NewReader(fh), fh
			return hf, nil
		}})
	}

	ctx, stop := interruptContext()
	defer stop()
	status := ExitOK
	if !pliesGiven {
		*plies = -1 // a tree's in the input, else the default
	}
	bo := openings.BuildOptions{Info: info, Options: opts, Plies: *plies, Jobs: *jobs,
		Refused: func(err error) {
			fmt.Fprintf(stderr, "boardrepl openings: %v\n", err)
			status = ExitFail
		}}
	if part.n > 0 {
		bo.Keep = part.has
	}
	t, err := openings.Build(ctx, srcs, bo)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "boardrepl openings: interrupted: nothing written")
			return ExitFail
		}
		return fail(stderr, c.Name, err)
	}
	if *depth > 0 {
		bar := newProgress(stderr, "openings: scoring", t.Len())
		err := t.Evaluate(ctx, *depth, *jobs, func(done, _ int) { bar.set(done) })
		bar.finish()
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintln(stderr, "boardrepl openings: interrupted: nothing written")
				return ExitFail
			}
			return fail(stderr, c.Name, err)
		}
	}
	job := &treeJobJSON{Game: t.Info.ID, Options: append([]string{}, t.Options...), Plies: t.Plies, Depth: t.Depth}
	for i, f := range files {
		job.Files = append(job.Files, fileJSON{Name: f, SHA256: hex.EncodeToString(hashed[i].h.Sum(nil))})
	}
	if err := exportTree(t, *writeOpenings, *writeBook, *band, *minGames, *force, stderr); err != nil {
		fmt.Fprintf(stderr, "boardrepl openings: %v\n", err)
		status = ExitFail
	}
	if *asJSON {
		sum := t.Summary()
		sum.Job, _ = json.Marshal(job)
		if part.n > 0 {
			sum.Shard = part.String()
		}
		if err := t.WriteJSON(stdout, sum); err != nil {
			return fail(stderr, c.Name, err)
		}
		return status
	}
	if part.n > 0 {
		fmt.Fprintf(stdout, "shard %s of the games\n", part)
	}
	t.WriteText(stdout, *minGames)
	return status
}

// exportTree writes the openings file and the book asked for.
func exportTree(t *openings.Tree, openingsFile, bookFile string, band, minGames int, force bool, stderr io.Writer) error {
	heading := fmt.Sprintf("boardrepl openings: %s", t.Heading())
	if len(t.Options) > 0 {
		heading += fmt.Sprintf("\nplay them with -g %s -o %s", t.Info.ID, strings.Join(t.Options, " -o "))
	}
	if openingsFile != "" {
		nodes, err := t.Balanced(band, minGames)
		if err != nil {
			return fmt.Errorf("--write-openings %s: %v", openingsFile, err)
		}
		if len(nodes) == 0 {
			return fmt.Errorf("--write-openings %s: no position of ply %d reached by %d games or more is scored within %d: nothing written", openingsFile, t.Plies, minGames, band)
		}
		h := fmt.Sprintf("%s\nthe %s of ply %d%s that the engine scores within %d of an even game at depth %d, the most played first",
			heading, plural(len(nodes), "position"), t.Plies, atLeast(minGames, " reached by"), band, t.Depth)
		err = atomicfile.WriteFrom(openingsFile, force, func(w io.Writer) error { return openings.WriteOpenings(w, h, nodes) })
		if err != nil {
			return fmt.Errorf("--write-openings: %v", err)
		}
		fmt.Fprintf(stderr, "openings: %s written in %s\n", plural(len(nodes), "balanced opening"), openingsFile)
	}
	if bookFile != "" {
		entries := t.Book(minGames)
		if len(entries) == 0 {
			return fmt.Errorf("--write-book %s: no position with a move %d games or more played to a result: nothing written", bookFile, minGames)
		}
		h := fmt.Sprintf("%s\nfor each position%s, the move%s that scored best for its mover: position;move",
			heading, atLeast(minGames, " reached by"), atLeast(minGames, " played in"))
		if t.Depth > 0 {
			h += fmt.Sprintf(";score;depth (the engine's score of the position after the move, mover's view, at depth %d)", t.Depth)
		}
		err := atomicfile.WriteFrom(bookFile, force, func(w io.Writer) error { return openings.WriteBook(w, h, entries) })
		if err != nil {
			return fmt.Errorf("--write-book: %v", err)
		}
		fmt.Fprintf(stderr, "openings: a book of %s written in %s\n", plural(len(entries), "position"), bookFile)
	}
	return nil
}

// atLeast says " reached by 3 games or more" (what, then the count), or
// nothing for a count of 1.
func atLeast(n int, what string) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf("%s %d games or more", what, n)
}

// lineWriter is a result of merge printed as several lines (an opening
// tree) rather than one JSON object.
type lineWriter interface{ writeLines(io.Writer) error }

// mergedTree is the tree of a merged openings job, with its summary.
type mergedTree struct {
	t   *openings.Tree
	sum openings.Summary
}

func (m *mergedTree) writeLines(w io.Writer) error { return m.t.WriteJSON(w, m.sum) }

// mergeTrees adds up the trees of the parts of an openings job.
func mergeTrees(parts []*mergePart) (any, []string, error) {
	var job json.RawMessage
	var jobPart *mergePart
	var merged *openings.Tree
	var missing []string
	shards := map[*mergePart]string{}
	for _, p := range parts {
		if p.tree == nil {
			missing = append(missing, p.name+" is empty (the run wrote nothing)")
			continue
		}
		t, s, end, err := p.tree.Tree()
		if errors.Is(err, openings.ErrNoSummary) {
			missing = append(missing, fmt.Sprintf("%s has no summary: the run was cut short after %s", p.name, plural(p.tree.Positions(), "position")))
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		p.end = end
		at := p.where(end)
		if s.Job == nil {
			return nil, nil, fmt.Errorf("%s: the summary names no job: run that part again", at)
		}
		var j treeJobJSON
		if err := json.Unmarshal(s.Job, &j); err != nil {
			return nil, nil, fmt.Errorf("%s: job: %v", at, err)
		}
		if j.Game != t.Info.ID || strings.Join(j.Options, " ") != strings.Join(t.Options, " ") || j.Plies != t.Plies || j.Depth != t.Depth {
			return nil, nil, fmt.Errorf("%s: the tree is of %s, %d plies, depth %d, but its job's of %s, %d plies, depth %d",
				at, t.Describe(), t.Plies, t.Depth, strings.Join(append([]string{j.Game}, j.Options...), " "), j.Plies, j.Depth)
		}
		if job == nil {
			job, jobPart, merged = s.Job, p, t
		} else if err := sameJob(job, jobPart, s.Job, p); err != nil {
			return nil, nil, err
		} else if err := merged.Merge(t); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", at, err)
		}
		shards[p] = s.Shard
	}
	if merged == nil {
		return nil, nil, errors.New("no tree summary in the files: every part was cut short before its summary")
	}
	_, absent, err := partShards(parts, func(p *mergePart) (string, bool) {
		s, ok := shards[p]
		return s, ok
	})
	if err != nil {
		return nil, nil, err
	}
	missing = append(missing, absent...)
	complete := len(missing) == 0
	sum := merged.Summary()
	sum.Job, sum.Complete, sum.Shards = job, &complete, len(parts)
	return &mergedTree{merged, sum}, missing, nil
}
