package batch

import (
	"flag"
	"fmt"
	"io"
	"time"

	"boardrepl/rules"
)

var perftCmd = &Command{
	Name:    "perft",
	Summary: "count the leaves of the legal move tree (move generator check)",
	Usage: `usage: boardrepl perft -g GAME [-o KEY=VALUE]... [-p POSITION] -d N [--divide] [-t N] [--json]

Counts the positions reachable in exactly 1..N moves and prints one line per
depth:  depth D nodes X time MS nps Y (MS: milliseconds)
A finished game has no moves; a forced pass counts as a move.

  -d N       the depth (required)
  --divide   first print one line per root move: MOVE NODES (perft N-1 below it)
  -t N       threads: split the root moves over N goroutines (default 1)
  --json     one object per line: {"depth","nodes","time_ms","nps"}, divide
             lines as {"move","nodes"}

Ctrl-C (SIGINT) or SIGTERM stops it cleanly: the depths already printed
stand, "perft: interrupted at depth D (depths 1-N done)" goes to stderr and
the exit status is 1. When SIGINT is ignored (a background job, nohup ...),
it stays ignored and SIGTERM still works.
`,
}

func runPerft(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := perftCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	depth := fs.Int("d", -1, "")
	divide := fs.Bool("divide", false, "")
	threads := fs.Int("t", 1, "")
	if help, err := parseFlags(c, fs, args, stdout); help || err != nil {
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		return ExitOK
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "d" })
	if !set {
		return fail(stderr, c.Name, usagef("missing -d N, the depth (a number >= 0)"))
	}
	if *depth < 0 {
		return fail(stderr, c.Name, usagef("-d %d: the depth is a number >= 0", *depth))
	}
	if *depth > 64 {
		return fail(stderr, c.Name, usagef("-d %d: depth too large (at most 64)", *depth))
	}
	if *threads < 1 || *threads > 256 {
		return fail(stderr, c.Name, usagef("-t %d: want 1..256 threads", *threads))
	}
	if *divide && *depth < 1 {
		return fail(stderr, c.Name, usagef("--divide needs -d 1 or more"))
	}
	g, err := gf.open(c.Name, stderr)
	if err != nil {
		return fail(stderr, c.Name, err)
	}
	line := func(d int, nodes uint64, el time.Duration) {
		secs := el.Seconds()
		nps := uint64(0)
		if secs > 0 {
			nps = uint64(float64(nodes) / secs)
		}
		if gf.json {
			writeJSON(stdout, struct {
				Depth int    `json:"depth"`
				Nodes uint64 `json:"nodes"`
				Time  int64  `json:"time_ms"`
				NPS   uint64 `json:"nps"`
			}{d, nodes, el.Milliseconds(), nps})
			return
		}
		fmt.Fprintf(stdout, "depth %d nodes %d time %d nps %d\n", d, nodes, el.Milliseconds(), nps)
	}
	if *depth == 0 {
		line(0, 1, 0)
		return ExitOK
	}
	ctx, stop := interruptContext()
	defer stop()
	interrupted := func(d int) int {
		fmt.Fprintf(stderr, "perft: interrupted at depth %d (%s done)\n", d, depthsDone(d-1))
		return ExitFail
	}
	var divided []rules.DivideEntry
	var divTime time.Duration
	if *divide {
		start := time.Now()
		divided, err = rules.DivideContext(ctx, g, *depth, *threads)
		if err != nil {
			return interrupted(1)
		}
		divTime = time.Since(start)
		for _, e := range divided {
			if gf.json {
				writeJSON(stdout, struct {
					Move  string `json:"move"`
					Nodes uint64 `json:"nodes"`
				}{e.Move, e.Nodes})
			} else {
				fmt.Fprintf(stdout, "%s %d\n", e.Move, e.Nodes)
			}
		}
	}
	for d := 1; d <= *depth; d++ {
		if divided != nil && d == *depth {
			var n uint64
			for _, e := range divided {
				n += e.Nodes
			}
			line(d, n, divTime)
			break
		}
		start := time.Now()
		n, err := rules.ParallelPerftContext(ctx, g, d, *threads)
		if err != nil {
			return interrupted(d)
		}
		line(d, n, time.Since(start))
	}
	return ExitOK
}

// depthsDone says which depths were printed before an interruption.
func depthsDone(last int) string {
	switch last {
	case 0:
		return "no depth"
	case 1:
		return "depth 1"
	}
	return fmt.Sprintf("depths 1-%d", last)
}
