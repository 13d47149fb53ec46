package telnet

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"boardrepl/rules"
	_ "boardrepl/rules/ataxx"
	_ "boardrepl/rules/konobi"
	"boardrepl/rules/record"
)

// tclient is a test telnet client.
type tclient struct {
	t    *testing.T
	name string
	conn net.Conn
	mu   sync.Mutex
	seen bytes.Buffer  // everything received and not yet matched
	eof  chan struct{} // closed when reading ends: the server closed the connection
}

func dial(t *testing.T, addr, name string) *tclient {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c := &tclient{t: t, name: name, conn: conn, eof: make(chan struct{})}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			c.mu.Lock()
			c.seen.Write(buf[:n])
			c.mu.Unlock()
			if err != nil {
				close(c.eof)
				return
			}
		}
	}()
	return c
}

// send writes a line with telnet's CRLF.
func (c *tclient) send(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.conn, s+"\r\n"); err != nil {
		c.t.Fatalf("%s: send %q: %v", c.name, s, err)
	}
}

// expect waits until the received text contains want, and consumes the
// text up to and including it.
func (c *tclient) expect(want string) {
	c.t.Helper()
	c.upTo(want)
}

// upTo is expect, returning the text consumed.
func (c *tclient) upTo(want string) string {
	c.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		s := c.seen.String()
		if i := strings.Index(s, want); i >= 0 {
			c.seen.Next(i + len(want))
			c.mu.Unlock()
			return s[:i+len(want)]
		}
		c.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t.Fatalf("%s: did not receive %q; got:\n%s", c.name, want, c.seen.String())
	return ""
}

// closed waits until the server has closed the connection.
func (c *tclient) closed() {
	c.t.Helper()
	// A line the server may be waiting for, then an empty one every 20 ms
	// for 2 s: the connection is closed when reading it ends or writing to
	// it fails. (Waiting for a failed write alone took 20 to 40 ms a
	// connection, the 50 games of TestNoGoroutineLeftAfterGames 4 s.)
	_, err := c.conn.Write([]byte("x\r\n"))
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for i := 0; err == nil; i++ {
		if i == 100 {
			c.t.Fatalf("%s: connection still open", c.name)
		}
		select {
		case <-c.eof:
			return
		case <-tick.C:
			_, err = c.conn.Write([]byte("\r\n"))
		}
	}
}

type testServer struct {
	addr   string
	cancel context.CancelFunc
	done   chan error
	dir    string
	log    *bytes.Buffer
	lw     *lockedWriter
}

// logString is the server's log so far.
func (ts *testServer) logString() string {
	ts.lw.mu.Lock()
	defer ts.lw.mu.Unlock()
	return ts.log.String()
}

func plainRender(g rules.Game, color, flip bool) string {
	if flip {
		return "flipped board " + g.Position() + "\n"
	}
	return "board " + g.Position() + "\n"
}

func start(t *testing.T, game string, opts []string, idle time.Duration) *testServer {
	t.Helper()
	return startWith(t, game, opts, idle, nil, nil)
}

// startWith is start with a configuration change (may be nil) and a
// listener wrapper (may be nil) for the server.
func startWith(t *testing.T, game string, opts []string, idle time.Duration, setup func(*Server), wrap func(net.Listener) net.Listener) *testServer {
	t.Helper()
	info, err := rules.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var logBuf bytes.Buffer
	lw := &lockedWriter{w: &logBuf}
	s, err := New(Config{Info: info, Options: opts, Idle: idle, RecordDir: dir, Render: plainRender,
		Log: lw})
	if err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(s)
	}
	var ln net.Listener
	ln, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts := &testServer{addr: ln.Addr().String(), cancel: cancel, done: make(chan error, 1), dir: dir, log: &logBuf, lw: lw}
	if wrap != nil {
		ln = wrap(ln)
	}
	go func() { ts.done <- s.Serve(ctx, ln) }()
	return ts
}

