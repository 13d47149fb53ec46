package tablutnet

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"boardrepl/internal/safetext"
	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/record"
	"boardrepl/rules/record/tablutlog"
	"boardrepl/rules/tablut"
)

// A server that says nothing: the client gives up after --silence, with the
// game unfinished, instead of waiting forever.
func TestClientSilentServer(t *testing.T) {
	checkLeaks(t)
	for _, c := range []struct {
		name  string
		start bool // the server sends the start state, then nothing
	}{{"before the first state", false}, {"during the game", true}} {
		addr, done := fakeServer(t, func(conn net.Conn) {
			rawFrame(t, conn)
			if c.start {
				g, _ := tablut.Info.New(nil)
				g.Play(g.Moves(nil)[0]) // black to move: the client (white) waits
				rawSend(t, conn, serverJSON(t, g))
			}
			io.Copy(io.Discard, conn) // silent until the client leaves
		})
		conn := dial(t, addr)
		var out bytes.Buffer
		res, err := Play(context.Background(), conn, ClientConfig{Role: 0, Name: "w", MoveTime: time.Second,
			Search: searcher.FirstLegal, Out: &out, Silence: 50 * time.Millisecond, Start: 50 * time.Millisecond})
		conn.Close()
		<-done
		if err == nil || !strings.Contains(err.Error(), "the server sent nothing for 50ms") {
			t.Errorf("%s: err %v", c.name, err)
		}
		if !strings.Contains(out.String(), "result: unfinished (the server sent nothing for 50ms)") || res.Record.Get("Result") != "*" {
			t.Errorf("%s: output %q, result %q", c.name, out.String(), res.Record.Get("Result"))
		}
	}
}

// A state that cannot happen (no king, a soldier on the throne, a second
// king) is refused: the client stops rather than play on it.
func TestClientImpossibleState(t *testing.T) {
	checkLeaks(t)
	g, _ := tablut.Info.New(nil)
	start := serverJSON(t, g)
	for _, c := range []struct{ state, want string }{
		{strings.Replace(start, `"KING"`, `"THRONE"`, 1), "0 kings on the board, want 1"},
		{strings.Replace(start, `"KING"`, `"EMPTY"`, 1), "0 kings on the board, want 1"},
		{strings.Replace(start, `"EMPTY","EMPTY","EMPTY","BLACK"`, `"EMPTY","EMPTY","KING","BLACK"`, 1), "two kings"},
	} {
		addr, done := fakeServer(t, func(conn net.Conn) {
			rawFrame(t, conn)
			rawSend(t, conn, c.state)
			io.Copy(io.Discard, conn)
		})
		conn := dial(t, addr)
		var out bytes.Buffer
		_, err := Play(context.Background(), conn, ClientConfig{Role: 1, Name: "b", MoveTime: time.Second,
			Search: searcher.FirstLegal, Out: &out})
		conn.Close()
		<-done
		if err == nil || (c.want != "" && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("state %.60s...: err %v, want %q", c.state, err, c.want)
		}
		if !strings.Contains(out.String(), "result: unfinished") {
			t.Errorf("output %q", out.String())
		}
	}
}

func TestPossible(t *testing.T) {
	g, _ := tablut.Info.New(nil)
	st, _ := tablutlog.StateOf(g)
	if err := tablutlog.Possible(st); err != nil {
		t.Errorf("the start: %v", err)
	}
	st.Board[4][4] = "WHITE" // the king gone, a soldier on the throne
	st.Board[0][0] = "KING"
	if err := tablutlog.Possible(st); err == nil || !strings.Contains(err.Error(), "white soldier on the throne") {
		t.Errorf("soldier on e5: %v", err)
	}
	st.Board[4][4] = "EMPTY" // the empty throne may be written EMPTY
	if err := tablutlog.Possible(st); err != nil {
		t.Errorf("EMPTY e5: %v", err)
	}
	st.Board[8][8] = "THRONE"
	if err := tablutlog.Possible(st); err == nil || !strings.Contains(err.Error(), "the throne at i9") {
		t.Errorf("throne at i9: %v", err)
	}
	st.Board[8][8] = "EMPTY"
	for i := range 9 {
		st.Board[2][i] = "BLACK" // 16 + 9 - the ones replaced
	}
	if err := tablutlog.Possible(st); err == nil || !strings.Contains(err.Error(), "black soldiers, at most 16") {
		t.Errorf("too many black: %v", err)
	}
}

