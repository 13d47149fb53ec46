package batch

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"boardrepl/internal/command"
	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// shard is a part K of N of a job (--shard K/N): the units (a game of a
// match, a record or a position line of an analysis) whose 0-based number
// is K-1 modulo N. The zero value is the whole job.
type shard struct{ k, n int }

func (s shard) String() string { return fmt.Sprintf("%d/%d", s.k, s.n) }

// has reports whether unit i belongs to the shard.
func (s shard) has(i int) bool { return s.n == 0 || i%s.n == s.k-1 }

// hasPair reports whether game i of a match belongs to the shard: the
// units of a match are its pairs of games (2k and 2k+1, which share their
// opening), so that a shard plays whole pairs, as many games with each
// colour, and counts its pairs' pentanomial statistics itself.
func (s shard) hasPair(i int) bool { return s.has(i / 2) }

// Set reads "K/N" (flag.Value).
func (s *shard) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return fmt.Errorf("want K/N with 1 <= K <= N, such as 3/8 (got %q)", v)
	}
	s.k, s.n = k, n
	return nil
}

var mergeCmd = &Command{
	Name:    "merge",
	Summary: "merge the --json output of sharded analyse or match runs into one result",
	Usage: `usage: boardrepl merge FILE...

Reads the --json output of the shards of one job (FILE "-" is stdin) and
prints the merged result as one JSON object:
  - match: the games of every shard ({"game":N,...} lines), each counted once,
    give the summary an unsharded run prints ({"summary":true,"games",
    "p1_wins","p2_wins","draws","adjudicated","avg_plies","side_wins",
    "p1_score","elo","elo_margin","los","pentanomial",...,"complete"},
    "shards" added); the pairs (games 2k-1 and 2k) are counted from the
    games, wherever they were played; complete when every game 1..N of the
    match is there;
  - analyse: the totals lines ({"totals":true,"records","positions",
    "dubious","blunders"}) are added up ({"totals":true,...,"shards"}).
Every shard must run the same job: the same game, players, seed and
number of games (match), the same files and limits (analyse).

A job split over a cluster (see docs/batch.md: a Slurm job array, a Kubernetes
Indexed Job) runs shard K of N on each node:
  boardrepl match -g ataxx --p1 ab:depth=3 --p2 random --games 1000 --seed 7 \
      --shard $((SLURM_ARRAY_TASK_ID+1))/8 --json > match-$SLURM_ARRAY_TASK_ID.jsonl
  boardrepl merge match-*.jsonl
`,
}

func runMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := mergeCmd
	fs := newFlagSet(c)
	if err := fs.Parse(command.Interspersed(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, c.Usage)
			return ExitOK
		}
		return fail(stderr, c.Name, usagef("%v", err))
	}
	if fs.NArg() == 0 {
		return fail(stderr, c.Name, usagef("no FILE to merge"))
	}
	var m merger
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
		if err := m.read(f, r); err != nil {
			return fail(stderr, c.Name, err)
		}
	}
	out, err := m.result()
	if err != nil {
		return fail(stderr, c.Name, err)
	}
	writeJSON(stdout, out)
	return ExitOK
}

// merger gathers the lines of the shards.
type merger struct {
	files    int
	match    *matchSummaryJSON // the first match summary: the job
	games    map[int]matchGameJSON
	totals   *analyseTotalsJSON
	analyses int
}

// analyseTotalsJSON is the last line of analyse --json.
type analyseTotalsJSON struct {
	Totals    bool   `json:"totals"`
	Shard     string `json:"shard,omitempty"`
	Records   int    `json:"records"`
	Positions int    `json:"positions"`
	Dubious   int    `json:"dubious"`
	Blunders  int    `json:"blunders"`
	Shards    int    `json:"shards,omitempty"`
}

