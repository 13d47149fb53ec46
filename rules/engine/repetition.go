package engine

import "boardrepl/rules"

// Repetitions in the selective search.
//
// A game that keeps its history (rules.HashHistory: Tablut, both rule
// sets) lets the playing search (Options.Selective) see a position recur,
// on the path from the root or in the game's moves before the root, as far
// back as the game's last irreversible move (a capture). Two cases:
//
// The game's own result comes first. A game whose rules end on a repeated
// position (Ashton Tablut's draw, BrainKing's option repetition=N, Oware's
// repetition ending) reports it through its outcome, which the search asks
// before anything else, and that result stands: a win or a loss as the game
// scores it, and a draw scored with the contempt: -Contempt when the side
// to move there is the side the search plays for (the root's side to move),
// +Contempt for its opponent. The engine so leaves a draw it could walk
// into unless every other move is worse by more than the contempt: the
// Ashton engine, ahead, no longer takes a draw by its own repetition.
//
// A cycle in a game whose rules go on (BrainKing Tablut has no draw rule)
// is no result, only a wasted tempo: the game would go round for ever and
// a match ends it at its move cap. The repeated position is not searched;
// it scores its static evaluation with a charge against the side that
// closed the cycle (the side that just moved): the contempt for a first
// return, Cycle for a position's third occurrence. A side so leaves a
// cycle for a move worth about as much, and a position it has already
// come back to unless every other move is worse by Cycle: a shuffle
// chosen for want of a plan goes, a forced perpetual (the king stepping
// along the second line, a soldier shadowing him on the edge) stays.
// Scoring such a cycle as a draw, as chess engines do, lets the side that
// stands worse seek it: measured at depth 3, 68 % of BrainKing self-play
// games still reached the 1000-ply cap that way (85 % without detection).
// Charging Cycle from the first return ended them (13 % capped) but cost
// about 30 Elo at 30000 nodes a move, where a side holding a blockade
// broke it rather than repeat once.
//
// The transposition table: a repeated position returns before the table is
// probed or written, so its score is never stored under its key, and no
// table entry hides a repetition. Its ancestors' scores do depend on the
// path (a cycle closed here may be none by another path) and are stored as
// usual, as chess engines do: in the selective mode scores already depend
// on what the table held.
//
// The exact mode (the default: tests, analyses, pipes) looks for no
// repetition and adds no contempt: its results stay the exact minimax
// values under the game's own rules, reproducible, with or without a table.

// DefaultContempt is the contempt of the selective search when
// Options.Contempt is 0: a fifth of a piece (rules.EvalUnit = 100).
const DefaultContempt = 20

// DefaultCycle is what closing a cycle costs when Options.Cycle is 0: ten
// pieces, so that a side repeats only when the alternatives lose.
const DefaultCycle = 1000

// orDefault is v, def when v is 0, and 0 when v is negative.
func orDefault(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// repHistory holds the hashes of the game's positions before the root that
// can still recur, each with the distances in plies from the root of its
// two nearest occurrences, in an open-addressing table rebuilt at every
// search.
type repHistory struct {
	keys  []uint64
	dist  []int32 // 0: an empty slot
	dist2 []int32 // 0: no second occurrence
	mask  uint64
}

// build fills the table from the game's history; it allocates only when
// the history outgrows the table.
func (r *repHistory) build(hh rules.HashHistory) {
	n := hh.ReversiblePlies()
	size := 16
	for size < 2*n {
		size *= 2
	}
	if len(r.keys) < size {
		r.keys = make([]uint64, size)
		r.dist = make([]int32, size)
		r.dist2 = make([]int32, size)
	} else {
		size = len(r.keys)
		clear(r.dist)
		clear(r.dist2)
	}
	r.mask = uint64(size - 1)
	// Nearest first: the first two occurrences of a key are kept.
	for back := 1; back <= n; back++ {
		k := hh.PastHash(back)
		i := k & r.mask
		for r.dist[i] != 0 && r.keys[i] != k {
			i = (i + 1) & r.mask
		}
		switch {
		case r.dist[i] == 0:
			r.keys[i], r.dist[i] = k, int32(back)
		case r.dist2[i] == 0:
			r.dist2[i] = int32(back)
		}
	}
}

// nearest returns the distances from the root of the two nearest
// positions before it with this key (0 for none).
func (r *repHistory) nearest(k uint64) (d1, d2 int) {
	if r.mask == 0 {
		return 0, 0
	}
	for i := k & r.mask; ; i = (i + 1) & r.mask {
		switch {
		case r.dist[i] == 0:
			return 0, 0
		case r.keys[i] == k:
			return int(r.dist[i]), int(r.dist2[i])
		}
	}
}

// repeated records the position at ply in the path and counts how often
// it occurred before, up to 2: on the path from the root (same side to
// move: every second ply) and in the game before the root, within the
// game's reversible plies and not across a null move.
func (t *thread) repeated(ply int) int {
	key := t.h.Hash()
	t.path[ply] = key
	r := t.hh.ReversiblePlies()
	lim := min(r, ply)
	n := 0
	for back := 1; back <= lim; back++ {
		if t.noNull[ply-back+1] {
			return n // a pass on the way: nothing further back counts
		}
		if back%2 == 0 && t.path[ply-back] == key {
			if n++; n == 2 {
				return n
			}
		}
	}
	if r > ply {
		d1, d2 := t.hist.nearest(key)
		for _, d := range [2]int{d1, d2} {
			if d > 0 && ply+d <= r {
				if n++; n == 2 {
					return n
				}
			}
		}
	}
	return n
}

// drawScore is the score of a draw inside the tree for the side to move:
// 0 in the exact mode, else the contempt against the root's side.
func (t *thread) drawScore() int {
	if !t.rep {
		return 0
	}
	if t.g.SideToMove() == t.rootSide {
		return -t.contempt
	}
	return t.contempt
}
