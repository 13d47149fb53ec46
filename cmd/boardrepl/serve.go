package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"boardrepl/internal/command"
	"boardrepl/render"
	"boardrepl/rules"
	"boardrepl/telnet"
)

// serveRender draws a board for a telnet player (the board names the
// squares of the last move itself).
func serveRender(info *rules.Info) func(g rules.Game, color, flip bool) string {
	return func(g rules.Game, color, flip bool) string {
		return render.Board(g.Board(), render.Style{Color: color, Flip: flip, Sides: info.Sides, Captured: g.LastCaptured()})
	}
}

const serveUsage = `usage: boardrepl serve -g GAME [-o KEY=VALUE]... --port N [--addr 127.0.0.1] [--idle 5m] [--record DIR] [--max-conns N]

Runs two-player games over TCP, playable with a plain telnet client:
  telnet HOST PORT
Each client is welcomed as he comes, shown the rules in one line (the
options on the next) and asked his name; the first then waits for a second
(what he types meanwhile is answered, never taken for a name or a move).
Then they play: each sees the board after every move, the last move and
whose turn it is, and both see the result. Clients are paired in arrival
order, so one server holds several games at once; a third client waits for
a fourth. After a game both are offered a rematch with the colours swapped:
when both answer yes it begins; a no, a player who leaves, or no answer
within --idle ends the table, and both are let go.

Players type moves in the game's notation and the commands help, moves,
board, flip, color off|on, resign and quit. An Oware board shows with arrows
which way the seeds go round; the end names the player who won (after a
Konobi swap too). The pie rule (Konobi's swap) is offered
on White's first turn; forced passes are played and announced.

A player who disconnects, quits, or stays silent on his turn for longer than
--idle loses the game (games are not adjourned); the other player is told.
The clock counts the mover's own input only: what goes to the other player
never holds it up. A player who does not read what the server sends (256 KiB
waiting for him, or nothing taken for 10 s) is disconnected and loses; the
other player is told why.
Each game is written as a record (NAME.rec) in --record DIR, which is
created when missing; a rematch's name says which game of the table it is
(...-table3-game2-ann-bob.rec).

Ctrl-C or SIGTERM stops the server: the games in progress are nobody's
fault, so both players are told the server is stopping and each game is
recorded as unfinished (result '*'); the server ends within seconds however
its clients behave (each has at most 2 s to take its last words). Past --max-conns clients, the next one
is told the server is full and disconnected; when the process runs out of
file descriptors it waits and tries again rather than stopping.

  -g GAME       the game (see 'boardrepl games')
  -o KEY=VAL    a game option, repeatable (-o size=10)
  --port N      the TCP port to listen on (required; 0 picks a free one)
  --addr A      the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --idle D      how long the player to move may stay silent, and a player
                asked his name or a rematch may take to answer (default 5m)
  --record DIR  write a record of every game to DIR
  --max-conns N the most clients connected at once (default 1000, or fewer
                under a lower descriptor limit, ulimit -n)
`

var serveCmd = &command.Command{
	Name:    "serve",
	Summary: "two-player games over TCP, for telnet clients",
	Usage:   serveUsage,
}

func init() { serveCmd.Run = runServe }

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := serveCmd
	fs := c.Flags()
	game := fs.String("g", "", "")
	var opts rules.OptionFlags
	fs.Var(&opts, "o", "")
	port := fs.String("port", "", "")
	addr := fs.String("addr", "127.0.0.1", "")
	idle := fs.Duration("idle", 5*time.Minute, "")
	record := fs.String("record", "", "")
	maxConns := fs.Int("max-conns", 0, "")
	usageErr := func(format string, a ...any) int { return c.UsageError(stderr, format, a...) }
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	if *game == "" {
		return usageErr("missing -g GAME")
	}
	info, err := rules.Lookup(*game)
	if err != nil {
		return usageErr("%v", err)
	}
	if *port == "" {
		return usageErr("missing --port N")
	}
	if p, err := strconv.Atoi(*port); err != nil || p < 0 || p > 65535 {
		return usageErr("--port %q: want a number 0..65535", *port)
	}
	if *idle < time.Second {
		return usageErr("--idle %s: want at least 1s", *idle)
	}
	if *maxConns < 0 {
		return usageErr("--max-conns %d: want a number >= 1", *maxConns)
	}
	if *record != "" {
		// Created when missing, as match --record does.
		if err := os.MkdirAll(*record, 0o755); err != nil {
			return usageErr("--record %q: %v", *record, err)
		}
		if st, err := os.Stat(*record); err != nil || !st.IsDir() {
			return usageErr("--record %q: not a directory", *record)
		}
	}
	srv, err := telnet.New(telnet.Config{
		Info: info, Options: opts, Idle: *idle, RecordDir: *record, Log: stderr, MaxConns: *maxConns,
		Render: serveRender(info),
	})
	if err != nil {
		return usageErr("%v", err)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(*addr, *port))
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "boardrepl serve: %s on %s; connect with: telnet %s %d (Ctrl-C stops)\n",
		info.Name, ln.Addr(), *addr, ln.Addr().(*net.TCPAddr).Port)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "boardrepl serve: %v\n", err)
		return 1
	}
	return 0
}
