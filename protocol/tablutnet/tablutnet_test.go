package tablutnet

import (
	"boardrepl/rules/record/tablutlog"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/record"
	"boardrepl/rules/tablut"
)

func TestFraming(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMessage(&b, []byte(`"é"`)); err != nil {
		t.Fatal(err)
	}
	if got := b.Bytes(); !bytes.Equal(got, []byte{0, 0, 0, 4, '"', 0xc3, 0xa9, '"'}) {
		t.Fatalf("frame % x", got)
	}
	msg, err := ReadMessage(&b)
	if err != nil || string(msg) != `"é"` {
		t.Fatalf("%q %v", msg, err)
	}
	if _, err := ReadMessage(&b); err != io.EOF {
		t.Errorf("at the end: %v, want EOF", err)
	}
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{[]byte{0, 0}, "unexpected EOF"},
		{[]byte{0, 0, 0, 3, 'a'}, "unexpected EOF"},
		{[]byte{0xff, 0xff, 0xff, 0xff}, "too long"},
		{[]byte{0, 0, 0, 1, 0xff}, "UTF-8"},
	} {
		_, err := ReadMessage(bytes.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("% x: %v, want %s", c.in, err, c.want)
		}
	}
}

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{"Raw Bot!": "RawBot", "abcdefghijklmno": "abcdefghij", "a.b.c.d.e.f.g": "abcde", "Élan_2": "Élan2"} {
		if got := tablutlog.CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

// checkLeaks fails the test if goroutines started during it are still
// running shortly after it ends.
func checkLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Errorf("%d goroutines left running:\n%s", n-before, buf[:runtime.Stack(buf, true)])
		}
	})
}

// rawFrame reads one frame byte by byte, as the Java DataInputStream does.
func rawFrame(t *testing.T, c net.Conn) []byte {
	t.Helper()
	var hdr [4]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil {
		t.Fatalf("reading a length: %v", err)
	}
	buf := make([]byte, binary.BigEndian.Uint32(hdr[:]))
	if _, err := io.ReadFull(c, buf); err != nil {
		t.Fatalf("reading %d bytes: %v", len(buf), err)
	}
	return buf
}

// rawSend writes a frame as StreamUtils.writeString does: writeInt, then the
// bytes, in two writes.
func rawSend(t *testing.T, c net.Conn, s string) {
	t.Helper()
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(s)))
	if _, err := c.Write(hdr[:]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
}

func serverJSON(t *testing.T, g rules.Game) string {
	js, err := g.(rules.AltFormatter).FormatPositionAs("server-json")
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// fakeServer accepts one client and runs script on the connection.
func fakeServer(t *testing.T, script func(c net.Conn)) (addr string, done chan struct{}) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done = make(chan struct{})
	go func() {
		defer close(done)
		defer ln.Close()
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(10 * time.Second))
		script(c)
	}()
	return ln.Addr().String(), done
}