// The budget is counted from the state's arrival: time spent before the
// search starts (parsing, printing, a process starved of CPU) is taken off
// the search, and a fifth of the margin is kept for sending. A fake clock
// says 500 ms have passed since the arrival.
func TestThinkCountsFromArrival(t *testing.T) {
	arrival := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var got searcher.Limits
	cfg := ClientConfig{MoveTime: 3 * time.Second, Margin: time.Second,
		Now: func() time.Time { return arrival.Add(500 * time.Millisecond) },
		Search: func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
			got = lim
			return searcher.FirstLegal(ctx, g, lim, info)
		}}
	stop, send := cfg.deadlines(arrival)
	if send != arrival.Add(2*time.Second) || stop != arrival.Add(1800*time.Millisecond) {
		t.Errorf("deadlines: stop +%v, send +%v; want +1.8s, +2s", stop.Sub(arrival), send.Sub(arrival))
	}
	g, _ := tablut.Info.New(nil)
	idle := make(chan struct{})
	close(idle)
	m, _, err := think(context.Background(), g, cfg, map[rules.Move]bool{}, arrival, &idle)
	if err != nil || m != g.Moves(nil)[0] {
		t.Fatalf("think: %v %v", m, err)
	}
	if got.Time != 1300*time.Millisecond {
		t.Errorf("search time %v, want 1.3s (2s budget - 0.2s for sending - 0.5s already gone)", got.Time)
	}
	<-idle
}

// A searcher that does not stop when told (as a process that gets no CPU
// would not): the client sends the best move of its last finished
// iteration before the move time runs out, and does not wait for it.
func TestClientSlowSearcherStillMoves(t *testing.T) {
	checkLeaks(t)
	g, _ := tablut.Info.New(nil)
	legal := g.Moves(nil)
	want := g.FormatMove(legal[len(legal)-1])
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	defer free()
	stuck := func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
		info(searcher.Info{Depth: 1, PV: []string{want}})
		<-release // ignores ctx
		return g.Moves(nil)[0], nil
	}
	var action string
	addr, done := fakeServer(t, func(conn net.Conn) {
		rawFrame(t, conn)
		rawSend(t, conn, serverJSON(t, g))
		action = string(rawFrame(t, conn))
		free()
		rawSend(t, conn, strings.Replace(serverJSON(t, g), `"turn":"WHITE"`, `"turn":"DRAW"`, 1))
		io.Copy(io.Discard, conn)
	})
	conn := dial(t, addr)
	var logw bytes.Buffer
	_, err := Play(context.Background(), conn, ClientConfig{Role: 0, Name: "w", MoveTime: 400 * time.Millisecond,
		Margin: 100 * time.Millisecond, Search: stuck, Log: &logw})
	conn.Close()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	from, to, _ := strings.Cut(want, "-")
	if !strings.Contains(action, `"from":"`+from+`","to":"`+to+`"`) {
		t.Errorf("sent %s, want the last iteration's %s", action, want)
	}
	if !strings.Contains(logw.String(), "the search did not stop in time; sending "+want) {
		t.Errorf("log %q", logw.String())
	}
}

// A bad length header from the player to move: he loses, and he gets the
// final state like his opponent before he is dropped.
func TestServerBadLengthGetsFinalState(t *testing.T) {
	checkLeaks(t)
	res, log, wfinal := serveRaw(t, ServerConfig{MoveTime: 5 * time.Second}, rawPrefix+"\xff\xff\xff\xff")
	if res.Final != tablutlog.TurnBlackWin || wfinal != tablutlog.TurnBlackWin {
		t.Errorf("final %s, white saw %s", res.Final, wfinal)
	}
	if !strings.Contains(res.Record.Get("Termination"), "white sent a malformed message") || !strings.Contains(log, "sent a malformed message") {
		t.Errorf("termination %q, log:\n%s", res.Record.Get("Termination"), log)
	}
}