// stop shuts the server down and checks that no goroutine is left behind.
func (ts *testServer) stop(t *testing.T, before int) {
	t.Helper()
	ts.cancel()
	select {
	case err := <-ts.done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines left (before: %d):\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// arrive connects a client and gives it its name when asked.
func arrive(t *testing.T, ts *testServer, name string) *tclient {
	t.Helper()
	c := dial(t, ts.addr, name)
	c.expect("What is your name?")
	c.send(name)
	return c
}

// pair connects two clients in turn, as a table's first and second player,
// and gives them the names first and second when asked.
func pair(t *testing.T, ts *testServer, first, second string) (*tclient, *tclient) {
	t.Helper()
	a := arrive(t, ts, first)
	a.expect("Waiting for a second player")
	return a, arrive(t, ts, second)
}

// noRematch has c decline the rematch offered after a game, and waits
// until both players are let go.
func noRematch(t *testing.T, c, other *tclient) {
	t.Helper()
	c.expect("A rematch, colours swapped")
	c.send("no")
	other.expect(c.name + " does not want a rematch. Bye.")
	c.closed()
	other.closed()
}

// A whole Konobi game on a 3x3 board: names, a refused move, the swap, a
// move out of turn, garbage bytes, the win, and the record.
func TestWholeGameWithSwap(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=3"}, time.Minute)
	alice, bob := pair(t, ts, "alice", "bob")
	alice.expect("You play black (you move first), against bob.")
	bob.expect("You play white (you move second), against alice.")
	alice.expect("Your move (black)")
	bob.expect("Waiting for alice (black) to move.")

	bob.send("a1")
	bob.expect("It is not your turn")
	alice.send("b2")
	alice.expect("Last move: alice (black) played b2")
	bob.expect("You may also answer swap")
	bob.send("swap")
	bob.expect("bob swapped: bob now plays black, alice plays white")
	alice.expect("Your move (white)")

	// Telnet negotiation, invalid UTF-8 and an occupied point.
	io.WriteString(alice.conn, "\xff\xfb\x01\xff\xfd\x03b2\r\n")
	alice.expect(`Illegal move "b2": `)
	io.WriteString(alice.conn, "\xc3\x28zz\r\n")
	alice.expect("Illegal move")
	alice.send("a2")
	bob.expect("Your move (black)")
	bob.send("b3")
	alice.expect("Your move (white)")
	alice.send("c2")
	bob.expect("Your move (black)")
	bob.send("b1")
	// After the swap bob plays black: the end names him.
	alice.expect("Game over: black wins")
	alice.expect(": bob wins")
	bob.expect("Game over: black wins")
	bob.expect(": bob wins")
	noRematch(t, alice, bob)

	// Records are named *.rec, as the README says.
	waitFor(t, func() bool { files, _ := filepath.Glob(filepath.Join(ts.dir, "*konobi*.rec")); return len(files) == 1 })
	files, _ := filepath.Glob(filepath.Join(ts.dir, "*konobi*.rec"))
	data, _ := os.ReadFile(files[0])
	rec, err := record.Parse(string(data))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, data)
	}
	if got := strings.Join(rec.MoveTexts(), " "); got != "b2 swap a2 b3 c2 b1" {
		t.Errorf("record moves %q:\n%s", got, data)
	}
	// After the swap bob plays black, and black won.
	if rec.Get("Black") != "bob" || rec.Get("White") != "alice" || rec.Get("Result") != "1-0" || rec.Get("Game") != "konobi" {
		t.Errorf("record tags:\n%s", data)
	}
	ts.stop(t, before)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A player who disconnects mid-game loses; the other is told (and no
// rematch is offered). A third client waits for a fourth and gets its own
// table.
func TestDisconnectAndThirdClient(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, time.Minute)
	a, b := pair(t, ts, "ann", "ben")
	c := arrive(t, ts, "cat")
	c.expect("Waiting for a second player")
	a.expect("Your move")
	a.send("d4")
	b.expect("Last move: ann (black) played d4")
	b.conn.Close()
	a.expect("ben left the game. You win.")
	a.closed()

	// The waiting third client gets a table when a fourth arrives.
	d := arrive(t, ts, "dan")
	c.expect("Your move (black)")
	d.expect("You play white (you move second), against cat.")
	// A line that floods past the limit is refused, not fatal.
	c.send(strings.Repeat("z", 5000))
	c.expect("too long")
	c.send("resign")
	d.expect("cat resigned. You win.")
	noRematch(t, d, c)
	ts.stop(t, before)

	// Both games were recorded, with the forfeits as results.
	for _, want := range []struct{ table, result, termination string }{
		{"table1", "1-0", "black wins (ben left the game)"}, // ann played black
		{"table2", "0-1", "white wins (cat resigned)"},      // dan played white
	} {
		files, _ := filepath.Glob(filepath.Join(ts.dir, "*"+want.table+"*"))
		if len(files) != 1 {
			t.Fatalf("%s: %d records", want.table, len(files))
		}
		data, _ := os.ReadFile(files[0])
		rec, err := record.Parse(string(data))
		if err != nil || rec.Get("Result") != want.result || rec.Get("Termination") != want.termination {
			t.Errorf("%s: record %v:\n%s", want.table, err, data)
		}
	}
}

// A player silent on his turn past the idle limit loses on time; the
// rematch offered then goes unanswered for as long, and the table closes.
func TestIdleLosesOnTime(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, 300*time.Millisecond)
	a, b := pair(t, ts, "ann", "ben")
	b.expect("Waiting for ann")
	b.expect("ann lost on time")
	a.expect("You lose")
	b.expect("A rematch")
	b.expect("No answer from ann in 300ms: no rematch. Bye.")
	a.closed()
	b.closed()
	ts.stop(t, before)
}

