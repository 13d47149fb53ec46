package uxi

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"boardrepl/internal/command"
	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// UAICmd is the uai subcommand, UGICmd the ugi subcommand: one session in
// their two dialects.
var (
	UAICmd = newCmd(UAI, "an Ataxx engine speaking UAI on stdin/stdout (for match runners)", `Runs boardrepl as an Ataxx engine speaking the Universal Ataxx Interface
(UAI) on stdin and stdout, as Ataxx match runners (cutechess, cuteataxx)
expect it. FEN is as libataxx writes it (x5o/7/7/7/7/7/o5x x 0 1), moves
like f2, g1e3, 0000 (a pass). In go, b (black) is x, the side that moves
first, and w is o.`, `  -g GAME        play GAME instead of Ataxx (e.g. konobi): FEN is then the
                 game's position string and moves are in its notation, so
                 that match can pit two boardrepl builds against each other
                 in any game (uai:nodes=20000 ./old-build uai -g konobi)`)
	UGICmd = newCmd(UGI, "an engine of any game speaking UGI on stdin/stdout (cutegames, arbiter)", `Runs boardrepl as an engine of GAME speaking the Universal Game Interface
(UGI) on stdin and stdout, as the match runners cutegames and arbiter
expect it. FEN is the game's position string (startpos: the start under
the -o options), moves are in its notation: Ataxx f2, g1e3, 0000 (a pass);
Oware A; Konobi d4, swap, pass; Tablut e3-h3. The runner relays the moves
and asks the engine whether the game is over, who is to move and who won
(query). Player 1 (p1time, p1inc, p1turn, p1win) is the player who had the
side that is named first (x, north, black, white) at the start; the
Konobi swap exchanges the players' colours. btime, wtime, binc and winc
are read as arbiter writes them: b is p1, w is p2.`, `  -g GAME        the game (default ataxx; see 'boardrepl games')`)
)

// newCmd declares the subcommand of dialect d: about says what it runs,
// gameFlag is the help of its -g flag.
func newCmd(d *Dialect, summary, about, gameFlag string) *command.Command {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: boardrepl %s [-g GAME] [-o KEY=VALUE]... [--hash MB] [--threads N]\n\n%s\n\nCommands (the runner's, then for people typing at it):\n", d.Name, about)
	d.verbs.WriteList(&b, 26)
	fmt.Fprintf(&b, `
Errors are reported as "info string error: ..." and never end the session.

%s
  -o KEY=VALUE   a game option (repeatable), e.g. -g oware -o end=tournament
  --hash MB      the transposition table's size (default 16; 1 to 4096): no
                 more than asked, and refused (exit status 1) when the
                 process may not take it (ulimit -v, the cgroup's limit)
  --threads N    search threads (default 1)
`, gameFlag)
	c := &command.Command{Name: d.Name, Summary: summary, Usage: b.String()}
	c.Run = func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return serve(c, d, args, stdin, stdout, stderr)
	}
	return c
}

// serve runs the subcommand c of dialect d.
func serve(c *command.Command, d *Dialect, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := c.Flags()
	hash := fs.Int("hash", 16, "")
	threads := fs.Int("threads", 1, "")
	game := fs.String("g", "ataxx", "")
	var opts rules.OptionFlags
	fs.Var(&opts, "o", "")
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	if *hash < 1 || *hash > maxHashMB {
		return c.UsageError(stderr, "--hash %d: want 1 to %d (MB)", *hash, maxHashMB)
	}
	if *threads < 1 || *threads > 64 {
		return c.UsageError(stderr, "--threads %d: want 1 to 64", *threads)
	}
	info, err := rules.Lookup(*game)
	if err != nil {
		return c.UsageError(stderr, "-g: %v", err)
	}
	o, err := info.ParseOptions(opts)
	if err != nil {
		return c.UsageError(stderr, "-o: %v", err)
	}
	if _, err := info.New(o); err != nil {
		return c.UsageError(stderr, "-o: %v", err)
	}
	if err := engine.CheckTable(hashEntries(*hash), 0); err != nil {
		return c.Fail(stderr, fmt.Errorf("--hash %d: %v", *hash, err))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := New(stdout, Config{Dialect: d, Game: info, Options: o})
	e.hashMB, e.threads = *hash, *threads
	if err := e.Run(ctx, stdin); err != nil {
		return c.Fail(stderr, err)
	}
	return 0
}