// A client that sends a malformed name (a bad length, bytes that are not
// UTF-8) is dropped; the game is played with the next one on the port.
func TestServerMalformedNameNotFatal(t *testing.T) {
	checkLeaks(t)
	for _, bad := range []string{"\xff\xff\xff\xff", "\x00\x00\x00\x02\xc3\x28"} {
		var console syncBuffer
		res, _, _ := serveRaw(t, ServerConfig{MoveTime: 5 * time.Second, Out: &console},
			`{"from":"e4","to":"e6","turn":"WHITE"}`, func(addr string) {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				c.Write([]byte(bad))
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				if _, err := c.Read(make([]byte, 1)); err == nil {
					t.Error("the bad client was sent something")
				}
			})
		if res.Final != tablutlog.TurnBlackWin || res.Names[0] != "W" {
			t.Errorf("%q: final %s, names %q", bad, res.Final, res.Names)
		}
		if !strings.Contains(console.String(), "A white player from") || !strings.Contains(console.String(), "waiting for another") {
			t.Errorf("console:\n%s", console.String())
		}
	}
}

// A move that goes out after its deadline (the process got no CPU: here a
// fake clock that the search moves on by 9.5 s of a 9 s budget) makes the
// client keep twice the delay back from every later move: the second search
// is given 10s - 1s margin - 2*0.5s - 0.2s for sending = 7.8s, not 8.8s.
func TestClientLateMoveWidensMargin(t *testing.T) {
	checkLeaks(t)
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	var limits []time.Duration
	slow := func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
		mu.Lock()
		limits = append(limits, lim.Time)
		if len(limits) == 1 {
			now = now.Add(9500 * time.Millisecond)
		}
		mu.Unlock()
		return searcher.FirstLegal(ctx, g, lim, info)
	}
	addr, done := fakeServer(t, func(c net.Conn) {
		rawFrame(t, c)
		g, _ := tablut.Info.New(nil)
		for range 2 {
			rawSend(t, c, serverJSON(t, g)) // white to move
			rawFrame(t, c)
			g.Play(g.Moves(nil)[0]) // the client's first legal move
			rawSend(t, c, serverJSON(t, g))
			ms := g.Moves(nil)
			g.Play(ms[len(ms)-1])
		}
		rawSend(t, c, strings.Replace(serverJSON(t, g), `"turn":"WHITE"`, `"turn":"DRAW"`, 1))
		io.Copy(io.Discard, c)
	})
	conn := dial(t, addr)
	var logw bytes.Buffer
	_, err := Play(context.Background(), conn, ClientConfig{Role: 0, Name: "w", MoveTime: 10 * time.Second,
		Margin: time.Second, Search: slow, Log: &logw, Now: clock})
	conn.Close()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{8800 * time.Millisecond, 7800 * time.Millisecond}; !slices.Equal(limits, want) {
		t.Errorf("search times %v, want %v", limits, want)
	}
	if !strings.Contains(logw.String(), "the move went out 500ms after its deadline") || !strings.Contains(logw.String(), "budget 8s") {
		t.Errorf("log %q", logw.String())
	}
}

// A margin as long as the move time (the default under --timeout 1 is 2 s)
// leaves half the move time as the budget (0.5 s); the reserve for sending
// is a fifth of what is actually kept back (0.5 s / 5 = 0.1 s), so the
// search stops at 0.4 s, not at 0.5 s - 2 s / 5 = 0.1 s. Under 10 s the
// default 2 s margin keeps its 0.4 s reserve, also after a late move has
// shrunk the budget.
func TestDeadlinesShortMoveTime(t *testing.T) {
	arrival := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		move, margin, late, stop, send time.Duration
	}{
		{time.Second, 2 * time.Second, 0, 400 * time.Millisecond, 500 * time.Millisecond},
		{time.Second, 100 * time.Millisecond, 0, 880 * time.Millisecond, 900 * time.Millisecond},
		{10 * time.Second, 2 * time.Second, 0, 7600 * time.Millisecond, 8 * time.Second},
		{10 * time.Second, 2 * time.Second, time.Second, 5600 * time.Millisecond, 6 * time.Second},
	} {
		cfg := ClientConfig{MoveTime: c.move, Margin: c.margin, late: c.late}
		stop, send := cfg.deadlines(arrival)
		if stop.Sub(arrival) != c.stop || send.Sub(arrival) != c.send {
			t.Errorf("move %v margin %v late %v: stop +%v, send +%v; want +%v, +%v",
				c.move, c.margin, c.late, stop.Sub(arrival), send.Sub(arrival), c.stop, c.send)
		}
	}
}

