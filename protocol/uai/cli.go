package uai

import (
	"boardrepl/internal/command"
	"boardrepl/rules"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Usage is the help text of the uai subcommand.
const Usage = `usage: boardrepl uai [-g GAME] [-o KEY=VALUE]... [--hash MB] [--threads N]

Runs boardrepl as an Ataxx engine speaking the Universal Ataxx Interface
(UAI) on stdin and stdout, as Ataxx match runners (cutechess, cuteataxx)
expect it. Commands:
  uai                     id, options (Hash, Threads) and uaiok
  isready                 readyok
  setoption name Hash value MB | name Threads value N
  uainewgame              a new game: the start position, a fresh table
  position startpos|fen FEN [moves M...]
                          FEN as libataxx writes it: x5o/7/7/7/7/7/o5x x 0 1;
                          moves like f2, g1e3, 0000 (a pass)
  go [depth N] [nodes N] [movetime MS] [btime MS] [wtime MS] [binc MS]
     [winc MS] [movestogo N] [infinite]
                          search; info lines, then bestmove. b (black) is x,
                          the side that moves first; w is o
  stop                    end the search now (bestmove follows)
  quit                    leave
and for people typing at it:
  perft N                 count the legal move tree, depth by depth
  d                       show the board, its FEN and the side to move

Errors are reported as "info string error: ..." and never end the session.

  -g GAME        play GAME instead of Ataxx (e.g. konobi): FEN is then the
                 game's position string and moves are in its notation, so
                 that match can pit two boardrepl builds against each other
                 in any game (uai:nodes=20000 ./old-build uai -g konobi)
  -o KEY=VALUE   a game option (repeatable), e.g. -g oware -o end=tournament
  --hash MB      the transposition table's size (default 16)
  --threads N    search threads (default 1)
`

// Cmd is the uai subcommand.
var Cmd = &command.Command{
	Name:    "uai",
	Summary: "an Ataxx engine speaking UAI on stdin/stdout (for match runners)",
	Usage:   Usage,
}

func init() { Cmd.Run = RunUAI }

// RunUAI is the uai subcommand.
func RunUAI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := Cmd
	fs := c.Flags()
	hash := fs.Int("hash", 16, "")
	threads := fs.Int("threads", 1, "")
	game := fs.String("g", "ataxx", "")
	var opts rules.OptionFlags
	fs.Var(&opts, "o", "")
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	if *hash < 1 || *hash > 4096 {
		return c.UsageError(stderr, "--hash %d: want 1 to 4096 (MB)", *hash)
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := New(stdout, Config{Game: info, Options: o})
	e.hashMB, e.threads = *hash, *threads
	if err := e.Run(ctx, stdin); err != nil {
		fmt.Fprintf(stderr, "boardrepl uai: %v\n", err)
		return 1
	}
	return 0
}
