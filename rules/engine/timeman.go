package engine

import (
	"time"

	"boardrepl/rules"
)

// The time manager of every front end that plays on a clock (the UAI and
// UGI engines, the REPL's go, match clocks): how long one move may take.

// MoveTime is how long a search given movetime runs: the whole move time
// but the runner's latency, the overhead or a tenth of a short move time
// (30 ms of 100 would waste a third of the search), at least 1 ms.
func MoveTime(movetime, overhead time.Duration) time.Duration {
	return max(movetime-min(overhead, movetime/10), time.Millisecond)
}

// MovesLeft guesses how many more moves the side to move will make in an
// Ataxx game: about half the empty squares (each clone fills one, the
// players alternate), at least 10.
func MovesLeft(g rules.Game) int {
	b := g.Board()
	empty := 0
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if cell := b.At(r, c); cell.Piece == "" && cell.Special == "" {
				empty++
			}
		}
	}
	return max(10, empty/2+2)
}

// Budget is the time manager for a clock: with left on the clock, inc
// added after each move and movesToGo moves to the next time control (0:
// none, then movesLeft is the estimate of the game's remaining moves), it
// returns the target (soft: no new iteration after half of it, scaled by the
// search's softScale from depth 7 on) and the hard limit
// of one move. The target spreads the clock over the moves left and adds
// most of the increment; the hard limit allows three times the target but
// never more than a third of what is left, and always keeps overhead (the
// runner's latency, a loaded machine) in hand.
func Budget(left, inc time.Duration, movesToGo, movesLeft int, overhead time.Duration) (soft, hard time.Duration) {
	n := movesLeft
	if movesToGo > 0 {
		n = min(movesToGo, n)
	}
	n = max(n, 1)
	usable := max(left-overhead, time.Millisecond)
	soft = usable/time.Duration(n) + inc*3/4
	hard = min(3*soft, usable/3+inc*3/4)
	if movesToGo == 1 {
		hard = usable * 9 / 10
	}
	hard = min(hard, usable)
	soft = min(soft, hard)
	return max(soft, time.Millisecond), max(hard, time.Millisecond)
}
