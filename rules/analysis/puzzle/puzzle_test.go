package puzzle_test

import (
	"context"
	"slices"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/analysis/puzzle"
	"boardrepl/rules/solve"
)

func newGame(t *testing.T, id string, opts []string, pos string) rules.Game {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := info.NewGame(opts, pos)
	if err != nil {
		t.Fatalf("%s %q: %v", id, pos, err)
	}
	return g
}

// TestPose: hand-made candidates, each checked by hand from the rules
// (docs/rules/) and, where they come from, the fixtures' puzzle files.
func TestPose(t *testing.T) {
	for _, c := range []struct {
		name, game, pos string
		opts            puzzle.Options
		want            puzzle.Reason
		goal            string   // when kept
		solution        []string // when kept
	}{
		{
			// fixtures/tablut/puzzles.txt "the fork": d7-d8, d7-c7, d7-d3,
			// d7-d2 and b7-b8 all win in two: two winning moves and more.
			name: "two winning moves", game: "tablut", pos: "9/9/1W1K1W3/9/9/9/9/9/8B w",
			want: puzzle.NotUnique,
		},
		{
			// fixtures/oware/puzzles.txt "the last capture": A is North's
			// only move, and it wins.
			name: "the only move", game: "oware", pos: "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n",
			want: puzzle.Trivial,
		},
		{
			// fixtures/tablut/puzzles.txt "king taken against a soldier":
			// d5-d3 is the only win; white has no soldier to capture, and
			// d5-d3 is the only move that closes a side of the king, so the
			// move ordering (rules/tablut/order.go: oGuard) puts it first.
			name: "the first move tried", game: "tablut", pos: "9/9/9/9/3B5/9/1BK6/9/9 b",
			want: puzzle.Trivial,
		},
		{
			// The same king and d5, with a white soldier on g7 that f8-f7
			// captures against h7: the capture (oCapture, 300) is tried
			// first, d5-d3 (oGuard, 30) is still the only win: no other
			// black piece reaches d3, and c4 and c2 are both empty.
			name: "a win behind a capture", game: "tablut", pos: "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b",
			want: puzzle.Kept, goal: "win 1", solution: []string{"d5-d3"},
		},
		{
			// fixtures/tablut/puzzles.txt "boxed in at the start": the king
			// cannot move, so no win in one.
			name: "no win in one", game: "tablut", opts: puzzle.Options{MaxPlies: 1},
			want: puzzle.NoGoal,
		},
		{
			// fixtures/ataxx/puzzles.txt "out of reach": red's moves from
			// a7 land on files a to c, none next to g7: no win and no
			// capture in one.
			name: "out of reach", game: "ataxx", pos: "x5o/7/7/7/7/7/7 x 0 1", opts: puzzle.Options{MaxPlies: 1},
			want: puzzle.NoGoal,
		},
		{
			// fixtures/oware/puzzles.txt "two seeds" and "not three": A
			// captures exactly two, so capture 2 is North's only move
			// (trivial) and capture 3 is not there.
			name: "capture below the goal", game: "oware", pos: "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n",
			opts: puzzle.Options{MaxPlies: 1, Capture: 3},
			want: puzzle.Trivial, // the win in one comes first, and it is the only move
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			info, _ := rules.Lookup(c.game)
			m := puzzle.New(c.opts)
			p, why, err := m.Pose(context.Background(), info, nil, c.pos)
			if err != nil {
				t.Fatal(err)
			}
			if why != c.want {
				t.Fatalf("reason %s, want %s (goal %s, solution %v)", why, c.want, puzzle.GoalText(p.Goal), p.Solution)
			}
			if c.want != puzzle.Kept {
				return
			}
			if got := puzzle.GoalText(p.Goal); got != c.goal || !slices.Equal(p.Solution, c.solution) {
				t.Errorf("goal %s solution %v, want %s %v", got, p.Solution, c.goal, c.solution)
			}
			if p.Rating.Moves != (len(c.solution)+1)/2 || p.Rating.Stars < 1 || p.Rating.Stars > 3 || p.Rating.Stars != puzzle.Stars(p.Rating.Points) {
				t.Errorf("rating %+v", p.Rating)
			}
		})
	}
}

