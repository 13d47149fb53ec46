package engine

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"boardrepl/rules"
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

// TestSoftScale: the time manager's target is scaled by (1.5 - share) *
// 1.35 from depth 7 on, share the part of the search's nodes spent below
// the best move (hand-computed values), and not below depth 7.
func TestSoftScale(t *testing.T) {
	th := &thread{nodes: 1000, rootNodes: []rootCount{{m: 1, n: 900}, {m: 2, n: 50}, {m: 3, n: 500}}}
	for _, c := range []struct {
		depth int
		best  rules.Move
		want  float64
	}{
		{6, 1, 1},
		{7, 1, 0.81},  // 90 % of the nodes: settled, a shorter search
		{9, 3, 1.35},  // half of them: contested, a longer one
		{7, 4, 2.025}, // a best move with no nodes counted yet
	} {
		if got := th.softScale(c.depth, c.best); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("depth %d, best %d: scale %v, want %v", c.depth, c.best, got, c.want)
		}
	}
	// A game that opts out (BrainKing's Tablut, entry 126) keeps the plain
	// target; Ashton's Tablut does not opt out.
	for id, off := range map[string]bool{"tablut-brainking": true, "tablut": false, "ataxx": false} {
		info, _ := rules.Lookup(id)
		g, err := info.NewGame(nil, info.Start)
		if err != nil {
			t.Fatal(err)
		}
		th := newThread(New(Options{HashEntries: 1 << 10, Selective: true}), 0)
		th.reset(g, &shared{})
		if th.tune.NoTimeScale != off {
			t.Errorf("%s: NoTimeScale %v, want %v", id, th.tune.NoTimeScale, off)
		}
		th.nodes, th.rootNodes = 1000, []rootCount{{m: 1, n: 900}}
		want := 0.81
		if off {
			want = 1
		}
		if got := th.softScale(7, 1); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: depth 7, 90 %% of the nodes: scale %v, want %v", id, got, want)
		}
	}
}

// TestRootNodes: after a search, the nodes counted below the root moves
// are those of the search but the root's own few, each counted move is
// legal, and the best move has nodes of its own (an invariant of every
// game).
func TestRootNodes(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			g := randomPositions(t, tg.id, 7, []int{6})[0]
			e := New(Options{HashEntries: 1 << 16, Selective: true})
			res, err := e.Search(context.Background(), g, Limits{Depth: tg.depth + 2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			th := e.threads[0]
			legal := g.Moves(nil)
			var sum, best int64
			for _, c := range th.rootNodes {
				if !slices.Contains(legal, c.m) {
					t.Fatalf("%s: nodes counted below %v, not a legal move", g.Position(), c.m)
				}
				sum += c.n
				if c.m == res.Best {
					best = c.n
				}
			}
			if sum > th.nodes || sum < th.nodes*9/10 {
				t.Errorf("%s: %d nodes below the root moves of a search of %d", g.Position(), sum, th.nodes)
			}
			if best <= 0 {
				t.Errorf("%s: best move %s has no nodes counted", g.Position(), res.BestText)
			}
		})
	}
}