// The default margin is a tenth of the move time, at least 2 s (a second
// was overrun on a loaded machine at 10 s a move), at most 5 s.
func TestDefaultMargin(t *testing.T) {
	for _, c := range []struct{ move, want time.Duration }{
		{10 * time.Second, 2 * time.Second},
		{30 * time.Second, 3 * time.Second},
		{60 * time.Second, 5 * time.Second},
		{120 * time.Second, 5 * time.Second},
	} {
		if got := DefaultMargin(c.move); got != c.want {
			t.Errorf("DefaultMargin(%v) = %v, want %v", c.move, got, c.want)
		}
	}
}

// controlFree says whether s holds no control character but newlines and
// tabs (the log's and the console's own).
func controlFree(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && r != ' ' && !strconv.IsPrint(r) })
}

// What a client sends in an action's from and to reaches neither the game
// log nor the record unless it is a square (two letters or digits), and the
// console shows it escaped: escape sequences and newlines in them (which
// forged log lines and a board, and made the record unreadable) make the
// move a badly formed action, refused like any illegal move.
func TestServerActionTextChecked(t *testing.T) {
	checkLeaks(t)
	forged := "\nJan 01, 2024 1:00:00 AM " + logClass + " movePawn\nFINE: Movimento pedina\n" +
		"Jan 01, 2024 1:00:00 AM " + logClass + " checkMove\nFINE: Stato:\nOOOOOOOOO"
	for _, c := range []struct {
		from, to string
		logged   [2]string // from and to as the log and the record show them
	}{
		{"e4\x1b[2J", "e5", [2]string{"?", "e5"}},
		{"e\n", "\x1b[", [2]string{"?", "?"}},
		{"e4 to e5" + forged, "e5", [2]string{"?", "e5"}},
		{"d5", "d6" + forged, [2]string{"d5", "?"}},
		{"é4", "e5", [2]string{"?", "e5"}},
	} {
		action, _ := json.Marshal(map[string]string{"from": c.from, "to": c.to, "turn": "WHITE"})
		var console syncBuffer
		res, log, _ := serveRaw(t, ServerConfig{MoveTime: 5 * time.Second, Out: &console}, string(action))
		if res.Final != tablutlog.TurnBlackWin {
			t.Errorf("%s: final %s", action, res.Final)
		}
		line := "FINE: Turn: W Pawn from " + c.logged[0] + " to " + c.logged[1] + "\n"
		if !strings.Contains(log, line) || strings.Count(log, "Pawn from") != 1 || !strings.Contains(log, "WARNING: Formato mossa errato\n") {
			t.Errorf("%s: log:\n%s", action, log)
		}
		if !controlFree(log) || !controlFree(console.String()) {
			t.Errorf("%s: control characters in the log or on the console:\n%q\n%q", action, log, console.String())
		}
		if want := "Suggested move: Turn: W Pawn from " + safetext.Printable(c.from) + " to " + safetext.Printable(c.to) + "\n"; !strings.Contains(console.String(), want) {
			t.Errorf("%s: the console does not show what was sent, escaped (%q):\n%s", action, want, console.String())
		}
		text := res.Record.Format()
		rec, err := record.Parse(text)
		if err != nil {
			t.Fatalf("%s: the record does not read back: %v\n%s", action, err, text)
		}
		want := "black wins (white's move " + c.logged[0] + "-" + c.logged[1] + " was refused: from and to must be squares such as e3)"
		if term := rec.Get("Termination"); term != want {
			t.Errorf("%s: termination %q, want %q", action, term, want)
		}
		lg, err := tablutlog.ReadLog(strings.NewReader(log))
		if err != nil {
			t.Fatalf("%s: the log does not read back: %v\n%s", action, err, log)
		}
		if lg.Final != tablutlog.TurnBlackWin || len(lg.Refused) != 1 || len(lg.Record.Moves) != 0 {
			t.Errorf("%s: read back: final %s, refused %q, %d moves", action, lg.Final, lg.Refused, len(lg.Record.Moves))
		}
	}
}
