package tablutnet

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/command"
	"boardrepl/protocol/searcher"
)

// ClientUsage is the help text of the tablut-client subcommand.
const ClientUsage = `usage: boardrepl tablut-client --role white|black [--host H] [--port P]
         [--timeout S] [--margin D] [--name N] [--player ab|random|first]
         [--depth N] [--threads N] [--seed N] [--record FILE] [--silence S]
         [--verbose]

Plays one game of Tablut (Ashton rules) on the UniBo Tablut challenge server
(or on 'boardrepl tablut-server') with boardrepl's engine: connects to the
white (5800) or black (5801) port, sends the name, follows the state the
server sends after every move and answers on its own turns, within the
server's move time less a safety margin.

The game is printed as it goes (our moves marked *), then the result. When
the server refuses a move with errors still allowed, another move is sent. A
final state (WHITEWIN, BLACKWIN, DRAW) ends the game; a closed connection
before it ends the game unfinished, and so do a server silent for longer
than --silence and a state that cannot happen (no king, a soldier on the
throne, too many pieces).

At the end the game record (boardrepl's record format) is written to
--record FILE, or to stdout without it.

  --role R       white or black (required)
  --host H       the server (default localhost)
  --port P       the port (default 5800 for white, 5801 for black)
  --timeout S    the server's move time in seconds (default 60)
  --margin D     kept back from each move time (default a tenth, 2s to 5s);
                 the clock starts when the server's state arrives, and when
                 the search has not stopped by then the best move found so
                 far is sent; when a move still goes out late (a machine
                 short of CPU), twice the worst delay is also kept back from
                 the following moves (never below half the move time)
  --silence S    give up (the game unfinished) when the server sends nothing
                 for S seconds once the game has begun (default twice the
                 move time and 30 s; 10 minutes for the first state)
  --name N       the name sent to the server (default boardrepl; the server
                 keeps its letters and digits, 10 at most)
  --player P     ab (the alpha-beta engine, default), random, or first (the
                 first legal move; for tests)
  --depth N      also stop each search at depth N
  --threads N    search threads (default: one per core of the machine, at
                 most 8: the server gives each player the machine on its own
                 turn, and osarracino, a bot of the challenge, does the same)
  --seed N       the random player's seed (default 1)
  --record FILE  where to write the record
  --verbose      after each of our moves, print what its search reached:
                 search: MOVE depth D score S nodes N in T, sent after T2
                 (the last finished iteration, the score from our side's
                 view; T2 counted from the state's arrival)

Exit status: 0 when the game reached a final state, 1 when the connection
failed or ended first, 2 for bad usage.
`

// DefaultThreads is the client's number of search threads without
// --threads: one per core, at most 8 (a game server gives each player the
// machine on its own turn; osarracino, a bot of the challenge, also
// searches with as many threads as cores).
func DefaultThreads() int { return min(runtime.NumCPU(), 8) }

// ClientCmd is the tablut-client subcommand.
var ClientCmd = &command.Command{
	Name:    "tablut-client",
	Summary: "play Tablut on the UniBo challenge server with the engine",
	Usage:   ClientUsage,
}

// RunClient is the tablut-client subcommand.
func RunClient(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := ClientCmd
	fs := c.Flags()
	role := fs.String("role", "", "")
	host := fs.String("host", "localhost", "")
	port := fs.Int("port", 0, "")
	timeout := fs.Float64("timeout", 60, "")
	margin := fs.Duration("margin", -1, "")
	name := fs.String("name", "boardrepl", "")
	player := fs.String("player", "ab", "")
	depth := fs.Int("depth", 0, "")
	threads := fs.Int("threads", DefaultThreads(), "")
	seed := fs.Uint64("seed", 1, "")
	recPath := fs.String("record", "", "")
	silence := fs.Float64("silence", 0, "")
	verbose := fs.Bool("verbose", false, "")
	usage := func(format string, a ...any) int { return c.UsageError(stderr, format, a...) }
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	var side int
	switch strings.ToLower(*role) {
	case "white":
		side = 0
	case "black":
		side = 1
	case "":
		return usage("--role is required: white or black")
	default:
		return usage("--role %q: want white or black", *role)
	}
	if *port == 0 {
		*port = 5800 + side
	}
	if *port < 1 || *port > 65535 {
		return usage("--port %d: want 1 to 65535", *port)
	}
	if *timeout <= 0 {
		return usage("--timeout %v: want a positive number of seconds", *timeout)
	}
	if *silence < 0 {
		return usage("--silence %v: want a positive number of seconds", *silence)
	}
	if *depth < 0 || *threads < 1 {
		return usage("--depth and --threads must be positive")
	}
	var search searcher.Func
	switch *player {
	case "ab":
		search = searcher.Engine(0, *threads)
	case "random":
		search = searcher.Random(*seed)
	case "first":
		search = searcher.FirstLegal
	default:
		return usage("--player %q: want ab, random or first", *player)
	}
	moveTime := time.Duration(*timeout * float64(time.Second))
	if *margin < 0 {
		*margin = DefaultMargin(moveTime)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	addr := net.JoinHostPort(*host, strconv.Itoa(*port))
	conn, err := (&net.Dialer{Timeout: 10 * time.Second}).DialContext(ctx, "tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl tablut-client: %v\n", err)
		return 1
	}
	defer conn.Close()
	fmt.Fprintf(stdout, "connected to %s as %s\n", addr, *role)
	cfg := ClientConfig{Role: side, Name: *name, MoveTime: moveTime, Margin: *margin,
		Search: search, Limits: searcher.Limits{Depth: *depth}, Out: stdout, Log: stderr,
		Silence: time.Duration(*silence * float64(time.Second))}
	if *verbose {
		cfg.Trace = stdout
	}
	res, err := Play(ctx, conn, cfg)
	code := 0
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl tablut-client: %v\n", err)
		code = 1
	}
	if res != nil {
		text := res.Record.Format()
		if *recPath == "" {
			fmt.Fprint(stdout, "\n"+text)
		} else if werr := atomicfile.Write(*recPath, []byte(text), true); werr != nil {
			fmt.Fprintf(stderr, "boardrepl tablut-client: writing the record: %v\n", werr)
			code = 1
		}
	}
	return code
}

