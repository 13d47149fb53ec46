package uxi

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
)

// boundedSearch is boardrepl's engine with a small table and every search
// cut to depth 3, 5000 nodes and 50 ms, whatever the go line asked.
func boundedSearch(hashMB, threads int) searcher.Func {
	s := searcher.Engine(1<<10, min(threads, 2))
	return func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
		if lim.Depth > 3 {
			lim.Depth = 3
		}
		if lim.Nodes <= 0 || lim.Nodes > 5000 {
			lim.Nodes = 5000
		}
		if lim.Time <= 0 || lim.Time > 50*time.Millisecond {
			lim.Time = 50 * time.Millisecond
		}
		ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		return s(ctx, g, lim, info)
	}
}

// FuzzCommands: any session (one command a line), in either dialect, runs
// to its end without panicking; every search answers with one bestmove.
// Perft depths above 2 are cut to 2 to keep each run short.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"uai\nisready\nsetoption name Hash value 32\nsetoption name Colour value red\nuainewgame\nisready\nquit\nisready\n",
		"position startpos moves f2 b6\ngo depth 2\nd\n",
		"position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1 moves a2\nperft 2\ngo movetime 10\n",
		"position fen 7/7/7/7/---4/---4/x--3o x 0 1\ngo btime 100 wtime 100 binc 10 winc 10 movestogo 3\nstop\n",
		"position fen xxxoooo/-------/-------/7/7/7/7 x 100 1\ngo\nd\n",
		"go infinite\nisready\nstop\ngo nodes 10\ngo movetime -5\ngo depth -1\ngo btime 9223372036854775807\n",
		"position fen\nposition fen x5o/7 x moves\nposition startpos moves h9\nposition whatever\ngo depth\ngo depth x\ngo foo 1\n",
		"setoption name Threads value 65\nsetoption name Hash value 0\nsetoption value 3\nperft 0\nperft 99\nperft\n",
		"\x00\xff\n\t \r\n",
		"ugi\nuginewgame\nposition startpos moves f2\nquery p1turn\nquery gameover\nquery result\ngo p1time 100 p2time 100 p1inc 10 p2inc 10\n",
		"position fen x6/7/7/7/7/7/7 o 0 1\nquery result\nquery\nquery p2turn x\ngo wtime 50 btime 50 movestogo 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			if fl := strings.Fields(l); len(fl) == 2 && fl[0] == "perft" {
				if n, err := strconv.Atoi(fl[1]); err == nil && n > 2 {
					l = "perft 2"
				}
			}
			lines = append(lines, l)
		}
		for _, d := range []*Dialect{UAI, UGI} {
			var out strings.Builder
			e := New(&out, Config{Dialect: d, NewSearch: boundedSearch, Overhead: time.Millisecond})
			if err := e.Run(context.Background(), strings.NewReader(strings.Join(lines, "\n"))); err != nil && err.Error() == "" {
				t.Fatalf("%s %q: empty error", d.Name, s)
			}
			if e.done != nil {
				t.Fatalf("%s %q: a search is still running after Run", d.Name, s)
			}
			got := out.String()
			starts := strings.Count(got, "bestmove ")
			if starts > strings.Count(s, "go") {
				t.Fatalf("%s %q: %d bestmoves:\n%s", d.Name, s, starts, got)
			}
		}
	})
}
