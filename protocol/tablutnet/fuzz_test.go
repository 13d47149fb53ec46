package tablutnet

import (
	"boardrepl/rules/record/tablutlog"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules/record"
	"boardrepl/rules/tablut"
)

// FuzzReadMessage: any byte stream reads as frames or fails, never panics;
// each frame is valid UTF-8 within MaxMessage and writes back to the very
// bytes it was read from.
func FuzzReadMessage(f *testing.F) {
	f.Add([]byte{0, 0, 0, 4, '"', 0xc3, 0xa9, '"', 0, 0, 0, 0})
	f.Add([]byte{0, 0})
	f.Add([]byte{0, 0, 0, 3, 'a'})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0, 1, 0, 1})
	f.Add([]byte{0, 0, 0, 1, 0xff})
	f.Add(append([]byte{0, 0, 0, 14}, `{"from":"e3"}x`...))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bytes.NewReader(in)
		for {
			at := len(in) - r.Len()
			msg, err := ReadMessage(r)
			if err != nil {
				if err == io.EOF && at != len(in) {
					t.Fatalf("% x: EOF inside the stream at %d", in, at)
				}
				return
			}
			var b bytes.Buffer
			if err := WriteMessage(&b, msg); err != nil {
				t.Fatalf("% x: frame %q does not write: %v", in, msg, err)
			}
			if end := len(in) - r.Len(); !bytes.Equal(b.Bytes(), in[at:end]) {
				t.Fatalf("% x: frame %q writes as % x, read from % x", in, msg, b.Bytes(), in[at:end])
			}
		}
	})
}

// normal is a state's board with the empty castle written EMPTY.
func normal(st *tablutlog.State) *tablutlog.State {
	out := &tablutlog.State{Turn: st.Turn}
	for _, row := range st.Board {
		r := make([]string, len(row))
		for i, c := range row {
			if c == "THRONE" {
				c = "EMPTY"
			}
			r[i] = c
		}
		out.Board = append(out.Board, r)
	}
	return out
}

// FuzzParseState: any message is a state or an error, never a panic; a
// state shows the board and turn of its game, and the game's own state
// message reads back to the same position.
func FuzzParseState(f *testing.F) {
	g, _ := tablut.Info.New(nil)
	_, start := tablutlog.StateOf(g)
	f.Add(start)
	f.Add(bytes.Replace(start, []byte(`"turn":"WHITE"`), []byte(`"turn":"DRAW"`), 1))
	f.Add(bytes.Replace(start, []byte(`"THRONE"`), []byte(`"EMPTY"`), 1))
	f.Add(bytes.Replace(start, []byte(`"KING"`), []byte(`"EMPTY"`), 1))
	f.Add(bytes.Replace(start, []byte(`"turn"`), []byte(`"Turn"`), 1))
	f.Add(append(start[:len(start):len(start)], " {}"...))
	f.Add([]byte(`{"board":[],"turn":"WHITE"}`))
	f.Add([]byte(`{"board":null,"turn":"BLACK","x":1}`))
	f.Add([]byte(`"Ann"`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		st, g, err := tablutlog.ParseState(msg)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", msg)
			}
			return
		}
		own, js := tablutlog.StateOf(g)
		// The turn is the message's, unless the board ends the game (no
		// king: black wins).
		if !normal(own).SameBoard(normal(st)) || own.Turn != st.Turn && (st.Final() || !own.Final()) {
			t.Fatalf("%q: game's state %s differs", msg, js)
		}
		_, back, err := tablutlog.ParseState(js)
		if err != nil || back.Position() != g.Position() {
			t.Fatalf("%q: own state %s does not read back (%v)", msg, js, err)
		}
	})
}

// frames writes each line of s as one message.
func frames(s string) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(s, "\n") {
		WriteMessage(&b, []byte(l))
	}
	return b.Bytes()
}

// fuzzConn is a connection that reads a fixed stream and swallows writes.
type fuzzConn struct {
	io.Reader
	once sync.Once
	done chan struct{}
}

func newFuzzConn(data []byte) *fuzzConn {
	return &fuzzConn{Reader: bytes.NewReader(data), done: make(chan struct{})}
}

func (c *fuzzConn) Write(b []byte) (int, error)      { return len(b), nil }
func (c *fuzzConn) Close() error                     { c.once.Do(func() { close(c.done) }); return nil }
func (c *fuzzConn) LocalAddr() net.Addr              { return fuzzAddr{} }
func (c *fuzzConn) RemoteAddr() net.Addr             { return fuzzAddr{} }
func (c *fuzzConn) SetDeadline(time.Time) error      { return nil }
func (c *fuzzConn) SetReadDeadline(time.Time) error  { return nil }
func (c *fuzzConn) SetWriteDeadline(time.Time) error { return nil }

type fuzzAddr struct{}

func (fuzzAddr) Network() string { return "fuzz" }
func (fuzzAddr) String() string  { return "fuzz" }

// fuzzListener hands out one connection, then waits until it is closed.
type fuzzListener struct {
	conn chan net.Conn
	*fuzzConn
}

func newFuzzListener(data []byte) *fuzzListener {
	l := &fuzzListener{conn: make(chan net.Conn, 1), fuzzConn: newFuzzConn(nil)}
	l.conn <- newFuzzConn(data)
	return l
}

