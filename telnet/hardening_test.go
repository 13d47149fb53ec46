package telnet

import (
	"errors"
	"io"
	"net"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"boardrepl/rules"
	gameline "boardrepl/rules/line"
)

// goroutinesSettle waits (a few seconds at most) for the goroutine count to
// come down to want and returns it.
func goroutinesSettle(want int) int {
	deadline := time.Now().Add(5 * time.Second)
	n := runtime.NumGoroutine()
	for n > want && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// Fifty games in which a player resigns with 20 more lines in the same
// write: every goroutine of every table ends with its game (the server's
// count comes back to what it was with no client), and the server then
// stops at once. Before, each such game left a reader blocked for ever on
// a channel nobody read, and Serve never returned.
func TestNoGoroutineLeftAfterGames(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	// The server alone: its accept loop (and the runtime's network poller).
	idle := goroutinesSettle(before + 1)
	burst := "resign\r\n" + strings.Repeat("board\r\n", 20)
	for i := range 50 {
		a, b := pair(t, ts, "ann", "ben")
		a.expect("Your move (black)")
		if _, err := io.WriteString(a.conn, burst); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		b.expect("ann resigned. You win.")
		b.expect("A rematch")
		b.send("no")
		a.closed()
		b.closed()
		a.conn.Close()
		b.conn.Close()
	}
	after := goroutinesSettle(idle)
	t.Logf("goroutines: %d with the server alone, %d after 50 games", idle, after)
	if after > idle {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after 50 games, %d before them:\n%s", after, idle, buf[:runtime.Stack(buf, true)])
	}
	ts.stop(t, before)
}

// dialNoRead connects a client that never reads, with small socket buffers
// (4 KiB: set before connecting, so the window it offers stays small).
func dialNoRead(t *testing.T, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
			if serr == nil {
				serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF, 4096)
			}
		})
		if err != nil {
			return err
		}
		return serr
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// floodBoards makes conn ask for the board over and over, never reading,
// until its writes fail (the server dropped it) or stop is closed. It
// returns a channel closed once the server has stopped reading it (a write
// blocked for 100 ms: what the server sends it fills every buffer between
// them) and a channel closed when the flood ends.
func floodBoards(conn net.Conn, stop chan struct{}) (stalled, ended chan struct{}) {
	stalled, ended = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		chunk := []byte(strings.Repeat("board\r\n", 1000))
		blocked := false
		for {
			select {
			case <-stop:
				return
			default:
			}
			conn.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
			_, err := conn.Write(chunk)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				if !blocked {
					blocked = true
					close(stalled)
				}
				continue
			}
			if err != nil {
				return
			}
		}
	}()
	return stalled, ended
}

// bigBoards makes the boards 2 KB long, as a coloured board is.
func bigBoards(s *Server) {
	s.cfg.Render = func(g rules.Game, color, flip bool) string {
		return plainRender(g, color, flip) + strings.Repeat("=", 2000) + "\n"
	}
}

// seatNonReader seats ann (a reading client, first) against bob, who never
// reads, and returns them when ann is asked for her first move.
func seatNonReader(t *testing.T, ts *testServer) (*tclient, net.Conn) {
	t.Helper()
	ann := arrive(t, ts, "ann")
	ann.expect("Waiting for a second player")
	bob := dialNoRead(t, ts.addr)
	if _, err := io.WriteString(bob, "bob\r\n"); err != nil {
		t.Fatal(err)
	}
	ann.expect("Your move (black)")
	return ann, bob
}

// A player who asks for the board over and over and never reads (a small
// receive buffer) holds up neither the game nor the other player's clock:
// ann's move, sent while nothing more reaches bob, is played at once, and
// bob, then to move and sending no move, loses on time. Before, the table
// waited on bob's write timeout (10 s) with ann's move unread, and ann
// could be the one who lost on time.
func TestNonReaderStallsNothing(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := startWith(t, "konobi", []string{"size=5"}, 3*time.Second, func(s *Server) {
		bigBoards(s)
		s.cfg.MaxOutput = 64 << 20 // bob is not dropped for his queue here
	}, nil)
	ann, bob := seatNonReader(t, ts)
	stop := make(chan struct{})
	stalled, ended := floodBoards(bob, stop)
	defer func() { close(stop); <-ended }()
	select {
	case <-stalled:
	case <-time.After(time.Minute):
		t.Fatal("the server reads everything bob sends")
	}
	ann.send("c3")
	ann.expect("Last move: ann (black) played c3")
	ann.expect("Waiting for bob (white) to move.")
	got := ann.upTo("You win.")
	if !strings.Contains(got, "bob lost on time (no move for 3s)") {
		t.Errorf("ann was told:\n%s", got)
	}
	ann.expect("A rematch")
	ann.send("no")
	ann.closed()
	ts.stop(t, before)
}

