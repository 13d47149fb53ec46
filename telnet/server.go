// Package telnet runs two-player games over TCP, playable with a plain
// telnet client: `boardrepl serve`. Each client is asked his name as he
// arrives; clients are then paired in arrival order, and each pair plays at
// its own table, isolated from the others, as many games as both want (each
// rematch with the colours swapped).
//
// Faults: a player who disconnects, quits or stays silent on his turn for
// longer than the idle limit loses the game (it is not adjourned); the other
// player is told. So does one who does not read what he is sent: output is
// queued per client (see client), so that no client's network ever holds
// up a table or the clock of the other player. When the server stops
// (Ctrl-C, an error it cannot go on after), the games in progress are not
// anyone's fault: both players are told and the game is recorded as
// unfinished ('*'). Every game played is written as a record when a record
// directory is set.
//
// The server keeps serving when accepting fails for a while (out of file
// descriptors: it backs off and retries), and past MaxConns connections it
// tells the extra client that it is full and closes the connection.
package telnet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"boardrepl/rules"
)

// Config says what the server plays and how.
type Config struct {
	Info    *rules.Info
	Options []string // KEY=VALUE pairs, validated by New
	// Idle is how long the player to move may stay silent before losing on
	// time (also the limit for typing one's name, and for answering the
	// offer of a rematch).
	Idle time.Duration
	// RecordDir, when set, receives one game record per finished game.
	RecordDir string
	// Render draws the board for a player, coloured or not, turned 180
	// degrees or not (the board itself names the squares of the last move).
	// Required.
	Render func(g rules.Game, color, flip bool) string
	// Log receives one line per event (connections, games, faults); may be nil.
	Log io.Writer
	// MaxLine bounds an input line in bytes (default 512).
	MaxLine int
	// WriteTimeout bounds a write to a client; a client that takes nothing
	// for that long is dropped (default 10s).
	WriteTimeout time.Duration
	// MaxOutput bounds the output waiting for one client (default 256 KiB):
	// past it the client, who does not read, is dropped, and past a quarter
	// of it his own input is not read until he takes his output. Output is
	// queued: no client's network ever holds up a table.
	MaxOutput int
	// MaxConns bounds the clients connected at once; the next one is told
	// the server is full (default DefaultMaxConns()).
	MaxConns int
}

// Server accepts clients and runs their tables.
type Server struct {
	cfg     Config
	opts    rules.Options
	mu      sync.Mutex
	waiting *client
	conns   map[*client]bool
	tables  int
	wg      sync.WaitGroup
	logMu   sync.Mutex
	// stopping is closed when the server stops: tables end their games as
	// unfinished.
	stopping chan struct{}
	stopWhy  string         // why, for the players; set before stopping is closed
	tableWG  sync.WaitGroup // the tables, waited for before the last close
	greetWG  sync.WaitGroup // the clients being asked their names, likewise
	// sleep waits between accept retries (a test replaces it).
	sleep func(time.Duration)
}

// New validates the configuration.
func New(cfg Config) (*Server, error) {
	if cfg.Info == nil {
		return nil, errors.New("no game")
	}
	if cfg.Render == nil {
		return nil, errors.New("no renderer")
	}
	opts, err := cfg.Info.ParseOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	if _, err := cfg.Info.New(opts); err != nil {
		return nil, err
	}
	if cfg.Idle <= 0 {
		cfg.Idle = 5 * time.Minute
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = 512
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 10 * time.Second
	}
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = 256 << 10
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = DefaultMaxConns()
	}
	return &Server{cfg: cfg, opts: opts, conns: map[*client]bool{}, stopping: make(chan struct{}), sleep: time.Sleep}, nil
}

// DefaultMaxConns is the connection cap when none is set: 1000, or fewer
// when the descriptor limit (ulimit -n) would not leave room for the
// listener, record files and the runtime (32 descriptors kept apart).
func DefaultMaxConns() int {
	const most, reserve = 1000, 32
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err == nil && rl.Cur < most+reserve {
		if rl.Cur <= 2*reserve {
			return max(1, int(rl.Cur)/2)
		}
		return int(rl.Cur) - reserve
	}
	return most
}