func (m *merger) read(name string, r io.Reader) error {
	m.files++
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
			return fmt.Errorf("%s:%d: not a JSON object: %v", name, ln, err)
		}
		switch {
		case probe["totals"] != nil:
			var t analyseTotalsJSON
			if err := json.Unmarshal([]byte(line), &t); err != nil {
				return fmt.Errorf("%s:%d: %v", name, ln, err)
			}
			if m.totals == nil {
				m.totals = &analyseTotalsJSON{Totals: true}
			}
			m.totals.Records += t.Records
			m.totals.Positions += t.Positions
			m.totals.Dubious += t.Dubious
			m.totals.Blunders += t.Blunders
			m.analyses++
		case probe["summary"] != nil && probe["p1"] != nil:
			var s matchSummaryJSON
			if err := json.Unmarshal([]byte(line), &s); err != nil {
				return fmt.Errorf("%s:%d: %v", name, ln, err)
			}
			if m.match == nil {
				m.match = &s
			} else if s.Game != m.match.Game || s.P1 != m.match.P1 || s.P2 != m.match.P2 || s.Seed != m.match.Seed {
				return fmt.Errorf("%s:%d: a match of %s, %s against %s, seed %d: not the match of the other shards (%s, %s against %s, seed %d)",
					name, ln, s.Game, s.P1, s.P2, s.Seed, m.match.Game, m.match.P1, m.match.P2, m.match.Seed)
			}
			if s.Total != 0 && m.match.Total != s.Total {
				return fmt.Errorf("%s:%d: a match of %d games, the other shards %d", name, ln, s.Total, m.match.Total)
			}
		case probe["game"] != nil && probe["p1"] != nil:
			var g matchGameJSON
			if err := json.Unmarshal([]byte(line), &g); err != nil {
				return fmt.Errorf("%s:%d: %v", name, ln, err)
			}
			if m.games == nil {
				m.games = map[int]matchGameJSON{}
			}
			m.games[g.Game] = g
		}
	}
	return sc.Err()
}

func (m *merger) result() (any, error) {
	switch {
	case m.match != nil && m.totals != nil:
		return nil, errors.New("the files mix a match and an analysis")
	case m.totals != nil:
		m.totals.Shards = m.analyses
		return m.totals, nil
	case m.match == nil:
		return nil, errors.New("no match summary or analysis totals in the files (were they written with --json?)")
	}
	info, err := rules.Lookup(m.match.Game)
	if err != nil {
		return nil, err
	}
	sides := info.Sides
	idx := make([]int, 0, len(m.games))
	for i := range m.games {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	// The games in order: Summary pairs games 2k and 2k+1 (0-based) as it
	// meets them, whichever shards played them.
	var sum engine.Summary
	var repeats engine.Repeats
	for _, i := range idx {
		g := m.games[i]
		r := engine.GameResult{Index: i - 1, Plies: g.Plies, Adjudicated: g.Adjudicated, WinnerSide: -1, Start: g.Start, Moves: g.Moves}
		for e, n := range engine.Endings {
			if n != "" && g.Ending == n {
				r.End = engine.Ending(e)
			}
		}
		if g.P1Side == sides[1] {
			r.P1Side = 1
		}
		switch g.Winner {
		case "p1":
			r.Winner = 1
		case "p2":
			r.Winner = 2
		}
		switch g.WinnerSide {
		case sides[0]:
			r.WinnerSide = 0
		case sides[1]:
			r.WinnerSide = 1
		}
		sum.Add(r)
		repeats.Add(r)
	}
	cfg := engine.MatchConfig{Info: info, P1: m.match.P1, P2: m.match.P2, Seed: m.match.Seed}
	complete := m.match.Total > 0 && len(idx) == m.match.Total && idx[0] == 1 && idx[len(idx)-1] == m.match.Total
	out := summaryJSON(cfg, sides, sum, sum.Games-repeats.Count(), complete)
	out.Total = m.match.Total
	out.Shards = m.files
	return out, nil
}