// TestCheck: the fork's solver line has other winning moves at its first
// turn; the unique win passes; a wrong solution is an error.
func TestCheck(t *testing.T) {
	ctx := context.Background()
	fork := newGame(t, "tablut", nil, "9/9/1W1K1W3/9/9/9/9/9/8B w")
	win2 := solve.Goal{Kind: solve.Win, Plies: 3}
	// The fixture's solution (hand-verified: b7-b8 i1-i2 d7-a7).
	v, err := puzzle.Check(ctx, fork, win2, []string{"b7-b8", "i1-i2", "d7-a7"}, 0)
	if err != nil || v == nil || v.Ply != 1 {
		t.Errorf("fork: violation %v, error %v; want another winning first move", v, err)
	}
	one := newGame(t, "tablut", nil, "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b")
	win1 := solve.Goal{Kind: solve.Win, Plies: 1}
	if v, err := puzzle.Check(ctx, one, win1, []string{"d5-d3"}, 0); v != nil || err != nil {
		t.Errorf("unique win: violation %v, error %v", v, err)
	}
	for _, bad := range [][]string{{"f8-f7"}, {"d5-d1"}, {"d5-d3", "c3-c2"}} {
		if v, err := puzzle.Check(ctx, one, win1, bad, 0); err == nil && v == nil {
			t.Errorf("solution %v: passes", bad)
		}
		if err := puzzle.Replay(one, win1, bad); err == nil {
			t.Errorf("replay %v: no error", bad)
		}
	}
	if err := puzzle.Replay(one, win1, []string{"d5-d3"}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// TestKey: positions that are turned or reflected copies of each other
// (computed by hand) share their key when the game's special squares allow
// that symmetry.
func TestKey(t *testing.T) {
	for _, c := range []struct {
		name, game string
		opts       []string
		a, b       string
		same       bool
	}{
		{"tablut mirror", "tablut", nil, "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b", "9/3B5/1BW6/9/5B3/9/6KB1/9/9 b", true},
		{"tablut transposed", "tablut", nil, "9/9/9/9/9/2B6/2K6/9/9 w", "9/9/5BK2/9/9/9/9/9/9 w", true},
		{"tablut half turn", "tablut", nil, "9/9/9/9/9/2B6/2K6/9/9 w", "9/9/6K2/6B2/9/9/9/9/9 w", true},
		{"tablut side to move", "tablut", nil, "9/9/9/9/9/2B6/2K6/9/9 w", "9/9/9/9/9/2B6/2K6/9/9 b", false},
		{"tablut other board", "tablut", nil, "9/9/9/9/9/2B6/2K6/9/9 w", "9/9/9/9/9/1B7/2K6/9/9 w", false},
		{"konobi mirror", "konobi", []string{"size=3"}, "B1W/3/3 b -", "W1B/3/3 b -", true},
		{"konobi top-bottom", "konobi", []string{"size=3"}, "B1W/3/3 b -", "3/3/B1W b -", true},
		{"konobi transposed", "konobi", []string{"size=3"}, "B1W/3/3 b -", "B2/3/W2 b -", false},
		{"ataxx quarter turn", "ataxx", nil, "x6/7/7/7/7/7/o6 x 0 1", "o5x/7/7/7/7/7/7 x 0 1", true},
		{"ataxx blocks kept", "ataxx", nil, "x6/-6/7/7/7/7/o6 x 0 1", "x6/-6/7/7/7/7/o6 x 0 1", true},
		{"ataxx blocks moved", "ataxx", nil, "x6/-6/7/7/7/7/o6 x 0 1", "6x/6-/7/7/7/7/6o x 0 1", true},
		{"ataxx blocks refuse", "ataxx", nil, "x6/-6/7/7/7/7/o6 x 0 1", "o6/-6/7/7/7/7/x6 x 0 1", false},
		{"oware none", "oware", nil, "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n", "0,0,0,0,0,1/1,0,0,0,0,1 23 22 n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ka := puzzle.Key(newGame(t, c.game, c.opts, c.a))
			kb := puzzle.Key(newGame(t, c.game, c.opts, c.b))
			if (ka == kb) != c.same {
				t.Errorf("keys %q and %q: same %v, want %v", ka, kb, ka == kb, c.same)
			}
		})
	}
	var s puzzle.Set
	a := newGame(t, "tablut", nil, "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b")
	b := newGame(t, "tablut", nil, "9/3B5/1BW6/9/5B3/9/6KB1/9/9 b")
	if !s.Add(a) || s.Add(b) || s.Len() != 1 {
		t.Errorf("set: the mirror image is a repeat")
	}
}

// TestGoalText: the goal as puzzle files write it reads back as itself.
func TestGoalText(t *testing.T) {
	for _, c := range []struct {
		goal solve.Goal
		text string
	}{
		{solve.Goal{Kind: solve.Win, Plies: 1}, "win 1"},
		{solve.Goal{Kind: solve.Win, Plies: 5}, "win 3"},
		{solve.Goal{Kind: solve.Win, Plies: 4}, "win 4 plies"},
		{solve.Goal{Kind: solve.Capture, Plies: 3, Count: 4}, "capture 4 in 2"},
		{solve.Goal{Kind: solve.Capture, Plies: 2, Count: 2}, "capture 2 in 2 plies"},
	} {
		if got := puzzle.GoalText(c.goal); got != c.text {
			t.Errorf("%+v: %q, want %q", c.goal, got, c.text)
		}
		if back, err := solve.ParseGoal(c.text); err != nil || back != c.goal {
			t.Errorf("%q reads back as %+v (%v)", c.text, back, err)
		}
	}
}

// TestStars: the groups of the documented formula.
func TestStars(t *testing.T) {
	for points, want := range map[int]int{1: 1, 4: 1, 5: 2, 8: 2, 9: 3, 20: 3} {
		if got := puzzle.Stars(points); got != want {
			t.Errorf("Stars(%d) = %d, want %d", points, got, want)
		}
	}
}
