package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
)

// TimeControl is how long the players of a match may think, in
// cutechess's terms: a clock of Time for every Moves moves (0: for the
// whole game) with Inc added after each move (tc=40/60+0.5), or a fixed
// time a move (st=0.1), and limits a move (nodes=N, depth=N). The zero
// value is no clock and no limit: the players' own specs decide.
type TimeControl struct {
	Moves    int
	Time     time.Duration
	Inc      time.Duration
	MoveTime time.Duration
	Nodes    int64
	Depth    int
}

// Timed reports whether the players play on a clock (Time > 0).
func (tc TimeControl) Timed() bool { return tc.Time > 0 }

// ParseTimeControl reads a time control: terms separated by spaces or
// commas, each one of
//
//	[tc=][MOVES/]TIME[+INC]  a clock: TIME (seconds, or M:SS) for every
//	                         MOVES moves (all of them when left out), INC
//	                         seconds added after each move: 10+0.1, 40/60+0.5, 1:30+1
//	inf                      no clock
//	st=SECONDS               a fixed time a move (not with a clock)
//	nodes=N, depth=N         a node or depth limit a move
//
// Times in seconds may also be written as Go durations (100ms, 1m30s).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	seen := map[string]bool{}
	terms := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	if len(terms) == 0 {
		return tc, fmt.Errorf("empty time control (want 10+0.1, 40/60+0.5, inf, st=0.1, nodes=N)")
	}
	for _, t := range terms {
		k, v, ok := strings.Cut(t, "=")
		if !ok {
			k, v = "tc", t
		}
		if seen[k] {
			return tc, fmt.Errorf("%s given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "tc":
			if v != "inf" {
				err = tc.parseClock(v)
			}
		case "st":
			tc.MoveTime, err = parseSeconds(v)
		case "nodes":
			if tc.Nodes, err = strconv.ParseInt(v, 10, 64); err != nil || tc.Nodes < 1 {
				return tc, fmt.Errorf("nodes=%s: want a whole number >= 1", v)
			}
		case "depth":
			if tc.Depth, err = strconv.Atoi(v); err != nil || tc.Depth < 1 || tc.Depth >= MaxPly {
				return tc, fmt.Errorf("depth=%s: want a whole number from 1 to %d", v, MaxPly-1)
			}
		default:
			return tc, fmt.Errorf("%q: unknown term (want [MOVES/]TIME[+INC], inf, st=S, nodes=N or depth=N)", t)
		}
		if err != nil {
			return tc, fmt.Errorf("%s: %v", t, err)
		}
	}
	if tc.MoveTime > 0 && seen["tc"] {
		return tc, fmt.Errorf("st= is a fixed time a move: it cannot go with a clock (%s)", s)
	}
	return tc, nil
}

// parseClock reads [MOVES/]TIME[+INC].
func (tc *TimeControl) parseClock(v string) error {
	rest, inc, hasInc := strings.Cut(v, "+")
	if hasInc {
		d, err := parseSeconds(inc)
		if err != nil {
			return fmt.Errorf("increment %q: %v", inc, err)
		}
		tc.Inc = d
	}
	if moves, t, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 {
			return fmt.Errorf("moves %q: want a whole number >= 1", moves)
		}
		tc.Moves, rest = n, t
	}
	var d time.Duration
	var err error
	if m, sec, ok := strings.Cut(rest, ":"); ok {
		var mins int
		mins, err = strconv.Atoi(m)
		var s time.Duration
		if err == nil {
			s, err = parseSeconds(sec)
		}
		if err != nil || mins < 0 {
			return fmt.Errorf("time %q: want seconds or M:SS", rest)
		}
		if d = time.Duration(mins)*time.Minute + s; mins > int(maxSeconds)/60 || d > maxSeconds*time.Second {
			return fmt.Errorf("time %q: want at most %g seconds", rest, maxSeconds)
		}
	} else if d, err = parseSeconds(rest); err != nil {
		return fmt.Errorf("time %q: %v", rest, err)
	}
	if d <= 0 {
		return fmt.Errorf("time %q: want more than 0", rest)
	}
	tc.Time = d
	return nil
}

// maxSeconds bounds a time: about 11 days, within the nanoseconds a
// float64 holds exactly.
const maxSeconds = 1e6

// parseSeconds reads a number of seconds (0.1) or a Go duration (100ms).
func parseSeconds(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if f, ferr := strconv.ParseFloat(v, 64); ferr == nil {
		d, err = time.Duration(math.Round(f*float64(time.Second))), nil
		if !(f >= 0) || f > maxSeconds {
			err = fmt.Errorf("want a number of seconds from 0 to %g", maxSeconds)
		}
	} else if err != nil || d < 0 || d > maxSeconds*time.Second {
		err = fmt.Errorf("want seconds (0.5) or a duration (500ms)")
	}
	return d, err
}

