package main

import (
	"errors"
	"io"
	"net"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// serveClient is a telnet client of a 'boardrepl serve' process that
// gathers what it receives.
type serveClient struct {
	conn net.Conn
	got  lockedBuffer
}

func dialServe(t *testing.T, addr string) *serveClient {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c := &serveClient{conn: conn}
	go io.Copy(&c.got, conn)
	return c
}

func (c *serveClient) send(t *testing.T, s string) {
	t.Helper()
	if _, err := io.WriteString(c.conn, s); err != nil {
		t.Fatal(err)
	}
}

func (c *serveClient) expect(t *testing.T, want string) {
	t.Helper()
	waitUntil(t, "the client to receive "+want, func() bool { return strings.Contains(c.got.String(), want) })
}

// SIGTERM ends 'boardrepl serve' within a bounded time, whatever its
// clients do: after a game whose loser resigned with 20 more lines in the
// same write (which used to leave a reader blocked for ever, and the server
// alive for good after SIGTERM), with a game going on in which a player
// asks for the board until the server's output to him stops, with a
// client waiting for an opponent and one asked his name. The players are
// told the game ends unfinished, the others that the server stops, and the
// process exits with status 0.
func TestServeSIGTERMEndsItPromptly(t *testing.T) {
	s, addr := startServe(t, "--idle", "10m")
	// A game that ends in a resignation followed by 20 lines.
	a := dialServe(t, addr)
	a.expect(t, "What is your name?")
	a.send(t, "ann\r\n")
	a.expect(t, "Waiting for a second player")
	b := dialServe(t, addr)
	b.expect(t, "What is your name?")
	b.send(t, "ben\r\n")
	a.expect(t, "Your move")
	a.send(t, "resign\r\n"+strings.Repeat("board\r\n", 20))
	b.expect(t, "ann resigned. You win.")
	// (ann and ben are then offered a rematch, which they leave unanswered.)
	b.expect(t, "A rematch")
	// A game going on, one of its players not reading.
	c := dialServe(t, addr)
	c.expect(t, "What is your name?")
	c.send(t, "cat\r\n")
	c.expect(t, "Waiting for a second player")
	// dan's socket buffers are small (4 KiB, set before connecting so that
	// the window he offers stays small): the server's output to him stops.
	small := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) {
			syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		})
	}}
	d, err := small.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	io.WriteString(d, "dan\r\n")
	c.expect(t, "Your move")
	// dan asks for the board until the server stops reading him for half a
	// second: what it sends him then fills every buffer between them.
	chunk := []byte(strings.Repeat("board\r\n", 1000))
	for {
		d.SetWriteDeadline(time.Now().Add(500 * time.Millisecond))
		n, err := d.Write(chunk)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			if n == 0 {
				break
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// And one waiting, and one not named yet.
	e := dialServe(t, addr)
	e.expect(t, "What is your name?")
	e.send(t, "eve\r\n")
	e.expect(t, "Waiting for a second player")
	f := dialServe(t, addr)
	f.expect(t, "What is your name?")

	start := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() {
		for range s.lines {
		}
		exited <- s.cmd.Wait()
	}()
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Errorf("serve exited with status %d after SIGTERM; stderr:\n%s", ee.ExitCode(), s.stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("serve still running 15 s after SIGTERM; stderr:\n%s", s.stderr.String())
	}
	t.Logf("SIGTERM to exit: %v", time.Since(start).Round(time.Millisecond))
	c.expect(t, "Sorry, the server is stopping. The game ends unfinished")
	e.expect(t, "Sorry, the server is stopping. Bye.")
	f.expect(t, "Sorry, the server is stopping. Bye.")
	b.expect(t, "Sorry, the server is stopping. Bye.")
	if got := c.got.String(); strings.Contains(got, "You win") {
		t.Errorf("cat was told he won:\n%s", got)
	}
}