// The name is asked as a client arrives (issue 25 item 8): what he types
// while he waits is answered, not dropped, and never becomes his name; a
// client that leaves before naming himself is simply gone, and the one
// waiting goes on waiting. Cancelling the server closes everything.
func TestNameOnArrivalAndShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, time.Minute)
	a := dial(t, ts.addr, "a")
	a.expect("What is your name?")
	a.send("help")
	a.expect("Type your name")
	a.send("ann")
	a.expect("Hello ann. Waiting for a second player")
	a.send("c3")
	a.expect("Still waiting for a second player, ann (type quit to leave).")
	b := dial(t, ts.addr, "b")
	b.expect("What is your name?")
	b.conn.Close()
	c := dial(t, ts.addr, "c")
	c.expect("What is your name?")
	c.send("cat")
	a.expect("You play black (you move first), against cat.")
	c.expect("You play white (you move second), against ann.")
	a.expect("Your move (black)")
	a.send("c3")
	c.expect("Last move: ann (black) played c3")
	ts.stop(t, before)
	a.closed()
	c.closed()
}

// After a game both players are offered a rematch with the colours
// swapped (issue 25 item 8); when both accept, the second game is played
// and recorded apart, the winner of the first now moving second.
func TestRematchColoursSwapped(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a, b := pair(t, ts, "ann", "ben")
	a.expect("Your move (black)")
	a.send("resign")
	b.expect("ann resigned. You win.")
	a.expect("A rematch, colours swapped (you would play white, against ben)? Type yes or no: ")
	b.expect("A rematch, colours swapped (you would play black, against ann)? Type yes or no: ")
	a.send("maybe")
	a.expect("Please answer yes or no")
	a.send("yes")
	a.expect("Waiting for ben's answer...")
	b.send("y")
	a.expect("Rematch!")
	b.expect("You play black (you move first), against ann.")
	a.expect("You play white (you move second), against ben.")
	b.expect("Your move (black)")
	b.send("c3")
	a.expect("Last move: ben (black) played c3")
	a.send("quit")
	b.expect("ann left the game. You win.")
	b.closed()
	ts.stop(t, before)

	files, _ := filepath.Glob(filepath.Join(ts.dir, "*.rec"))
	if len(files) != 2 {
		t.Fatalf("records %q, want two", files)
	}
	for _, want := range []struct{ name, black, white, result, moves string }{
		{"-table1-ann-ben.rec", "ann", "ben", "0-1", ""},
		{"-table1-game2-ben-ann.rec", "ben", "ann", "1-0", "c3"},
	} {
		var data []byte
		for _, f := range files {
			if strings.HasSuffix(f, want.name) {
				data, _ = os.ReadFile(f)
			}
		}
		rec, err := record.Parse(string(data))
		if err != nil || rec.Get("Black") != want.black || rec.Get("White") != want.white || rec.Get("Result") != want.result ||
			strings.Join(rec.MoveTexts(), " ") != want.moves {
			t.Errorf("%s: %v\n%s", want.name, err, data)
		}
	}
}

// A no, or a player who leaves, ends the table as a game's end did
// before: both are let go.
func TestRematchDeclinedOrLeft(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a, b := pair(t, ts, "ann", "ben")
	a.expect("Your move")
	a.send("resign")
	b.expect("A rematch")
	b.send("yes")
	a.expect("A rematch")
	a.send("no")
	b.expect("ann does not want a rematch. Bye.")
	a.closed()
	b.closed()

	c, d := pair(t, ts, "cat", "dan")
	c.expect("Your move")
	c.send("resign")
	d.expect("A rematch")
	c.expect("A rematch")
	c.conn.Close()
	d.expect("cat has left: no rematch. Bye.")
	d.closed()
	ts.stop(t, before)
}

