package telnet

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"boardrepl/rules/record"
)

// failingListener fails its first n accepts with err, then accepts for real.
type failingListener struct {
	net.Listener
	mu  sync.Mutex
	n   int
	err error
}

func (l *failingListener) Accept() (net.Conn, error) {
	l.mu.Lock()
	if l.n > 0 {
		l.n--
		l.mu.Unlock()
		return nil, l.err
	}
	l.mu.Unlock()
	return l.Listener.Accept()
}

func emfile() error {
	return &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
}

// Out of descriptors, accepting fails: the server backs off (5 ms doubling
// up to a second), logs it once, and serves the next client.
func TestAcceptEMFILERetried(t *testing.T) {
	before := runtime.NumGoroutine()
	var mu sync.Mutex
	var pauses []time.Duration
	ts := startWith(t, "konobi", nil, time.Minute, func(s *Server) {
		s.sleep = func(d time.Duration) { mu.Lock(); pauses = append(pauses, d); mu.Unlock() }
	}, func(ln net.Listener) net.Listener {
		return &failingListener{Listener: ln, n: 12, err: emfile()}
	})
	a := dial(t, ts.addr, "a")
	a.expect("What is your name?")
	mu.Lock()
	want := []time.Duration{5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000}
	if len(pauses) != len(want) {
		t.Errorf("pauses %v, want %v ms", pauses, want)
	}
	for i := range min(len(pauses), len(want)) {
		if pauses[i] != want[i]*time.Millisecond {
			t.Errorf("pause %d: %v, want %v", i, pauses[i], want[i]*time.Millisecond)
		}
	}
	mu.Unlock()
	if n := strings.Count(ts.logString(), "too many open files; retrying"); n != 1 {
		t.Errorf("the log names the error %d times, want once:\n%s", n, ts.logString())
	}
	ts.stop(t, before)
	a.expect("Sorry, the server is stopping. Bye.")
	a.closed()
}

// An accept error that will not go away stops the server: the game in
// progress ends unfinished, not as a forfeit, and Serve returns the error.
func TestAcceptFatalEndsGamesUnfinished(t *testing.T) {
	fl := &failingListener{}
	ts := startWith(t, "konobi", []string{"size=5"}, time.Minute, nil, func(ln net.Listener) net.Listener {
		fl.Listener = ln
		return fl
	})
	a, b := pair(t, ts, "ann", "ben")
	a.expect("Your move")
	a.send("c3")
	b.expect("Your move")
	fl.mu.Lock()
	fl.n, fl.err = 1, errors.New("the listener broke")
	fl.mu.Unlock()
	dial(t, ts.addr, "c") // wakes the accept loop (the real accept is never reached)
	var err error
	select {
	case err = <-ts.done:
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not stop")
	}
	if err == nil || !strings.Contains(err.Error(), "the listener broke") {
		t.Errorf("Serve returned %v", err)
	}
	for _, c := range []*tclient{a, b} {
		c.expect("Sorry, the server is stopping after an error. The game ends unfinished: no one wins")
		c.mu.Lock()
		if strings.Contains(c.seen.String(), "You win") || strings.Contains(c.seen.String(), "You lose") {
			t.Errorf("%s told a result: %q", c.name, c.seen.String())
		}
		c.mu.Unlock()
		c.closed()
	}
	rec := onlyRecord(t, ts.dir)
	if rec.Get("Result") != "*" || rec.Get("Termination") != "unfinished (the server is stopping after an error)" ||
		strings.Join(rec.MoveTexts(), " ") != "c3" {
		t.Errorf("record: %q %q %q", rec.Get("Result"), rec.Get("Termination"), rec.MoveTexts())
	}
	ts.cancel()
}

func onlyRecord(t *testing.T, dir string) *record.Record {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.rec"))
	if len(files) != 1 {
		t.Fatalf("records %q, want one", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(string(data))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, data)
	}
	return rec
}

// Ctrl-C (the context cancelled) during a game: both players are told the
// server is stopping, no one wins, the record says '*'; a waiting client and
// one still giving his name are told too.
func TestShutdownRecordsUnfinished(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := start(t, "konobi", []string{"size=5"}, time.Minute)
	a, b := pair(t, ts, "ann", "ben")
	a.expect("Your move")
	a.send("c3")
	b.expect("Your move")
	c := arrive(t, ts, "cat")
	c.expect("Waiting for a second player")
	d := dial(t, ts.addr, "d")
	d.expect("What is your name?")
	ts.stop(t, before)
	for _, p := range []*tclient{a, b} {
		p.expect("Sorry, the server is stopping. The game ends unfinished: no one wins, and it is recorded as unfinished (*).")
		p.mu.Lock()
		if s := p.seen.String(); strings.Contains(s, "You win") || strings.Contains(s, "You lose") || strings.Contains(s, "left the game") {
			t.Errorf("%s was told %q", p.name, s)
		}
		p.mu.Unlock()
		p.closed()
	}
	c.expect("Sorry, the server is stopping. Bye.")
	d.expect("Sorry, the server is stopping. Bye.")
	rec := onlyRecord(t, ts.dir)
	if rec.Get("Result") != "*" || rec.Get("Termination") != "unfinished (the server is stopping)" ||
		rec.Get("Black") != "ann" || strings.Join(rec.MoveTexts(), " ") != "c3" {
		t.Errorf("record: %+v %q", rec.Tags, rec.MoveTexts())
	}
}

// Past MaxConns, a client is told the server is full and let go; the
// clients connected are not disturbed, and a place freed is taken again.
func TestMaxConnsRefusal(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := startWith(t, "konobi", nil, time.Minute, func(s *Server) { s.cfg.MaxConns = 2 }, nil)
	a := arrive(t, ts, "ann")
	a.expect("Waiting for a second player")
	b := dial(t, ts.addr, "b")
	b.expect("What is your name?")
	c := dial(t, ts.addr, "c")
	c.expect("Sorry, the server is full (2 players connected). Please try again later.\r\n")
	c.closed()
	waitFor(t, func() bool { return strings.Contains(ts.logString(), "refused") })
	b.send("ben")
	a.expect("Your move")
	b.send("quit")
	a.expect("You win")
	a.closed()
	waitFor(t, func() bool {
		d := dial(t, ts.addr, "d")
		defer d.conn.Close()
		d.conn.SetReadDeadline(time.Now().Add(time.Second))
		buf := make([]byte, 100)
		n, _ := d.conn.Read(buf)
		return strings.Contains(string(buf[:n]), "Welcome")
	})
	ts.stop(t, before)
}

func TestDefaultMaxConns(t *testing.T) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Skip(err)
	}
	n := DefaultMaxConns()
	if n < 1 || n > 1000 || uint64(n) >= rl.Cur {
		t.Errorf("DefaultMaxConns() = %d with a descriptor limit of %d", n, rl.Cur)
	}
}