func dial(t *testing.T, addr string) net.Conn {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestClientAgainstFakeServer(t *testing.T) {
	checkLeaks(t)
	var serverMoves []string
	addr, done := fakeServer(t, func(c net.Conn) {
		if name := rawFrame(t, c); string(name) != `"bot"` {
			t.Errorf("name frame %q, want \"bot\" as a JSON string", name)
		}
		g, _ := tablut.Info.New(nil)
		rawSend(t, c, serverJSON(t, g))
		for ply := 0; ply < 6; ply++ {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				t.Errorf("ply %d: no moves at %s (%v)", ply, g.Position(), g.Result())
				return
			}
			m := ms[0]
			if g.SideToMove() == 1 {
				m = ms[len(ms)-1]
			}
			if g.SideToMove() == 0 {
				from, to, _ := strings.Cut(g.FormatMove(m), "-")
				want := fmt.Sprintf(`{"from":"%s","to":"%s","turn":"WHITE"}`, from, to)
				if got := string(rawFrame(t, c)); got != want {
					t.Errorf("ply %d: action %s, want %s", ply, got, want)
					return
				}
			}
			serverMoves = append(serverMoves, g.FormatMove(m))
			g.Play(m)
			rawSend(t, c, serverJSON(t, g))
		}
		// The server declares a draw on the same board (its verdict: the
		// five-hour limit, say).
		js := serverJSON(t, g)
		rawSend(t, c, strings.Replace(js, `"turn":"WHITE"`, `"turn":"DRAW"`, 1))
		io.Copy(io.Discard, c) // until the client closes
	})
	conn := dial(t, addr)
	var out, trace bytes.Buffer
	res, err := Play(context.Background(), conn, ClientConfig{Role: 0, Name: "bot", MoveTime: 2 * time.Second, Margin: time.Second, Search: searcher.FirstLegal, Out: &out, Trace: &trace})
	conn.Close()
	<-done
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if got := res.Record.MoveTexts(); !slices.Equal(got, serverMoves) {
		t.Errorf("record %q, server played %q", got, serverMoves)
	}
	if res.Final != tablutlog.TurnDraw || res.Record.Get("Result") != "1/2-1/2" || !strings.Contains(res.Record.Get("Termination"), "verdict") {
		t.Errorf("final %s, tags %+v", res.Final, res.Record.Tags)
	}
	if res.Record.Get("White") != "bot" || res.Record.Get("Game") != "tablut" {
		t.Errorf("tags %+v", res.Record.Tags)
	}
	if !strings.Contains(out.String(), "  1. * white ") || !strings.Contains(out.String(), "result: draw") {
		t.Errorf("output:\n%s", out.String())
	}
	// The trace: one line for each of our four moves (plies 1, 3, 5 and the
	// one sent before the server's draw), with what FirstLegal reports
	// (depth 1, a node for each legal move: 56 at the start).
	lines := strings.Split(strings.TrimSuffix(trace.String(), "\n"), "\n")
	first := regexp.MustCompile(`^search: ` + regexp.QuoteMeta(serverMoves[0]) + ` depth 1 score \+0 nodes 56 in 0s, sent after [0-9.]+[mµn]?s$`)
	if len(lines) != 4 || !first.MatchString(lines[0]) {
		t.Errorf("trace:\n%s", trace.String())
	}
}

func TestClientRefusedMoveAndServerGone(t *testing.T) {
	checkLeaks(t)
	var first, second string
	addr, done := fakeServer(t, func(c net.Conn) {
		rawFrame(t, c)
		g, _ := tablut.Info.New(nil)
		g.Play(g.Moves(nil)[0]) // black plays first for the client
		js := serverJSON(t, g)
		// A start position that is not the standard one, black to move.
		rawSend(t, c, js)
		first = string(rawFrame(t, c))
		rawSend(t, c, js) // refused: the same state again
		second = string(rawFrame(t, c))
		// then the server dies
	})
	conn := dial(t, addr)
	var log bytes.Buffer
	res, err := Play(context.Background(), conn, ClientConfig{Role: 1, Name: "b", MoveTime: time.Second, Search: searcher.FirstLegal, Log: &log})
	<-done
	if !errors.Is(err, ErrServerClosed) {
		t.Fatalf("err %v, want ErrServerClosed", err)
	}
	if first == second || !strings.Contains(first, `"turn":"BLACK"`) {
		t.Errorf("moves %s then %s: the refused move was sent again", first, second)
	}
	if res.Refused != 1 || !strings.Contains(log.String(), "refused") {
		t.Errorf("refused %d, log %q", res.Refused, log.String())
	}
	if res.Record.Get("Result") != "*" || res.Record.Get("Position") == "" || len(res.Record.Moves) != 0 {
		t.Errorf("record %+v", res.Record)
	}
}

func listen(t *testing.T) net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// rawBlack is a challenge player written against the protocol alone: it
// follows the states with its own board and plays the first legal move.
func rawPlayer(t *testing.T, addr, name string, bad string) (moves []string, final string, err error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, "", err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if err := WriteMessage(c, []byte(name)); err != nil {
		return nil, "", err
	}
	for {
		msg, err := ReadMessage(c)
		if err != nil {
			return moves, final, err
		}
		st, g, err := tablutlog.ParseState(msg)
		if err != nil {
			return moves, final, err
		}
		if st.Final() {
			return moves, st.Turn, nil
		}
		if st.Turn != tablutlog.TurnBlack && bad == "" {
			continue
		}
		if bad != "" {
			// send a bad move on our first turn, whatever it is
			if err := WriteMessage(c, []byte(bad)); err != nil {
				return moves, final, err
			}
			bad = ""
			continue
		}
		m := g.Moves(nil)[0]
		moves = append(moves, g.FormatMove(m))
		from, to, _ := strings.Cut(g.FormatMove(m), "-")
		if err := WriteMessage(c, []byte(fmt.Sprintf(`{"from":"%s","to":"%s","turn":"BLACK"}`, from, to))); err != nil {
			return moves, final, err
		}
	}
}

