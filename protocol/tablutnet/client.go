package tablutnet

import (
	"boardrepl/rules/record/tablutlog"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/tablut"
)

// ClientConfig configures one game as a challenge player.
type ClientConfig struct {
	Role int    // 0 white, 1 black
	Name string // sent to the server as is (the server trims it)
	// MoveTime is the server's time per move; the client answers within
	// MoveTime - Margin.
	MoveTime time.Duration
	Margin   time.Duration
	Search   searcher.Func
	Limits   searcher.Limits // further limits (depth, nodes) of each search
	Out      io.Writer       // the game as it goes (nil: nothing)
	Log      io.Writer       // warnings (nil: nothing)
	// Trace, when not nil, gets a line after each of our moves: the depth,
	// score, nodes and time of the search's last finished iteration, and
	// when the move went out (counted from the state's arrival).
	Trace io.Writer
	Now   func() time.Time
	// Silence is the longest the client waits for the server's next message
	// once the game has started (default DefaultSilence(MoveTime)); Start
	// the longest it waits for the first state, while the server waits for
	// the other player (default 10 minutes). Past it, the game ends
	// unfinished. They apply when the connection has deadlines (a net.Conn).
	Silence, Start time.Duration

	// late is the most a move of this game went out after its send
	// deadline (a process short of CPU); Play keeps twice as much back
	// from every later move.
	late time.Duration
}

// DefaultSilence is how long the client waits for the server by default:
// twice the move time (the opponent's move and ours) and half a minute.
func DefaultSilence(moveTime time.Duration) time.Duration {
	return 2*moveTime + 30*time.Second
}

// sendReserve is the part of the margin kept for turning the move into a
// message and sending it: a fifth of the margin.
func sendReserve(margin time.Duration) time.Duration { return margin / 5 }

// lateNoted is the least lateness of a move that the client takes into
// account (below it, the clock's and the scheduler's jitter).
const lateNoted = 10 * time.Millisecond

// Budget returns the time the client gives itself for a move: the move
// time less the margin, and less twice the worst lateness seen so far in the
// game; never less than half the move time.
func (c *ClientConfig) Budget() time.Duration {
	b := c.MoveTime - c.Margin - 2*c.late
	if b < c.MoveTime/2 {
		b = c.MoveTime / 2
	}
	return b
}

// DefaultMargin is the safety margin under a move time: a tenth of it, at
// least two seconds, at most five. The clock starts when the state arrives,
// so the margin covers the network, the server's own clock and what the
// client cannot see of a machine short of CPU: the state read late, the move
// delivered late. On the real server at 10 s a move, on a 2-core machine
// with a load of about 12, moves went out up to 0.57 s late by a proxy's
// clock (0.32 s by the client's own), and one more than a second late with
// a 1 s margin, which lost the game on time.
func DefaultMargin(moveTime time.Duration) time.Duration {
	m := moveTime / 10
	m = max(m, 2*time.Second)
	m = min(m, 5*time.Second)
	return m
}

// deadlines returns, for a state that arrived at arrival, when the search
// must stop (the budget less the reserve for sending) and when the move
// must be sent whatever the search is doing (the budget: MoveTime less the
// margin). The reserve is a fifth of the margin, but of no more than the
// budget leaves of the move time: a margin as long as the move time (the 2 s
// default under --timeout 1) leaves half the move time as the budget, and a
// fifth of the whole 2 s would have left the search a tenth of the move.
func (c *ClientConfig) deadlines(arrival time.Time) (search, send time.Time) {
	b := c.Budget()
	send = arrival.Add(b)
	return send.Add(-sendReserve(min(c.Margin, c.MoveTime-b))), send
}

// ClientResult is what a game left behind.
type ClientResult struct {
	Game   rules.Game     // the position reached
	Record *record.Record // the game as far as it went
	Final  string         // the server's final turn, "" when none came
	// Refused counts our moves the server refused.
	Refused int
}

// ErrServerClosed is returned when the server closes the connection before
// a final state.
var ErrServerClosed = errors.New("the server closed the connection before the end of the game")