func TestLineReader(t *testing.T) {
	in := "one\r\ntwo\r\x00thr\xff\xffee\n\xff\xfa\x18\x01\xff\xf0four\rfive\x07\n" + strings.Repeat("x", 20) + "\nlast"
	r := newLineReader(strings.NewReader(in), 10)
	var got []string
	for {
		l, err := r.ReadLine()
		if err == errLineTooLong {
			got = append(got, "<too long>")
			continue
		}
		if err != nil {
			break
		}
		got = append(got, l)
	}
	want := []string{"one", "two", "thr\uFFFDee", "four", "five", "<too long>", "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A forced pass is played and announced to both players. The moves are the
// seed program's recorded game match5_pass (rules/konobi/testdata/games.jsonl):
// after b3 White has no legal placement and passes; Black's c4 then wins.
func TestForcedPassAnnounced(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	black, white := pair(t, ts, "roberto", "lorenzo")
	moves := strings.Fields("a1 b4 c2 e5 e4 e1 c1 b2 d4 a2 b5 d3 b1 a4 a3 d5 d2 e3 c5 d1 a5 e2 b3")
	for i, m := range moves {
		p := black
		if i%2 == 1 {
			p = white
		}
		p.expect("Your move")
		p.send(m)
	}
	black.expect("lorenzo (white) has no legal move and passes.")
	white.expect("lorenzo (white) has no legal move and passes.")
	black.expect("Your move (black)")
	black.send("c4")
	white.expect("Game over: black wins")
	noRematch(t, white, black)
	ts.stop(t, before)
}

// A client that floods lines out of turn does not stop the game: the other
// player still moves and is answered.
func TestFloodingClient(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a, b := pair(t, ts, "ann", "ben")
	a.expect("Your move (black)")
	flood := strings.Repeat("c3\r\n", 5000) + strings.Repeat("\x00\xff\xfe garbage \x1b[31m\r\n", 500)
	done := make(chan error, 1)
	go func() { _, err := io.WriteString(b.conn, flood); done <- err }()
	a.send("c3")
	b.expect("Last move: ann (black) played c3")
	if err := <-done; err != nil {
		t.Fatalf("flood: %v", err)
	}
	a.send("board")
	a.expect("Waiting for ben (white) to move.")
	b.send("resign")
	a.expect("ben resigned. You win.")
	ts.stop(t, before)
}

// Each client is welcomed once, as he comes, with the rules in one line and
// the options on a line of their own, then asked his name; flip turns one
// player's board.
func TestWelcomeOnceRulesLineFlip(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a := dial(t, ts.addr, "first")
	got := a.upTo("What is your name?")
	if strings.Count(got, "Welcome") != 1 || !strings.Contains(got, "Welcome to boardrepl. Konobi: ") || !strings.Contains(got, ".\r\nOptions: size=5.\r\n") {
		t.Errorf("first client's welcome:\n%q", got)
	}
	a.send("ann")
	a.expect("Waiting for a second player")
	b := dial(t, ts.addr, "second")
	got = b.upTo("What is your name?")
	if strings.Count(got, "Welcome") != 1 || !strings.Contains(got, ".\r\nOptions: size=5.\r\n") {
		t.Errorf("second client's welcome:\n%q", got)
	}
	b.send("bob")
	if got := a.upTo("board "); strings.Contains(got, "Welcome") {
		t.Errorf("the first client is welcomed again:\n%s", got)
	}
	a.send("flip")
	a.expect("flipped board ")
	a.send("flip")
	a.expect("\r\nboard ")
	a.send("quit")
	b.expect("You win")
	a.closed()
	b.closed()
	ts.stop(t, before)
}

// The welcome names the options the server was given; a game that draws
// something of its own (Ataxx's blocks without a pattern) says what it
// drew as it begins, since each game (and each rematch) draws anew.
func TestGameDrawnOptionsNamed(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "ataxx", []string{"blocks=4"}, time.Minute)
	a := dial(t, ts.addr, "a")
	a.expect("Options: blocks=4.\r\nWhat is your name?")
	a.send("ann")
	a.expect("Waiting for a second player")
	b := arrive(t, ts, "ben")
	a.expect("You play red (you move first), against ben. This game: blocks=4 pattern=")
	b.expect("You play blue (you move second), against ann. This game: blocks=4 pattern=")
	a.send("quit")
	b.expect("You win")
	b.closed()
	ts.stop(t, before)
}