func TestServerTwoClients(t *testing.T) {
	checkLeaks(t)
	wl, bl := listen(t), listen(t)
	var glog, console bytes.Buffer
	dir := t.TempDir()
	srvDone := make(chan struct{})
	var sres *ServerResult
	var serr error
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() {
		defer close(srvDone)
		sres, serr = Serve(ctx, ServerConfig{White: wl, Black: bl, MoveTime: 5 * time.Second, ConnectTimeout: 5 * time.Second, GameLog: &glog, LogDir: dir, Out: &console,
			Now: func() time.Time { return time.Date(2024, 3, 4, 10, 2, 11, 0, time.UTC) }})
	}()
	// White: boardrepl's client. Black: a raw socket client. White connects
	// first, as the server accepts white first.
	wc := dial(t, wl.Addr().String())
	type cres struct {
		r   *ClientResult
		err error
	}
	wdone := make(chan cres, 1)
	go func() {
		r, err := Play(ctx, wc, ClientConfig{Role: 0, Name: "boardrepl", MoveTime: 5 * time.Second, Search: searcher.Random(7)})
		wdone <- cres{r, err}
	}()
	bmoves, bfinal, berr := rawPlayer(t, bl.Addr().String(), `"Raw Bot!"`, "")
	w := <-wdone
	<-srvDone
	if serr != nil || w.err != nil {
		t.Fatalf("server: %v; white: %v; black: %v\n%s", serr, w.err, berr, console.String())
	}
	if sres.Names != [2]string{"boardrepl", "RawBot"} {
		t.Errorf("names %q", sres.Names)
	}
	if bfinal != sres.Final || w.r.Final != sres.Final || sres.Final == "" {
		t.Errorf("finals: server %s, white %s, black %s", sres.Final, w.r.Final, bfinal)
	}
	moves := sres.Record.MoveTexts()
	if !slices.Equal(w.r.Record.MoveTexts(), moves) {
		t.Errorf("white's record %q, server's %q", w.r.Record.MoveTexts(), moves)
	}
	var blackMoves []string
	for i := 1; i < len(moves); i += 2 {
		blackMoves = append(blackMoves, moves[i])
	}
	if !slices.Equal(bmoves, blackMoves) {
		t.Errorf("black played %q, the server has %q", bmoves, blackMoves)
	}
	// The game replays to the same result under the rules.
	g, _ := tablut.Info.New(nil)
	for _, m := range moves {
		mv, err := g.ParseMove(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		g.Play(mv)
	}
	if r := g.Result(); !r.Over() || record.ResultToken(true, r.Winner) != sres.Record.Get("Result") {
		t.Errorf("replay %+v, record %s", r, sres.Record.Get("Result"))
	}
	// The log reads back into the same game, and the file holds the same log.
	lg, err := tablutlog.ReadLog(bytes.NewReader(glog.Bytes()))
	if err != nil {
		t.Fatalf("reading our log: %v\n%s", err, glog.String())
	}
	if !slices.Equal(lg.Record.MoveTexts(), moves) || lg.Final != sres.Final || lg.Record.Get("Termination") != sres.Record.Get("Termination") {
		t.Errorf("log: %q %s %q\nserver: %q %s %q", lg.Record.MoveTexts(), lg.Final, lg.Record.Get("Termination"), moves, sres.Final, sres.Record.Get("Termination"))
	}
	if lg.Record.Get("White") != "boardrepl" || lg.Record.Get("Black") != "RawBot" || lg.Record.Get("Date") != "2024.03.04" {
		t.Errorf("log tags %+v", lg.Record.Tags)
	}
	file, err := os.ReadFile(sres.LogPath)
	if err != nil || !bytes.Equal(file, glog.Bytes()) || !strings.HasSuffix(sres.LogPath, "_boardrepl_vs_RawBot_1709546531000_gameLog.txt") {
		t.Errorf("log file %s: %v", sres.LogPath, err)
	}
	first := strings.SplitN(glog.String(), "\n", 3)
	if first[0] != "Mar 04, 2024 10:02:11 AM "+logClass+" <init>" || first[1] != "FINE: Players:\tboardrepl\tvs\tRawBot" {
		t.Errorf("log starts %q", first[:2])
	}
	if !strings.Contains(console.String(), "END OF THE GAME") {
		t.Errorf("console:\n%s", console.String())
	}
}

// serveRaw runs a server and a raw white player (who sends whiteMsg on its
// first turn) against a raw black, and returns the server's result and log.
//
// whiteMsg starting with rawPrefix is written as the bytes after it, not
// framed. pre, when given, runs with white's address before white connects.
func serveRaw(t *testing.T, cfg ServerConfig, whiteMsg string, pre ...func(whiteAddr string)) (*ServerResult, string, string) {
	t.Helper()
	wl, bl := listen(t), listen(t)
	var glog bytes.Buffer
	cfg.White, cfg.Black, cfg.GameLog = wl, bl, &glog
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	srvDone := make(chan struct{})
	var sres *ServerResult
	var serr error
	go func() {
		defer close(srvDone)
		sres, serr = Serve(ctx, cfg)
	}()
	for _, f := range pre {
		f(wl.Addr().String())
	}
	wfin := make(chan string, 1)
	go func() {
		c, err := net.DialTimeout("tcp", wl.Addr().String(), 5*time.Second)
		if err != nil {
			wfin <- err.Error()
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(15 * time.Second))
		WriteMessage(c, []byte(`"W"`))
		sent := false
		for {
			msg, err := ReadMessage(c)
			if err != nil {
				wfin <- err.Error()
				return
			}
			st, _, _ := tablutlog.ParseState(msg)
			if st.Final() {
				wfin <- st.Turn
				return
			}
			if st.Turn == tablutlog.TurnWhite && !sent && whiteMsg != "" {
				if raw, ok := strings.CutPrefix(whiteMsg, rawPrefix); ok {
					c.Write([]byte(raw))
				} else {
					WriteMessage(c, []byte(whiteMsg))
				}
				sent = true
			}
		}
	}()
	time.Sleep(20 * time.Millisecond) // white first, as the Java clients must
	_, bfinal, _ := rawPlayer(t, bl.Addr().String(), `"B"`, "")
	wf := <-wfin
	<-srvDone
	if serr != nil {
		t.Fatal(serr)
	}
	if wf != sres.Final || bfinal != sres.Final {
		t.Errorf("finals: server %s, white %s, black %s", sres.Final, wf, bfinal)
	}
	return sres, glog.String(), wf
}

func TestServerRefusedMove(t *testing.T) {
	checkLeaks(t)
	res, log, _ := serveRaw(t, ServerConfig{MoveTime: 5 * time.Second}, `{"from":"e4","to":"e6","turn":"WHITE"}`)
	if res.Final != tablutlog.TurnBlackWin || !strings.Contains(res.Record.Get("Termination"), "refused") {
		t.Errorf("%s %q", res.Final, res.Record.Get("Termination"))
	}
	if !strings.Contains(log, "FINE: Turn: W Pawn from e4 to e6\n") || !strings.Contains(log, "WARNING: Mossa sopra una casella occupata\n") {
		t.Errorf("log:\n%s", log)
	}
	lg, err := tablutlog.ReadLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if lg.Final != tablutlog.TurnBlackWin || len(lg.Refused) != 1 || len(lg.Record.Moves) != 0 || lg.Record.Get("Result") != "0-1" {
		t.Errorf("read back: %+v %q", lg.Record, lg.Refused)
	}
}

func TestServerTimeout(t *testing.T) {
	checkLeaks(t)
	res, log, _ := serveRaw(t, ServerConfig{MoveTime: 200 * time.Millisecond}, "")
	if res.Final != tablutlog.TurnBlackWin || !strings.Contains(res.Record.Get("Termination"), "ran out of time") {
		t.Errorf("%s %q", res.Final, res.Record.Get("Termination"))
	}
	if !strings.Contains(log, "WARNING: Timeout! Player W lose!\n") {
		t.Errorf("log:\n%s", log)
	}
}

func TestServerNobodyConnects(t *testing.T) {
	checkLeaks(t)
	_, err := Serve(context.Background(), ServerConfig{White: listen(t), Black: listen(t), ConnectTimeout: 50 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "nobody connected") {
		t.Errorf("err %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(30 * time.Millisecond); cancel() }()
	if _, err := Serve(ctx, ServerConfig{White: listen(t), Black: listen(t)}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

const rawPrefix = "raw:"