// A player who does not read is disconnected, and the other player is told
// why (and wins); the log says what was waiting.
func TestNonReaderDropped(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(*Server)
		log   string
	}{
		// bob's input is held back once 2 KiB wait for him, but the lines
		// read by then (up to 9 boards, 18 KB) pass the bound.
		{"queue", func(s *Server) { bigBoards(s); s.cfg.MaxOutput = 8 << 10 }, "bytes of output were waiting for it"},
		{"write timeout", func(s *Server) { bigBoards(s); s.cfg.WriteTimeout = 300 * time.Millisecond }, "it took no output for 300ms"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			ts := startWith(t, "konobi", []string{"size=5"}, time.Minute, c.setup, nil)
			ann, bob := seatNonReader(t, ts)
			stop := make(chan struct{})
			_, ended := floodBoards(bob, stop)
			ann.expect("bob was disconnected: he did not read what the server sent. You win.")
			close(stop)
			<-ended
			waitFor(t, func() bool { return strings.Contains(ts.logString(), c.log) })
			ann.closed()
			ts.stop(t, before)
		})
	}
}

// The mover's clock is his input's: a move he sent before his time was up
// counts even when the table reads it after (the table was busy), and one
// sent after does not.
func TestTimeUpCountsInputSentInTime(t *testing.T) {
	info, err := rules.Lookup("konobi")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Info: info, Options: []string{"size=5"}, Idle: time.Minute, Render: plainRender})
	if err != nil {
		t.Fatal(err)
	}
	g, err := info.New(s.opts)
	if err != nil {
		t.Fatal(err)
	}
	var players [2]*client
	for i, name := range []string{"ann", "ben"} {
		conn, other := net.Pipe()
		defer conn.Close()
		defer other.Close()
		players[i] = newClient(conn, 512, 1<<16, time.Second)
		players[i].name = name
	}
	tb := &table{s: s, l: gameline.FromGame(g), players: players, idle: time.NewTimer(time.Hour)}
	defer tb.idle.Stop()

	tb.deadline = time.Now()
	players[0].lines <- line{text: "c3", at: tb.deadline.Add(-time.Millisecond)}
	tb.timeUp()
	if tb.result != "" || tb.l.Game().Ply() != 1 {
		t.Fatalf("ann's move sent in time: result %q, %d plies", tb.result, tb.l.Game().Ply())
	}
	tb.deadline = time.Now()
	players[1].lines <- line{text: "b2", at: tb.deadline.Add(time.Millisecond)}
	tb.timeUp()
	if want := "ann wins: ben lost on time (no move for 1m0s)"; tb.result != want || tb.l.Game().Ply() != 1 {
		t.Errorf("ben's move sent late: result %q, %d plies; want %q", tb.result, tb.l.Game().Ply(), want)
	}
}

// A name typed with escape sequences reaches neither the other player nor
// the record raw: only its letters, digits, - and _ are kept.
func TestNameWithEscapesCleaned(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a := dial(t, ts.addr, "a")
	a.expect("What is your name?")
	a.send("\x1b]0;TITLE\x07ann\x1b[2J\u202e")
	a.expect("Waiting for a second player")
	b := arrive(t, ts, "ben")
	seen := b.upTo("against 0TITLEann2J.")
	a.send("resign")
	seen += b.upTo("0TITLEann2J resigned. You win.")
	seen += b.upTo("A rematch, colours swapped (you would play black, against 0TITLEann2J)?")
	b.send("no")
	b.closed()
	ts.stop(t, before)
	if strings.ContainsAny(seen, "\x1b\x07\u202e") {
		t.Errorf("ben received control characters: %q", seen)
	}
	if rec := onlyRecord(t, ts.dir); rec.Get("Black") != "0TITLEann2J" {
		t.Errorf("the record's Black tag is %q", rec.Get("Black"))
	}
}