// temporaryAccept says whether an accept error may go away by itself: out
// of descriptors or memory, a connection reset before it was accepted, a
// timeout.
func temporaryAccept(err error) bool {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM,
		syscall.ECONNABORTED, syscall.ECONNRESET, syscall.EINTR, syscall.EAGAIN, syscall.EPROTO} {
		if errors.Is(err, e) {
			return true
		}
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func (s *Server) logf(format string, a ...any) {
	if s.cfg.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.cfg.Log, time.Now().Format("15:04:05 ")+format+"\n", a...)
}

// Serve accepts connections on ln until ctx is cancelled or accepting
// fails for good, then stops: the games in progress end as unfinished (both
// players are told, the records say '*'), waiting clients are told, every
// connection is closed, and Serve returns (nil when ctx was cancelled, else
// the accept error). Temporary accept errors (out of descriptors) are
// logged and retried with a growing pause, up to a second.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	var err error
	var pause time.Duration
	for {
		conn, aerr := ln.Accept()
		if aerr != nil {
			if ctx.Err() != nil {
				break
			}
			if !temporaryAccept(aerr) {
				err = aerr
				break
			}
			if pause == 0 {
				pause = 5 * time.Millisecond
				s.logf("accept: %v; retrying", aerr)
			} else if pause *= 2; pause > time.Second {
				pause = time.Second
			}
			s.sleep(pause)
			continue
		}
		pause = 0
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetKeepAlive(true)
			tc.SetKeepAlivePeriod(30 * time.Second)
		}
		if s.full() {
			s.refuse(conn)
			continue
		}
		s.arrive(newClient(conn, s.cfg.MaxLine, s.cfg.MaxOutput, s.cfg.WriteTimeout))
	}
	why := "the server is stopping"
	if err != nil {
		why = "the server is stopping after an error"
		s.logf("accept: %v; stopping", err)
	}
	s.shutdown(why)
	return err
}

// full says whether MaxConns clients are connected.
func (s *Server) full() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns) >= s.cfg.MaxConns
}

// refuse tells a client over the cap that the server is full and closes it.
func (s *Server) refuse(conn net.Conn) {
	conn.SetWriteDeadline(time.Now().Add(time.Second))
	io.WriteString(conn, fmt.Sprintf("Sorry, the server is full (%d players connected). Please try again later.\r\n", s.cfg.MaxConns))
	conn.Close()
	s.logf("refused %s: full (%d connections)", conn.RemoteAddr(), s.cfg.MaxConns)
}

