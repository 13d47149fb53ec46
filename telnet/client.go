package telnet

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"
)

// closeGrace bounds the time a closing connection has to take the output
// still queued for it (the last words: the result, "Bye."), when the write
// timeout is longer.
const closeGrace = 2 * time.Second

// line is one input line, or a read error, and when it was read.
type line struct {
	text string
	err  error
	at   time.Time
}

// client is one connection. Two goroutines serve it: the reader turns its
// input into lines (c.lines), the writer sends it the output queued by
// write. Nothing else ever waits on the client's network: a table queues
// its output and goes on, so a client that stops reading can stall neither
// the game nor the clock of the other player.
//
// A client that does not read is bounded three ways: while more than a
// quarter of maxOut waits for it, its own input is not read (its commands
// cannot pile up more output); output that would take the queue past maxOut
// (what the opponent's moves send it) drops it; and so does a write that
// takes nothing for the write timeout.
type client struct {
	conn   net.Conn
	addr   string
	reader *lineReader
	lines  chan line
	paired chan struct{}
	// watchDone is closed when the waiting-room reader stops reading lines,
	// so the table takes over c.lines without losing one.
	watchDone chan struct{}
	name      string
	color     bool
	flip      bool // the board turned 180 degrees

	timeout time.Duration // a write that takes longer drops the client
	maxOut  int           // the most output that may wait for the client

	mu      sync.Mutex
	out     []byte    // queued and not yet taken by the writer
	unsent  int       // bytes queued or being written
	closeBy time.Time // once closing: when the connection closes at the latest
	dropped string    // why the server dropped the client; "" when it did not
	wake    chan struct{}
	room    chan struct{} // the writer wrote something (for a reader held back)
	done    chan struct{} // closed when the connection is closed
	once    sync.Once
}

func newClient(conn net.Conn, maxLine, maxOut int, timeout time.Duration) *client {
	return &client{conn: conn, addr: conn.RemoteAddr().String(), reader: newLineReader(conn, maxLine),
		lines: make(chan line, 8), paired: make(chan struct{}), watchDone: make(chan struct{}),
		timeout: timeout, maxOut: maxOut, color: true,
		wake: make(chan struct{}, 1), room: make(chan struct{}, 1), done: make(chan struct{})}
}

// notify wakes whoever waits on ch (capacity 1) without blocking.
func notify(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// readLoop sends every line to c.lines and closes it when the connection
// ends. Over-long lines are reported, not fatal. It reads nothing more while
// the client leaves its output unread, and ends when the connection is
// closed even if nobody takes its lines any more.
func (c *client) readLoop() {
	defer close(c.lines)
	for c.waitRoom() {
		t, err := c.reader.ReadLine()
		l := line{text: t, at: time.Now()}
		if errors.Is(err, errLineTooLong) {
			l = line{err: err, at: l.at}
		} else if err != nil {
			return
		}
		select {
		case c.lines <- l:
		case <-c.done:
			return
		}
	}
}

// waitRoom waits while more than a quarter of maxOut waits to be sent; false
// when the connection is closed meanwhile.
func (c *client) waitRoom() bool {
	for {
		c.mu.Lock()
		n := c.unsent
		c.mu.Unlock()
		if n <= c.maxOut/4 {
			return true
		}
		select {
		case <-c.room:
		case <-c.done:
			return false
		}
	}
}

// writeLoop sends the queued output as it comes, and closes the connection
// when it is closing and everything is sent, or when a write fails or
// times out.
func (c *client) writeLoop() {
	defer c.kill()
	var buf []byte
	for {
		c.mu.Lock()
		buf, c.out = c.out, buf[:0]
		closing := !c.closeBy.IsZero()
		deadline := time.Now().Add(c.timeout)
		if closing && c.closeBy.Before(deadline) {
			deadline = c.closeBy
		}
		if len(buf) > 0 {
			c.conn.SetWriteDeadline(deadline)
		}
		c.mu.Unlock()
		if len(buf) == 0 {
			if closing {
				return
			}
			select {
			case <-c.wake:
			case <-c.done:
				return
			}
			continue
		}
		_, err := c.conn.Write(buf)
		c.mu.Lock()
		c.unsent -= len(buf)
		var ne net.Error
		if err != nil && c.closeBy.IsZero() && c.dropped == "" && errors.As(err, &ne) && ne.Timeout() {
			c.dropped = fmt.Sprintf("it took no output for %s", c.timeout)
		}
		c.mu.Unlock()
		notify(c.room)
		if err != nil {
			return
		}
		if cap(buf) > 64<<10 { // a burst is over: give its memory back
			buf = nil
		}
	}
}

func (c *client) printf(format string, a ...any) {
	c.write(fmt.Sprintf(format, a...))
}

// write queues text with CRLF line ends and returns at once. Output that
// would take the queue past maxOut drops the client.
func (c *client) write(s string) {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
	c.mu.Lock()
	if c.closedLocked() {
		c.mu.Unlock()
		return
	}
	if c.unsent+len(s) > c.maxOut {
		c.dropped = fmt.Sprintf("%d bytes of output were waiting for it", c.unsent)
		c.mu.Unlock()
		c.kill()
		return
	}
	c.out = append(c.out, s...)
	c.unsent += len(s)
	c.mu.Unlock()
	notify(c.wake)
}

// close closes the connection once the output queued for it is sent (at
// most closeGrace, or the write timeout when shorter, from now); nothing
// more is queued.
func (c *client) close() {
	c.mu.Lock()
	if c.closeBy.IsZero() {
		c.closeBy = time.Now().Add(min(c.timeout, closeGrace))
		c.conn.SetWriteDeadline(c.closeBy) // a write under way ends by then too
	}
	c.mu.Unlock()
	notify(c.wake)
}

// kill closes the connection now.
func (c *client) kill() {
	c.once.Do(func() {
		close(c.done)
		c.conn.Close()
	})
}

// isClosed says whether the client is closed or closing.
func (c *client) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closedLocked()
}

// closedLocked is isClosed with c.mu held.
func (c *client) closedLocked() bool {
	if !c.closeBy.IsZero() || c.dropped != "" {
		return true
	}
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// dropReason says why the server dropped the client for not reading, ""
// when it did not.
func (c *client) dropReason() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dropped
}

// leftWhy is what the other player is told when the client's connection
// ends: he left, or the server dropped him for not reading.
func (c *client) leftWhy() string {
	if c.dropReason() != "" {
		return fmt.Sprintf("%s was disconnected: he did not read what the server sent", c.name)
	}
	return fmt.Sprintf("%s left the game", c.name)
}