// Play plays one game on conn: it sends the name, follows the states and
// answers with the search's moves on its turns. It returns when a final state
// arrives (nil error), or with an error when the connection ends first or the
// server says something that is not the protocol; the result holds the
// record so far either way. Cancelling ctx closes the game.
func Play(ctx context.Context, conn io.ReadWriter, cfg ClientConfig) (*ClientResult, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	logw := cfg.Log
	if logw == nil {
		logw = io.Discard
	}
	res := &ClientResult{Record: &record.Record{}}
	names := [2]string{"?", "?"}
	names[cfg.Role] = tablutlog.CleanName(cfg.Name)
	tags := []record.Tag{
		{Name: record.TagDate, Value: cfg.Now().Format("2006.01.02")},
		{Name: "White", Value: names[0]},
		{Name: "Black", Value: names[1]},
	}
	var (
		l         *line.Line // the game recorded, from the first state
		annotator string
		verdict   string // the server's final result token, and its words
		term      string
	)
	// The record, however the game ends, is the line's, with the server's
	// verdict as the result (the server is the referee).
	defer func() {
		r := &record.Record{}
		if l != nil {
			r = l.Record(tags...)
		} else {
			r.Set(record.TagGame, tablut.Info.ID)
			for _, t := range tags {
				r.Set(t.Name, t.Value)
			}
		}
		if annotator != "" {
			r.Set("Annotator", annotator)
		}
		if verdict != "" {
			r.Set(record.TagResult, verdict)
			r.Set(record.TagTermination, term)
			r.Result = verdict
		} else {
			r.Set(record.TagResult, record.Unfinished)
		}
		r.SortTags()
		*res.Record = *r
	}()

	if c, ok := conn.(net.Conn); ok {
		stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
		defer stop()
	}
	name, _ := json.Marshal(cfg.Name)
	if err := WriteMessage(conn, name); err != nil {
		return res, fmt.Errorf("sending the name: %w", err)
	}
	var (
		g        rules.Game
		last     *tablutlog.State
		pending  rules.Move
		sent     bool
		refused  = map[rules.Move]bool{}
		recorded = true // moves since the start are all in the record
		plies    int
	)
	finish := func(st *tablutlog.State, why string) {
		res.Final = st.Turn
		verdict = tablutlog.ResultOfTurn(st.Turn)
		r := g.Result()
		term = why
		if term == "" && r.Over() && record.ResultToken(true, r.Winner) == verdict {
			term = rules.FormatResult(g, r)
		}
		if term == "" {
			term = map[string]string{tablutlog.TurnWhiteWin: "white wins", tablutlog.TurnBlackWin: "black wins", tablutlog.TurnDraw: "draw"}[st.Turn] + " (the server's verdict)"
		}
		fmt.Fprintf(out, "result: %s\n", term)
	}
	silence, startWait := cfg.Silence, cfg.Start
	if silence <= 0 {
		silence = DefaultSilence(cfg.MoveTime)
	}
	if startWait <= 0 {
		startWait = 10 * time.Minute
	}
	rd, canWait := conn.(interface{ SetReadDeadline(time.Time) error })
	searching := make(chan struct{}) // closed when no search runs
	close(searching)
	defer func() { // a search that overran stops soon after its cancel
		select {
		case <-searching:
		case <-time.After(time.Second):
		}
	}()
	for {
		wait := silence
		if g == nil {
			wait = max(startWait, silence)
		}
		if canWait {
			rd.SetReadDeadline(time.Now().Add(wait))
			if ctx.Err() != nil { // cancelled before the deadline was set
				return res, ctx.Err()
			}
		}
		msg, err := ReadMessage(conn)
		arrival := cfg.Now()
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
				fmt.Fprintf(out, "result: unfinished (%v)\n", ErrServerClosed)
				return res, ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				fmt.Fprintf(out, "result: unfinished (the server sent nothing for %v)\n", wait)
				return res, fmt.Errorf("the server sent nothing for %v: giving up", wait)
			}
			return res, fmt.Errorf("reading from the server: %w", err)
		}
		st, sg, err := tablutlog.ParseState(msg)
		if err == nil {
			err = tablutlog.Possible(st)
		}
		if err != nil {
			fmt.Fprintf(out, "result: unfinished (the server sent an impossible state)\n")
			return res, fmt.Errorf("the server sent %q: %v", shorten(msg), err)
		}
		switch {
		case g == nil:
			// The first state: the start of the game.
			l = line.FromGame(sg)
			g = l.Game()
			res.Game = g
			fmt.Fprintf(out, "game start, playing %s as %s\n", tablut.Info.ID, g.SideName(cfg.Role))
		case last.SameBoard(st):
			// The same board again: a refused move, or the server ending the
			// game (an error past the limit, a time-out, a draw it declares).
			if sent && !st.Final() && st.Turn == tablutlog.TurnOf(cfg.Role) {
				refused[pending] = true
				res.Refused++
				fmt.Fprintf(logw, "warning: the server refused %s; choosing another move\n", g.FormatMove(pending))
			}
			if sent && st.Final() && st.Turn != map[int]string{0: tablutlog.TurnWhiteWin, 1: tablutlog.TurnBlackWin}[cfg.Role] && st.Turn != tablutlog.TurnDraw {
				fmt.Fprintf(out, "the server ended the game after our move %s (refused, or too late)\n", g.FormatMove(pending))
				finish(st, fmt.Sprintf("%s wins (the server refused or timed out %s's move %s)", g.SideName(1-cfg.Role), g.SideName(cfg.Role), g.FormatMove(pending)))
				return res, nil
			}
		default:
			m, ok := tablutlog.FollowMove(g, st)
			if !ok {
				fmt.Fprintf(logw, "warning: the state after ply %d does not follow from the previous one by a legal move; following the server from here (the record stops at ply %d)\n", g.Ply()+1, g.Ply())
				g = sg // the line (the record) stops here
				res.Game = g
				recorded = false
				annotator = "boardrepl: record incomplete, the server's states could not be followed"
			} else {
				text := g.FormatMove(m)
				side := g.SideToMove()
				ply := plies
				plies++
				if recorded {
					l.Play(m) // g is the line's game
				} else {
					g.Play(m)
				}
				who := "   "
				if side == cfg.Role {
					who = " * "
				}
				fmt.Fprintf(out, "%3d.%s%s %s", ply/2+1, who, g.SideName(side), text)
				if c := g.LastCaptured(); len(c) > 0 {
					fmt.Fprintf(out, " x %v", c)
				}
				fmt.Fprintln(out)
				clear(refused)
			}
		}
		last = st
		sent = false
		if st.Final() {
			finish(st, "")
			return res, nil
		}
		if g.Result().Over() {
			fmt.Fprintf(logw, "warning: the game is over here (%s) but the server goes on with turn %s\n", rules.FormatResult(g, g.Result()), st.Turn)
		}
		if st.Turn != tablutlog.TurnOf(cfg.Role) || g.Result().Over() {
			continue
		}
		m, info, err := think(ctx, g, cfg, refused, arrival, &searching)
		if err != nil {
			return res, err
		}
		if err := WriteMessage(conn, tablutlog.ActionOf(g, m)); err != nil {
			return res, fmt.Errorf("sending the move: %w", err)
		}
		if cfg.Trace != nil {
			fmt.Fprintf(cfg.Trace, "search: %s %s, sent after %v\n", g.FormatMove(m), traceInfo(info), cfg.Now().Sub(arrival).Round(time.Millisecond))
		}
		pending, sent = m, true
		// On a machine short of CPU the move can go out after its deadline
		// (the search, the timer that sends without it, everything waits
		// for a processor): the worst such delay is kept back, twice, from
		// the following moves.
		_, sendAt := cfg.deadlines(arrival)
		if over := cfg.Now().Sub(sendAt); over > cfg.late && over >= lateNoted {
			cfg.late = over
			fmt.Fprintf(logw, "warning: the move went out %v after its deadline (short of CPU?); keeping %v more back from each move from now on (budget %v)\n",
				cfg.late.Round(time.Millisecond), (2 * cfg.late).Round(time.Millisecond), cfg.Budget().Round(time.Millisecond))
		}
	}
}