// seconds writes a time in seconds, exactly ("0.1", "90", "0.000001").
func seconds(d time.Duration) string {
	s := strconv.FormatInt(int64(d/time.Second), 10)
	if ns := d % time.Second; ns != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%09d", ns), "0")
	}
	return s
}

// Clock is the part of the time control a PGN TimeControl tag holds, as
// cutechess writes it: "40/60+0.5", "10+0.1", "0.1/move"; "" for none.
func (tc TimeControl) Clock() string {
	switch {
	case tc.MoveTime > 0:
		return seconds(tc.MoveTime) + "/move"
	case !tc.Timed():
		return ""
	}
	s := seconds(tc.Time)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + seconds(tc.Inc)
	}
	return s
}

// String writes the time control as ParseTimeControl reads it ("inf" for
// none).
func (tc TimeControl) String() string {
	var parts []string
	switch {
	case tc.MoveTime > 0:
		parts = append(parts, "st="+seconds(tc.MoveTime))
	case tc.Timed():
		parts = append(parts, tc.Clock())
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(tc.Nodes, 10))
	}
	if tc.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(tc.Depth))
	}
	if len(parts) == 0 {
		return "inf"
	}
	return strings.Join(parts, " ")
}

// Clock is one player's clock in a game. It runs while the player
// thinks: Punch charges each move's time, adds the increment, and starts
// a new period after the period's moves.
type Clock struct {
	tc        TimeControl
	left      time.Duration
	movesLeft int
}

// NewClock is a player's clock at the start of a game.
func NewClock(tc TimeControl) Clock {
	return Clock{tc: tc, left: max(tc.Time, tc.MoveTime), movesLeft: tc.Moves}
}

// Left is the time the player has for its next move (st: the move time).
func (c *Clock) Left() time.Duration { return c.left }

// MovesToGo is the number of the player's moves to the next time control,
// 0 when the clock has a single period.
func (c *Clock) MovesToGo() int { return c.movesLeft }

// Punch charges a move that took d. It reports false when the player
// overstepped its time by more than margin (it loses on time; the clock is
// then left as it was); otherwise the increment is added and, after the
// last move of a period, the next period's time.
func (c *Clock) Punch(d, margin time.Duration) bool {
	if c.tc.MoveTime == 0 && !c.tc.Timed() {
		return true
	}
	if d > c.left+margin {
		return false
	}
	if c.tc.MoveTime > 0 {
		return true
	}
	c.left += c.tc.Inc - d
	if c.tc.Moves > 0 {
		if c.movesLeft--; c.movesLeft == 0 {
			c.movesLeft = c.tc.Moves
			c.left += c.tc.Time
		}
	}
	return true
}

// MoveClock is what a player on a clock is told before each of its
// moves: the time control, the time on each side's clock (by side: UAI's
// btime is side 0's, wtime side 1's) and its moves to the next control.
type MoveClock struct {
	TC TimeControl
	// Left is the time left of the player on each side now.
	Left      [2]time.Duration
	MovesToGo int
	// Swapped: the players have exchanged sides since the game's start (the
	// Konobi swap), so the player on side 0 now is the one who started on
	// side 1 (UGI's player 2).
	Swapped bool
}

// Own is what remains of a player's own limits on this time control
// (ownDefault: its spec gave none, own is its default, which the time
// control replaces): the time control's nodes= and depth= where own has
// none of that kind, and the move time of st= less overhead (MoveTime) when
// shorter than own's.
func (mc *MoveClock) Own(own Limits, ownDefault bool, overhead time.Duration) Limits {
	lim := own
	if ownDefault {
		lim = Limits{}
	}
	if lim.Nodes == 0 {
		lim.Nodes = mc.TC.Nodes
	}
	if lim.Depth == 0 {
		lim.Depth = mc.TC.Depth
	}
	if mc.TC.MoveTime > 0 {
		if t := MoveTime(mc.TC.MoveTime, overhead); lim.Time == 0 || t < lim.Time {
			lim.Time = t
		}
	}
	return lim
}

// Limits are the limits of an in-process search of the side to move in g
// on this clock: Own's, and on a clock the time manager's budget (Budget
// over MovesLeft) when it is shorter than their time; the first limit
// reached stops.
func (mc *MoveClock) Limits(own Limits, ownDefault bool, g rules.Game, overhead time.Duration) Limits {
	lim := mc.Own(own, ownDefault, overhead)
	if mc.TC.Timed() {
		soft, hard := Budget(mc.Left[g.SideToMove()], mc.TC.Inc, mc.MovesToGo, MovesLeft(g), overhead)
		if lim.Time == 0 || hard < lim.Time {
			lim.Time, lim.Soft = hard, soft
		}
	}
	return lim
}
