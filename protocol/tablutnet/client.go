package tablutnet

import (
	"boardrepl/rules/record/tablutlog"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
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
	Now      func() time.Time
}

// Budget returns the time the client gives itself for a move.
func (c *ClientConfig) Budget() time.Duration {
	b := c.MoveTime - c.Margin
	if b < c.MoveTime/2 {
		b = c.MoveTime / 2
	}
	return b
}

// DefaultMargin is the safety margin under a move time: a tenth of it, at
// least a second, at most five.
func DefaultMargin(moveTime time.Duration) time.Duration {
	m := moveTime / 10
	m = max(m, time.Second)
	m = min(m, 5*time.Second)
	return m
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
	for {
		msg, err := ReadMessage(conn)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
				fmt.Fprintf(out, "result: unfinished (%v)\n", ErrServerClosed)
				return res, ErrServerClosed
			}
			return res, fmt.Errorf("reading from the server: %w", err)
		}
		st, sg, err := tablutlog.ParseState(msg)
		if err != nil {
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
		m, err := think(ctx, g, cfg, refused)
		if err != nil {
			return res, err
		}
		if err := WriteMessage(conn, tablutlog.ActionOf(g, m)); err != nil {
			return res, fmt.Errorf("sending the move: %w", err)
		}
		pending, sent = m, true
	}
}

// think chooses a move within the budget, avoiding moves the server refused.
func think(ctx context.Context, g rules.Game, cfg ClientConfig, refused map[rules.Move]bool) (rules.Move, error) {
	budget := cfg.Budget()
	lim := cfg.Limits
	if lim.Time == 0 || lim.Time > budget {
		lim.Time = budget
	}
	sctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	m, err := cfg.Search(sctx, g.Clone(), lim, nil)
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	legal := g.Moves(nil)
	ok := err == nil && !refused[m]
	if ok {
		ok = false
		for _, x := range legal {
			if x == m {
				ok = true
			}
		}
	}
	if ok {
		return m, nil
	}
	for _, x := range legal {
		if !refused[x] {
			return x, nil
		}
	}
	if len(legal) > 0 {
		return legal[0], nil
	}
	return 0, fmt.Errorf("no move to play: %v", err)
}

func shorten(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}
