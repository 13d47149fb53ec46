package gtp

import (
	"time"

	"boardrepl/rules/engine"
)

// clock is the players' time as GTP gives it: time_settings sets main
// time and Canadian byo-yomi (byo seconds for every stones moves once the
// main time is spent), time_left says what a player has left, and the
// engine counts down its own moves between two time_left. A new game
// (boardsize, clear_board) starts both clocks afresh.
type clock struct {
	on      bool // a time limit is in force
	settled bool // by time_settings, whose times each new game starts from
	main    time.Duration
	byo     time.Duration
	stones  int
	left    [2]time.Duration // per colour: the time left (main, or of the period)
	period  [2]int           // per colour: stones left in the byo-yomi period; 0 in main time
}

// settings is time_settings: main time, then byo seconds for every stones
// moves. As the specification says, byo > 0 with stones = 0 means no time
// limit, and byo = 0 absolute time (main only); main = byo = 0 is taken as
// no limit too (no time at all cannot be played).
func (c *clock) settings(main, byo time.Duration, stones int) {
	*c = clock{}
	switch {
	case byo > 0 && stones == 0, byo == 0 && main == 0:
		return
	case byo == 0:
		stones = 0
	}
	c.on, c.settled, c.main, c.byo, c.stones = true, true, main, byo, stones
	for s := range c.left {
		c.left[s] = main
		if main == 0 {
			c.left[s], c.period[s] = byo, stones // byo-yomi from the start
		}
	}
}

// newGame starts both clocks again from time_settings' times; a clock
// only time_left started stops.
func (c *clock) newGame() {
	if !c.settled {
		*c = clock{}
		return
	}
	c.settings(c.main, c.byo, c.stones)
}

// timeLeft is time_left: the colour has t left, in main time when stones
// is 0, else for the stones moves left of its byo-yomi period. It turns
// the clock on when time_settings did not.
func (c *clock) timeLeft(side int, t time.Duration, stones int) {
	c.on = true
	c.left[side], c.period[side] = t, stones
}

// budget is the time manager's share for the colour's next move: the
// target (soft) and the hard limit of engine.Budget over what is left, the
// moves left estimated by movesLeft. In main time with byo-yomi to come,
// the move may take at least what the first move of a period may (the
// period starts when main time runs out, and that move is its first).
// ok is false when no time limit is in force.
func (c *clock) budget(side, movesLeft int, overhead time.Duration) (soft, hard time.Duration, ok bool) {
	if !c.on {
		return 0, 0, false
	}
	if p := c.period[side]; p > 0 {
		soft, hard = engine.Budget(c.left[side], 0, p, movesLeft, overhead)
		return soft, hard, true
	}
	soft, hard = engine.Budget(c.left[side], 0, 0, movesLeft, overhead)
	if c.byo > 0 && c.stones > 0 {
		bs, bh := engine.Budget(c.byo, 0, c.stones, movesLeft, overhead)
		soft, hard = max(soft, bs), max(hard, bh)
	}
	return soft, hard, true
}

// spend counts a move of the colour that took d: main time first, then
// the byo-yomi period (which starts over, full, after its stones moves).
func (c *clock) spend(side int, d time.Duration) {
	if !c.on {
		return
	}
	c.left[side] -= d
	if c.period[side] == 0 {
		if c.left[side] >= 0 || c.byo == 0 {
			return // in main time, or absolute time (past zero: lost on time)
		}
		// Main time ran out during this move: the period began with it.
		c.left[side] += c.byo
		c.period[side] = c.stones
	}
	c.period[side]--
	if c.period[side] == 0 {
		c.left[side], c.period[side] = c.byo, c.stones
	}
}