// shutdown ends every game as unfinished, tells the waiting clients, closes
// every connection and waits for every goroutine: it takes at most
// closeGrace once the tables have ended (they end at once: none waits on a
// client), however the clients behave.
func (s *Server) shutdown(why string) {
	s.mu.Lock()
	s.stopWhy = why
	close(s.stopping)
	w := s.waiting
	s.waiting = nil
	s.mu.Unlock()
	if w != nil {
		w.printf("\r\nSorry, %s. Bye.\r\n", why)
		w.close()
	}
	s.tableWG.Wait() // the tables tell their players and write their records
	s.greetWG.Wait() // and the clients asked their names are told
	s.mu.Lock()
	for c := range s.conns {
		c.close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// isStopping says whether the server is stopping.
func (s *Server) isStopping() bool {
	select {
	case <-s.stopping:
		return true
	default:
		return false
	}
}

// arrive registers a new client, starts its reader and writer, and asks
// its name.
func (s *Server) arrive(c *client) {
	s.mu.Lock()
	s.conns[c] = true
	s.mu.Unlock()
	s.wg.Add(3)
	go func() { // the reader: lines into c.lines until the connection ends
		defer s.wg.Done()
		c.readLoop()
	}()
	go func() { // the writer: what is queued for c, until it is closed
		defer s.wg.Done()
		c.writeLoop()
	}()
	s.logf("connect %s", c.addr)
	s.greetWG.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.greetWG.Done()
		s.greet(c)
	}()
}

// rulesLine is the game in one line, and the options (when any differ from
// the defaults) on a line of their own.
func (s *Server) rulesLine(opts rules.Options) string {
	in := s.cfg.Info
	line := in.Name + ": " + strings.TrimSuffix(in.Description, ".") + "."
	if o := in.FormatOptions(opts); len(o) > 0 {
		line += "\r\nOptions: " + strings.Join(o, " ") + "."
	}
	return line
}

// greet welcomes a client and asks his name as he arrives (so that nothing
// he types later is taken for it), then seats him. A client who gives no
// name within the idle limit, leaves or types quit is let go.
func (s *Server) greet(c *client) {
	c.printf("Welcome to boardrepl. %s\r\nWhat is your name? ", s.rulesLine(s.opts))
	timer := time.NewTimer(s.cfg.Idle)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				s.forget(c)
				s.logf("disconnect %s (before giving a name)%s", c.addr, dropNote(c))
				return
			}
			if l.err == nil && isQuit(l.text) {
				c.printf("Bye.\r\n")
				s.forget(c)
				return
			}
			if v, ok := clientVerbs.Lookup(strings.ToLower(l.text)); ok && v.Name == "help" {
				c.printf("Type your name (letters, digits, - or _, up to 20), or quit to leave: ")
				continue
			}
			name := cleanName(l.text)
			if l.err != nil || name == "" {
				c.printf("Please type a name (letters, digits, - or _, up to 20): ")
				continue
			}
			c.name = name
			s.seat(c)
			return
		case <-timer.C:
			c.printf("\r\nNo name was given in %s. Bye.\r\n", s.cfg.Idle)
			s.forget(c)
			s.logf("disconnect %s: no name in %s", c.addr, s.cfg.Idle)
			return
		case <-s.stopping:
			c.printf("\r\nSorry, %s. Bye.\r\n", s.stopWhy)
			s.forget(c)
			return
		}
	}
}

// isQuit says whether a line asks to leave.
func isQuit(text string) bool {
	v, ok := clientVerbs.Lookup(strings.ToLower(text))
	return ok && v.Name == "quit"
}

// seat pairs c, who has given his name, with the waiting client, or makes
// him wait for the next one.
func (s *Server) seat(c *client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.isStopping() {
		c.printf("\r\nSorry, the server is stopping. Bye.\r\n")
		c.close()
		return
	}
	if w := s.waiting; w != nil && !w.isClosed() {
		s.waiting = nil
		s.tables++
		id := s.tables
		s.wg.Add(1)
		s.tableWG.Add(1)
		go func() {
			defer s.wg.Done()
			defer s.tableWG.Done()
			for _, p := range s.runTable(id, w, c) {
				s.forget(p)
			}
		}()
		return
	}
	s.waiting = c
	c.paired = make(chan struct{})
	c.watchDone = make(chan struct{})
	c.printf("Hello %s. Waiting for a second player to connect...\r\n", c.name)
	s.wg.Add(1)
	go func() { // a waiting client that leaves frees the seat
		defer s.wg.Done()
		s.watchWaiting(c)
	}()
}

// watchWaiting handles input from a client that waits for an opponent:
// every line is answered (quit leaves).
func (s *Server) watchWaiting(c *client) {
	defer close(c.watchDone)
	for {
		select {
		case <-c.paired:
			return
		case l, ok := <-c.lines:
			if !ok {
				s.mu.Lock()
				if s.waiting == c {
					s.waiting = nil
				}
				s.mu.Unlock()
				s.forget(c)
				s.logf("disconnect %s (while waiting)%s", c.addr, dropNote(c))
				return
			}
			if l.err == nil && isQuit(l.text) {
				c.printf("Bye.\r\n")
				c.close()
				continue
			}
			c.printf("Still waiting for a second player, %s (type quit to leave).\r\n", c.name)
		}
	}
}

func (s *Server) forget(c *client) {
	c.close()
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// dropNote is, for the log, why the server dropped c (": dropped, ..."),
// or "" when it did not.
func dropNote(c *client) string {
	if why := c.dropReason(); why != "" {
		return ": dropped, " + why
	}
	return ""
}
