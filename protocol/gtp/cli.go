package gtp

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"boardrepl/internal/command"
	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/konobi"
)

const usageHead = `usage: boardrepl gtp [-g konobi] [-o size=N] [--coords go|hex] [--no-swap]
         [--depth N] [--nodes N] [--movetime MS] [--hash MB] [--threads N]
         [--player ab|random|first] [--seed N]

Runs boardrepl as a Konobi engine speaking the Go Text Protocol, version 2,
on stdin and stdout, for GTP controllers: gogui (its board, and gogui-twogtp
for matches), HexGUI, GNU Go's match scripts. A command is a line
"[id] name [arguments]"; the answer is "=[id] text" or "?[id] error", then
an empty line. '#' starts a comment.

Colours are the stones': b (black, places first, joins top and bottom) and
w (white, joins left and right). A vertex is a point (D4), pass (allowed
only when forced; the engine plays a forced pass at once, and still takes
'play w pass' or answers 'genmove w' with pass afterwards), or swap (the
pie rule, on White's first turn: the players exchange colours and the stone
stays black, so the next stone placed is white; also read as swap-sides,
and as swap-pieces, the word HexGUI sends). Stones alternate black, white:
a move of the colour not to place is refused. genmove answers resign for
the colour that has lost; final_score is B+ or W+.

Commands:
`

const usageTail = `
  -g GAME        konobi (the only game GTP plays here; the default)
  -o KEY=VALUE   a game option: size=N, the board at the start (default 8;
                 boardsize changes it)
  --coords C     how vertices name columns: go (the default: A-H, J-Z, no
                 I, as the GTP specification, gogui and gogui-twogtp write
                 them) or hex (a-y with every letter, Konobi's own notation,
                 as HexGUI and benzene write them); they differ on boards of
                 9 points or more
  --no-swap      genmove never swaps (for controllers that cannot relay a
                 swap: gogui-twogtp, gogui); play still accepts one
  --depth N      search each genmove to depth N
  --nodes N      search each genmove for N nodes
  --movetime MS  search each genmove for MS milliseconds; a clock
                 (time_settings, time_left) gives its own budget, and with no
                 limit and no clock a genmove searches for 1000 ms
  --hash MB      the transposition table's size (default 16; 1 to 4096): no
                 more than asked, and refused (exit status 1) when the
                 process may not take it (ulimit -v, the cgroup's limit)
  --threads N    search threads (default 1; more are not reproducible)
  --player P     ab (the alpha-beta engine, default), random (a uniformly
                 random legal move, from --seed), first (the first legal
                 move, rank 1 first; for tests)
  --seed N       the random player's seed (default 1)

Exit status: 0 after quit or the end of the input, 1 when reading or
writing fails or the table does not fit (--hash), 2 for bad usage.
`

// Cmd is the gtp subcommand.
var Cmd = &command.Command{
	Name:    "gtp",
	Summary: "a Konobi engine speaking GTP on stdin/stdout (gogui, HexGUI, twogtp)",
}

// usage is the help text: the commands listed from their table (so the
// table must be made first: see verbs).
func usage() string {
	var b strings.Builder
	b.WriteString(usageHead)
	verbs.WriteList(&b, 24)
	b.WriteString(usageTail)
	return b.String()
}

// RunGTP is the gtp subcommand.
func RunGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := Cmd
	fs := c.Flags()
	game := fs.String("g", "konobi", "")
	var opts rules.OptionFlags
	fs.Var(&opts, "o", "")
	coords := fs.String("coords", "go", "")
	noSwap := fs.Bool("no-swap", false, "")
	depth := fs.Int("depth", 0, "")
	nodes := fs.Int64("nodes", 0, "")
	movetime := fs.Int64("movetime", 0, "")
	hash := fs.Int("hash", 16, "")
	threads := fs.Int("threads", 1, "")
	player := fs.String("player", "ab", "")
	seed := fs.Uint64("seed", 1, "")
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	usage := func(format string, a ...any) int { return c.UsageError(stderr, format, a...) }
	info, err := rules.Lookup(*game)
	if err != nil {
		return usage("-g: %v", err)
	}
	if info != konobi.Info {
		return usage("-g %s: GTP plays Konobi only (its colours and vertices are a connection game's)", *game)
	}
	o, err := info.ParseOptions(opts)
	if err != nil {
		return usage("-o: %v", err)
	}
	cd, err := ParseCoords(*coords)
	if err != nil {
		return usage("--coords: %v", err)
	}
	switch {
	case *depth < 0:
		return usage("--depth %d: want 0 or more", *depth)
	case *nodes < 0:
		return usage("--nodes %d: want 0 or more", *nodes)
	case *movetime < 0:
		return usage("--movetime %d: want 0 or more (milliseconds)", *movetime)
	case *hash < 1 || *hash > 4096:
		return usage("--hash %d: want 1 to 4096 (MB)", *hash)
	case *threads < 1 || *threads > 64:
		return usage("--threads %d: want 1 to 64", *threads)
	}
	cfg := Config{Options: o, Coords: cd, NoSwap: *noSwap,
		Limits: searcher.Limits{Depth: *depth, Nodes: *nodes}}
	if *movetime > 0 {
		cfg.Limits.Time = engine.MoveTime(time.Duration(*movetime)*time.Millisecond, defaultOverhead)
	}
	switch *player {
	case "ab":
		entries := *hash << 20 / engine.EntryBytes
		if err := engine.CheckTable(entries, 0); err != nil {
			return c.Fail(stderr, fmt.Errorf("--hash %d: %v", *hash, err))
		}
		cfg.Search = searcher.Engine(entries, *threads)
	case "random":
		cfg.Search = searcher.Random(*seed)
	case "first":
		cfg.Search = searcher.FirstLegal
	default:
		return usage("--player %q: want ab, random or first", *player)
	}
	e, err := New(stdout, cfg)
	if err != nil {
		return usage("-o: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := e.Run(ctx, stdin); err != nil {
		fmt.Fprintf(stderr, "boardrepl gtp: %v\n", err)
		return command.ExitFail
	}
	return command.ExitOK
}
