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
	_ "boardrepl/rules/konobi"
	"boardrepl/rules/record"
)

// tclient is a test telnet client.
type tclient struct {
	t    *testing.T
	name string
	conn net.Conn
	mu   sync.Mutex
	seen bytes.Buffer // everything received and not yet matched
}

func dial(t *testing.T, addr, name string) *tclient {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c := &tclient{t: t, name: name, conn: conn}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			c.mu.Lock()
			c.seen.Write(buf[:n])
			c.mu.Unlock()
			if err != nil {
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
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := c.conn.Write([]byte("x\r\n"))
	for i := 0; err == nil && i < 100; i++ {
		time.Sleep(20 * time.Millisecond)
		_, err = c.conn.Write([]byte("\r\n"))
	}
	if err == nil {
		c.t.Fatalf("%s: connection still open", c.name)
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

// pair connects two clients in turn, as a table's first and second player,
// and gives them the names first and second when asked.
func pair(t *testing.T, ts *testServer, first, second string) (*tclient, *tclient) {
	t.Helper()
	a := dial(t, ts.addr, first)
	a.expect("Waiting for a second player")
	b := dial(t, ts.addr, second)
	a.expect("What is your name?")
	b.expect("What is your name?")
	a.send(first)
	b.send(second)
	return a, b
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
	alice.closed()
	bob.closed()

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

// A player who disconnects mid-game loses; the other is told. A third
// client waits for a fourth and gets its own table.
func TestDisconnectAndThirdClient(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, time.Minute)
	a := dial(t, ts.addr, "a")
	a.expect("Waiting")
	b := dial(t, ts.addr, "b")
	c := dial(t, ts.addr, "c")
	c.expect("Waiting for a second player")
	a.expect("What is your name?")
	b.expect("What is your name?")
	a.send("ann")
	b.send("ben")
	a.expect("Your move")
	a.send("d4")
	b.expect("Last move: ann (black) played d4")
	b.conn.Close()
	a.expect("ben left the game. You win.")
	a.closed()

	// The waiting third client gets a table when a fourth arrives.
	d := dial(t, ts.addr, "d")
	c.expect("What is your name?")
	d.expect("What is your name?")
	c.send("cat")
	d.send("dan")
	c.expect("Your move (black)")
	// A line that floods past the limit is refused, not fatal.
	c.send(strings.Repeat("z", 5000))
	c.expect("too long")
	c.send("resign")
	d.expect("cat resigned. You win.")
	c.closed()
	d.closed()
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

// A player silent on his turn past the idle limit loses on time.
func TestIdleLosesOnTime(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, 300*time.Millisecond)
	a, b := pair(t, ts, "ann", "ben")
	b.expect("Waiting for ann")
	b.expect("ann lost on time")
	a.expect("You lose")
	ts.stop(t, before)
}

// A client that leaves before naming itself sends the other back to wait;
// cancelling the server closes everything.
func TestLeaveBeforeStartAndShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", nil, time.Minute)
	a := dial(t, ts.addr, "a")
	a.expect("Waiting")
	b := dial(t, ts.addr, "b")
	b.expect("What is your name?")
	b.conn.Close()
	a.send("ann")
	a.expect("The other player left before the game began.")
	a.expect("Waiting for a second player")
	ts.stop(t, before)
	a.closed()
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
	black.closed()
	white.closed()
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

// The first client is welcomed once (when he comes, not again when the
// opponent arrives); the rules line ends before the options, which have a
// line of their own; flip turns one player's board.
func TestWelcomeOnceRulesLineFlip(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a := dial(t, ts.addr, "first")
	a.expect("Welcome to boardrepl: Konobi")
	a.expect("Waiting for a second player")
	b := dial(t, ts.addr, "second")
	if got := a.upTo("What is your name?"); strings.Contains(got, "Welcome") {
		t.Errorf("the first client is welcomed again:\n%s", got)
	}
	got := b.upTo("What is your name?")
	if strings.Count(got, "Welcome") != 1 || !strings.Contains(got, ".\r\nOptions: size=5.\r\n") {
		t.Errorf("second client's welcome:\n%q", got)
	}
	a.send("ann")
	b.send("bob")
	a.expect("board ")
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