// Accept gives the one connection, then reports the wait timed out (the
// server waits for another player after a malformed name).
func (l *fuzzListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conn:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	default:
		return nil, os.ErrDeadlineExceeded
	}
}

func (l *fuzzListener) Addr() net.Addr { return fuzzAddr{} }

// FuzzServe: whatever the two players send (one message a line: the name,
// then the actions), the server ends the game without panicking, with a
// final turn, a record that reads back and replays, and a game log with no
// control character (but its newlines and tabs) that reads back too.
func FuzzServe(f *testing.F) {
	f.Add("\"Ann\"\n{\"from\":\"e3\",\"to\":\"f3\",\"turn\":\"WHITE\"}\n{\"from\":\"e4\",\"to\":\"f4\",\"turn\":\"WHITE\"}", "\"Bo\"\n{\"from\":\"a4\",\"to\":\"a3\",\"turn\":\"BLACK\"}")
	f.Add("Ann\n{\"from\":\"E3\",\"to\":\"F3\"}", "\"Bo\"\n{\"from\":\"a4\",\"to\":\"a4\"}\n{\"from\":\"a4\"}\n{\"from\":\"d1\",\"to\":\"d3\"}")
	f.Add("\"x\"\n{\"from\":\"e3\",\"to\":\"é3\"}\n[1]\n{\"from\":\"e3\",\"to\":\"f3\"}", "")
	f.Add("", "\"Bo\"")
	f.Add("\"W\"\n{\"from\":null,\"to\":5}\n{", "\"B\"")
	f.Fuzz(func(t *testing.T, white, black string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		var glog bytes.Buffer
		res, err := Serve(ctx, ServerConfig{
			White: newFuzzListener(frames(white)), Black: newFuzzListener(frames(black)),
			MoveTime: time.Second, ConnectTimeout: time.Second, Errors: 2, GameLog: &glog,
		})
		if err != nil {
			if ctx.Err() != nil {
				t.Fatalf("%q / %q: the server did not end: %v", white, black, err)
			}
			return
		}
		if res.Final != tablutlog.TurnWhiteWin && res.Final != tablutlog.TurnBlackWin && res.Final != tablutlog.TurnDraw {
			t.Fatalf("%q / %q: final turn %q", white, black, res.Final)
		}
		rec, err := record.Parse(res.Record.Format())
		if err != nil {
			t.Fatalf("%q / %q: the record does not read back: %v\n%s", white, black, err, res.Record.Format())
		}
		g, _ := tablut.Info.New(nil)
		for _, m := range rec.MoveTexts() {
			mv, err := g.ParseMove(m)
			if err != nil {
				t.Fatalf("%q / %q: recorded move %s: %v", white, black, m, err)
			}
			g.Play(mv)
		}
		if !controlFree(glog.String()) {
			t.Fatalf("%q / %q: control characters in the log:\n%q", white, black, glog.String())
		}
		if _, err := tablutlog.ReadLog(strings.NewReader(glog.String())); err != nil {
			t.Fatalf("%q / %q: the log does not read back: %v\n%s", white, black, err, glog.String())
		}
	})
}

// FuzzClient: whatever the server sends (one message a line), the client
// ends without panicking, with a record that replays from its start.
func FuzzClient(f *testing.F) {
	g, _ := tablut.Info.New(nil)
	_, start := tablutlog.StateOf(g)
	ms := g.Moves(nil)
	g.Play(ms[0])
	_, one := tablutlog.StateOf(g)
	g.Play(g.Moves(nil)[0])
	_, two := tablutlog.StateOf(g)
	draw := strings.Replace(string(two), `"turn":"WHITE"`, `"turn":"DRAW"`, 1)
	f.Add(string(start)+"\n"+string(one)+"\n"+string(two)+"\n"+draw, 0)
	f.Add(string(start)+"\n"+string(one)+"\n"+string(one)+"\n"+string(two), 1)
	f.Add(string(start)+"\n"+string(two)+"\n"+string(start), 0)
	f.Add(string(start)+"\n"+strings.Replace(string(one), `"turn":"BLACK"`, `"turn":"WHITEWIN"`, 1), 0)
	f.Add(draw, 1)
	f.Add(string(start)+"\n{\"board\":[]}\n", 0)
	f.Add("hello", 1)
	f.Fuzz(func(t *testing.T, server string, role int) {
		role &= 1
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn := struct {
			io.Reader
			io.Writer
		}{bytes.NewReader(frames(server)), io.Discard}
		res, err := Play(ctx, conn, ClientConfig{Role: role, Name: "fuzz", MoveTime: 2 * time.Second, Margin: time.Second, Search: searcher.FirstLegal})
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%q: the client did not end", server)
		}
		if res == nil || res.Record == nil {
			t.Fatalf("%q: no record (%v)", server, err)
		}
		g, err := tablut.Info.New(nil)
		if pos := res.Record.Get("Position"); pos != "" {
			g, err = tablut.Info.Parse(nil, pos)
		}
		if err != nil {
			t.Fatalf("%q: recorded start: %v", server, err)
		}
		for _, m := range res.Record.MoveTexts() {
			mv, err := g.ParseMove(m)
			if err != nil {
				t.Fatalf("%q: recorded move %s: %v", server, m, err)
			}
			g.Play(mv)
		}
	})
}
