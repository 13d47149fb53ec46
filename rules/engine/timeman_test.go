package engine

import (
	"testing"
	"time"
)

func TestMoveTime(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct{ movetime, want time.Duration }{
		{1000 * ms, 970 * ms}, // the 30 ms overhead
		{300 * ms, 270 * ms},  // a tenth is 30 ms too
		{100 * ms, 90 * ms},   // a tenth
		{10 * ms, 9 * ms},
		{1 * ms, 1 * ms}, // never below 1 ms
		{0, 1 * ms},
	} {
		if got := MoveTime(c.movetime, 30*ms); got != c.want {
			t.Errorf("MoveTime(%v, 30ms) = %v, want %v", c.movetime, got, c.want)
		}
	}
}

// The time manager: the clock spread over the moves left plus most of the
// increment, a hard limit of three times that, never more than a third of
// the clock (plus the increment) nor the clock less the overhead.
func TestBudget(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		left, inc      time.Duration
		togo, movesLft int
		soft, hard     time.Duration
	}{
		// usable 9970 ms: 9970/24 + 75 = 490.42 ms; hard 3 * that
		{10000 * ms, 100 * ms, 0, 24, 490416666, 1471249998}, // 3 * 415416666 + 75 ms
		// movestogo 5 of 24: 9970/5 = 1994 ms; hard capped at 9970/3 = 3323.33 ms
		{10000 * ms, 0, 5, 24, 1994 * ms, 3323333333},
		// last move before the control: 90 % of what is usable (the target
		// too: never above the hard limit)
		{1000 * ms, 0, 1, 24, 873 * ms, 873 * ms},
		// almost no time: never beyond the clock less the overhead
		{40 * ms, 100 * ms, 0, 10, 10 * ms, 10 * ms},
	}
	for _, c := range cases {
		soft, hard := Budget(c.left, c.inc, c.togo, c.movesLft, 30*ms)
		if soft != c.soft || hard != c.hard {
			t.Errorf("Budget(%v, %v, %d, %d) = %v, %v; want %v, %v", c.left, c.inc, c.togo, c.movesLft, soft, hard, c.soft, c.hard)
		}
	}
}