// think chooses a move within the budget counted from the state's arrival,
// avoiding moves the server refused. The search runs in its own goroutine
// and is told to stop at the search deadline; if it has not returned by the
// send deadline (the process starved of CPU, a search that checks the clock
// too rarely), the best move of its last finished iteration is sent, else a
// legal move, and the search is left to stop by itself (searching is
// closed when it has; the next search waits for it).
//
// It also returns the search's last finished iteration (Depth 0 when none
// finished).
func think(ctx context.Context, g rules.Game, cfg ClientConfig, refused map[rules.Move]bool, arrival time.Time, searching *chan struct{}) (rules.Move, searcher.Info, error) {
	legal := g.Moves(nil)
	fallback := func() (rules.Move, bool) {
		for _, x := range legal {
			if !refused[x] {
				return x, true
			}
		}
		if len(legal) > 0 {
			return legal[0], true
		}
		return 0, false
	}
	good := func(m rules.Move) bool {
		if refused[m] {
			return false
		}
		for _, x := range legal {
			if x == m {
				return true
			}
		}
		return false
	}
	stopAt, sendAt := cfg.deadlines(arrival)
	now := cfg.Now()
	lim := cfg.Limits
	left := stopAt.Sub(now)
	if left < time.Millisecond {
		left = time.Millisecond
	}
	if lim.Time == 0 || lim.Time > left {
		lim.Time = left
	}
	// The previous search, if it overran, must be done: a searcher is not
	// safe for concurrent use.
	select {
	case <-*searching:
	case <-ctx.Done():
		return 0, searcher.Info{}, ctx.Err()
	case <-time.After(left):
		if m, ok := fallback(); ok {
			fmt.Fprintf(logOf(cfg), "warning: the previous search has not stopped; sending %s\n", g.FormatMove(m))
			return m, searcher.Info{}, nil
		}
	}
	sctx, cancel := context.WithTimeout(ctx, left)
	type found struct {
		m   rules.Move
		err error
	}
	done := make(chan found, 1)
	var mu sync.Mutex
	var best rules.Move
	haveBest := false
	var last searcher.Info // the last finished iteration
	lastInfo := func() searcher.Info {
		mu.Lock()
		defer mu.Unlock()
		return last
	}
	c := g.Clone()
	// Names of moves are read on the clone's position before the search.
	byText := map[string]rules.Move{}
	for _, x := range legal {
		byText[c.FormatMove(x)] = x
	}
	idle := make(chan struct{})
	*searching = idle
	go func() {
		defer close(idle)
		defer cancel()
		m, err := cfg.Search(sctx, c, lim, func(i searcher.Info) {
			mu.Lock()
			defer mu.Unlock()
			last = i
			if len(i.PV) == 0 {
				return
			}
			if x, ok := byText[i.PV[0]]; ok {
				best, haveBest = x, true
			}
		})
		done <- found{m, err}
	}()
	wait := sendAt.Sub(cfg.Now())
	if wait < time.Millisecond {
		wait = time.Millisecond
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case f := <-done:
		if ctx.Err() != nil {
			return 0, searcher.Info{}, ctx.Err()
		}
		if f.err == nil && good(f.m) {
			return f.m, lastInfo(), nil
		}
		if m, ok := fallback(); ok {
			return m, lastInfo(), nil
		}
		return 0, searcher.Info{}, fmt.Errorf("no move to play: %v", f.err)
	case <-ctx.Done():
		return 0, searcher.Info{}, ctx.Err()
	case <-timer.C:
		cancel()
		mu.Lock()
		m, ok := best, haveBest && good(best)
		mu.Unlock()
		if !ok {
			m, ok = fallback()
		}
		if !ok {
			return 0, searcher.Info{}, errors.New("no move to play")
		}
		fmt.Fprintf(logOf(cfg), "warning: the search did not stop in time; sending %s, the best move found so far\n", g.FormatMove(m))
		return m, lastInfo(), nil
	}
}

// traceInfo describes a finished iteration for ClientConfig.Trace: "depth 11
// score -235 nodes 412345 in 870ms", the score from our side's view (#N a
// win in N plies, #-N a loss), or "no iteration finished".
func traceInfo(i searcher.Info) string {
	if i.Depth == 0 {
		return "no iteration finished"
	}
	score := fmt.Sprintf("%+d", i.Score)
	if i.Mate != 0 {
		score = fmt.Sprintf("#%d", i.Mate)
	}
	return fmt.Sprintf("depth %d score %s nodes %d in %v", i.Depth, score, i.Nodes, i.Time.Round(time.Millisecond))
}

func logOf(cfg ClientConfig) io.Writer {
	if cfg.Log == nil {
		return io.Discard
	}
	return cfg.Log
}

func shorten(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}