// ServerUsage is the help text of the tablut-server subcommand.
const ServerUsage = `usage: boardrepl tablut-server [--addr A] [--white-port P] [--black-port P]
         [--time S] [--errors N] [--connect-timeout S] [--log DIR] [--record FILE]

Plays the part of the UniBo Tablut challenge server (Ashton rules) for one
game, so that two challenge players (boardrepl's tablut-client or the
students' own) can meet without the Java server. Same protocol: white
connects to --white-port and names himself, then black to --black-port;
both get the state after every move; a final state (WHITEWIN, BLACKWIN,
DRAW) ends the game.

A refused move counts as an error; past --errors the player loses, else the
same state is sent again. A from or to that is not two letters or digits
(e3; z3 is refused as off the board) makes the move a badly formed action:
it is refused, written as ? in the log and the record, and shown escaped on
the console. A player who runs out of time or disconnects on
his turn loses: unlike the Java server, which just exits, the final state is
sent to both players. So does one whose message is malformed (a bad length,
bytes that are not UTF-8); he still gets the final state. A client whose
name is malformed or missing is dropped, and the next one on that port is
awaited, until --connect-timeout.

The game log is written to DIR as the server writes it
(_WHITE_vs_BLACK_MILLIS_gameLog.txt; 'boardrepl convert --from tablut-log'
reads it back), the record to --record FILE (or stdout), and the server's
console messages go to stdout.

  --addr A             the address to listen on (default 127.0.0.1; 0.0.0.0
                       for every interface, as the Java server does)
  --white-port P       white's port (default 5800)
  --black-port P       black's port (default 5801)
  --time S             seconds for a name and for each move (default 60)
  --errors N           refused moves allowed per player (default 0)
  --connect-timeout S  seconds to wait for each player (default 300)
  --log DIR            where to write the game log (default logs; "" for none)
  --record FILE        where to write the game record

Exit status: 0 when a game was played, 1 when it could not be (nobody came,
a port in use), 2 for bad usage.
`

// ServerCmd is the tablut-server subcommand.
var ServerCmd = &command.Command{
	Name:    "tablut-server",
	Summary: "the UniBo Tablut challenge server, for two challenge players",
	Usage:   ServerUsage,
}

func init() { ClientCmd.Run, ServerCmd.Run = RunClient, RunServer }

// RunServer is the tablut-server subcommand.
func RunServer(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := ServerCmd
	fs := c.Flags()
	addr := fs.String("addr", "127.0.0.1", "")
	wport := fs.Int("white-port", 5800, "")
	bport := fs.Int("black-port", 5801, "")
	moveTime := fs.Float64("time", 60, "")
	errs := fs.Int("errors", 0, "")
	connect := fs.Float64("connect-timeout", 300, "")
	logDir := fs.String("log", "logs", "")
	recPath := fs.String("record", "", "")
	usage := func(format string, a ...any) int { return c.UsageError(stderr, format, a...) }
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	for _, p := range []int{*wport, *bport} {
		if p < 0 || p > 65535 {
			return usage("port %d: want 0 to 65535", p)
		}
	}
	if *wport == *bport && *wport != 0 {
		return usage("white and black need two ports, not %d twice", *wport)
	}
	if *moveTime <= 0 || *connect <= 0 {
		return usage("--time and --connect-timeout must be positive")
	}
	if *errs < 0 {
		return usage("--errors %d: want 0 or more", *errs)
	}
	wl, err := net.Listen("tcp", net.JoinHostPort(*addr, strconv.Itoa(*wport)))
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl tablut-server: %v\n", err)
		return 1
	}
	bl, err := net.Listen("tcp", net.JoinHostPort(*addr, strconv.Itoa(*bport)))
	if err != nil {
		wl.Close()
		fmt.Fprintf(stderr, "boardrepl tablut-server: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "white on %s, black on %s\n", wl.Addr(), bl.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := Serve(ctx, ServerConfig{White: wl, Black: bl,
		MoveTime:       time.Duration(*moveTime * float64(time.Second)),
		ConnectTimeout: time.Duration(*connect * float64(time.Second)),
		Errors:         *errs, LogDir: *logDir, Out: stdout})
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl tablut-server: %v\n", err)
		if res == nil {
			return 1
		}
	}
	if res.LogPath != "" {
		fmt.Fprintf(stdout, "game log: %s\n", res.LogPath)
	}
	text := res.Record.Format()
	if *recPath == "" {
		fmt.Fprint(stdout, "\n"+text)
	} else if werr := atomicfile.Write(*recPath, []byte(text), true); werr != nil {
		fmt.Fprintf(stderr, "boardrepl tablut-server: writing the record: %v\n", werr)
		return 1
	}
	if err != nil {
		return 1
	}
	return 0
}
