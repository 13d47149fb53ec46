package solve_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/solve"
)

// Every case below was checked by hand from the rules in docs/rules/; the
// comment says why the answer is what it is.
var cases = []struct {
	name     string
	game     string
	opts     []string
	pos      string
	goal     string
	proved   bool
	plies    int
	line     []string // nil: any line of the right length (checked by replaying)
	minNodes uint64
}{
	// Ataxx: red a7, blue b7. Any red move next to b7 converts it and blue
	// has no pieces left; a6 (clone) is the first such move and also the
	// shortest possible.
	{name: "ataxx convert the last piece", game: "ataxx", pos: "xo5/7/7/7/7/7/7 x 0 1", goal: "win 1", proved: true, plies: 1},
	// Red a7, blue g7: red's moves reach files a-c only, none touches g7.
	{name: "ataxx too far", game: "ataxx", pos: "x5o/7/7/7/7/7/7 x 0 1", goal: "win 1", proved: false},
	// Red a7, blue b7 and b6: a clone to a6 touches both (a6 neighbours
	// a7 b7 b6 b5 a5): two conversions.
	{name: "ataxx capture two", game: "ataxx", pos: "xo5/1o5/7/7/7/7/7 x 0 1", goal: "capture 2 in 1", proved: true, plies: 1},
	// Only two blue pieces exist: three captures are impossible in one move.
	{name: "ataxx capture three", game: "ataxx", pos: "xo5/1o5/7/7/7/7/7 x 0 1", goal: "capture 3 in 1", proved: false},

	// Tablut: the king on c3 with nothing around goes to an edge at once
	// (c3-c1 crosses c2, neither a camp).
	{name: "tablut escape", game: "tablut", pos: "3BBB3/9/9/9/9/9/2K6/9/9 w", goal: "win 1", proved: true, plies: 1},
	// From the start the king is boxed in by his own soldiers.
	{name: "tablut start", game: "tablut", pos: "3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3 w", goal: "win 1", proved: false},
	// Black d5-d3 (d4 empty, not a camp) takes the king on c3 between b3
	// and d3: away from the castle he is captured like a soldier.
	{name: "tablut king capture", game: "tablut", pos: "9/9/9/9/3B5/9/1BK6/9/9 b", goal: "win 1", proved: true, plies: 1, line: []string{"d5-d3"}},
	// The same under BrainKing's rules: an unarmed king is taken on four
	// sides only, so one black move cannot take him.
	{name: "brainking king capture needs four", game: "tablut-brainking", pos: "9/9/9/9/3B5/9/1BK6/9/9 b", goal: "win 1", proved: false},

	// Konobi 3x3: black b3 b2, white c3 c2; b1 joins top and bottom. a1
	// and c1 are refused by the weak-connection rule (b1 would have no weak
	// connection), so b1 is the only win.
	{name: "konobi connect", game: "konobi", pos: "1BW/1BW/3 b -", goal: "win 1", proved: true, plies: 1, line: []string{"b1"}},

	// Oware: North's only move A sows its seed into G (1 -> 2): captured;
	// L keeps one seed so it is no grand slam. One seed is left: no capture
	// can happen any more, each side takes his row: 25-23, North wins.
	{name: "oware capture ends it", game: "oware", pos: "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n", goal: "win 1", proved: true, plies: 1, line: []string{"A"}},
	{name: "oware capture two", game: "oware", pos: "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n", goal: "capture 2 in 1", proved: true, plies: 1, line: []string{"A"}},
	{name: "oware capture three", game: "oware", pos: "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n", goal: "capture 3 in 1", proved: false},
	// From the start no first move captures: four seeds from any North pit
	// land in North's row or in South pits that then hold 5.
	{name: "oware start", game: "oware", pos: "4,4,4,4,4,4/4,4,4,4,4,4 0 0 n", goal: "capture 1 in 1", proved: false},
}

func open(t testing.TB, id string, opts []string, pos string) rules.Game {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Skipf("game %s not registered: %v", id, err)
	}
	g, err := info.NewGame(opts, pos)
	if err != nil {
		t.Fatalf("%s %q: %v", id, pos, err)
	}
	return g
}

func TestCases(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := open(t, c.game, c.opts, c.pos)
			goal, err := solve.ParseGoal(c.goal)
			if err != nil {
				t.Fatal(err)
			}
			for _, nocache := range []bool{false, true} {
				res, err := solve.Solve(context.Background(), g, goal, solve.Options{NoCache: nocache})
				if err != nil {
					t.Fatal(err)
				}
				if g.Position() != c.pos {
					t.Fatalf("solve changed the position: %q", g.Position())
				}
				if res.Proved != c.proved {
					t.Fatalf("nocache=%v: proved %v, want %v (line %v)", nocache, res.Proved, c.proved, res.Line)
				}
				if !c.proved {
					continue
				}
				if res.Plies != c.plies || len(res.Line) != c.plies {
					t.Fatalf("plies %d line %v, want %d", res.Plies, res.Line, c.plies)
				}
				if c.line != nil && !reflect.DeepEqual(res.Line, c.line) {
					t.Fatalf("line %v, want %v", res.Line, c.line)
				}
				checkLine(t, g, goal, res.Line)
			}
		})
	}
}

// checkLine replays a line and checks it reaches the goal.
func checkLine(t *testing.T, g rules.Game, goal solve.Goal, line []string) {
	t.Helper()
	c := g.Clone()
	me := c.SideToMove()
	for _, s := range line {
		m, err := c.ParseMove(s)
		if err != nil {
			t.Fatalf("line %v: %s: %v", line, s, err)
		}
		c.Play(m)
	}
	if goal.Kind == solve.Win {
		r := c.Result()
		if r.Status != rules.Win || r.Winner != me {
			t.Fatalf("line %v ends with %v, want a win for side %d", line, r, me)
		}
	}
}

// A longer search: the solver's answers agree with and without the cache,
// and the line it proves really wins (the defender plays the line's moves;
// the proof covers the others).
func TestCacheAgrees(t *testing.T) {
	positions := []struct{ game, pos, goal string }{
		{"ataxx", "x5o/7/7/7/7/7/o5x x 0 1", "capture 2 in 2"},
		{"ataxx", "xo5/7/7/7/7/7/6o x 0 1", "win 2"},
		{"tablut-brainking", "9/9/9/9/3B5/9/1BK6/9/9 b", "win 2"},
		{"konobi", "3/3/3 b -", "win 2"},
		{"oware", "1,0,0,0,0,2/1,0,0,0,1,1 23 19 n", "capture 2 in 2"},
	}
	for _, p := range positions {
		g := open(t, p.game, nil, p.pos)
		goal, err := solve.ParseGoal(p.goal)
		if err != nil {
			t.Fatal(err)
		}
		a, err := solve.Solve(context.Background(), g, goal, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := solve.Solve(context.Background(), g, goal, solve.Options{NoCache: true})
		if err != nil {
			t.Fatal(err)
		}
		if a.Proved != b.Proved || a.Plies != b.Plies || !reflect.DeepEqual(a.Line, b.Line) {
			t.Errorf("%s %q %s: cache %+v, no cache %+v", p.game, p.pos, p.goal, a, b)
		}
		if a.Proved && goal.Kind == solve.Win {
			checkLine(t, g, goal, a.Line)
		}
	}
}

func TestParseGoal(t *testing.T) {
	good := map[string]solve.Goal{
		"win 1":                {Kind: solve.Win, Plies: 1},
		"win 3":                {Kind: solve.Win, Plies: 5},
		"Win 4 plies":          {Kind: solve.Win, Plies: 4},
		"capture 2 in 3":       {Kind: solve.Capture, Count: 2, Plies: 5},
		"capture 2 in 3 plies": {Kind: solve.Capture, Count: 2, Plies: 3},
		"win 2 moves":          {Kind: solve.Win, Plies: 3},
	}
	for s, want := range good {
		g, err := solve.ParseGoal(s)
		if err != nil || g != want {
			t.Errorf("ParseGoal(%q) = %+v, %v; want %+v", s, g, err, want)
		}
	}
	for _, s := range []string{"", "win", "win 0", "win x", "capture 0 in 2", "capture 2 of 3", "win 1000", "lose 2"} {
		if _, err := solve.ParseGoal(s); err == nil {
			t.Errorf("ParseGoal(%q) accepted", s)
		}
	}
}

func TestCancel(t *testing.T) {
	g := open(t, "ataxx", nil, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := solve.Solve(ctx, g, solve.Goal{Kind: solve.Win, Plies: 9}, solve.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	_, err = solve.Solve(context.Background(), g, solve.Goal{Kind: solve.Win, Plies: 9}, solve.Options{MaxNodes: 5000})
	if !errors.Is(err, solve.ErrNodeLimit) {
		t.Fatalf("err = %v, want the node limit", err)
	}
}

// Verify takes any line that forces the goal, and names the first move
// that does not. Hand-checked (docs/rules/): in "the fork" (Tablut, white
// king d7 between his soldiers b7 and f7, black's only soldier on i1) the
// king's d7-d8 threatens a8 past c8 and b8, which i1 cannot stop, as does
// the solver's b7-b8 (then d7-a7); d7-e7 threatens nothing (e8 is a camp,
// b7 and f7 block the rank); d8-d9 enters a camp; at ply 3 after d7-d8
// only d8-a8 reaches an edge. In Ataxx, red a7 beside blue b7 alone: the
// clones a6 and b6 and the jumps a7c7 and a7c6 all land next to b7 and
// convert the last blue piece: no move is the only one.
func TestVerify(t *testing.T) {
	fork := "9/9/1W1K1W3/9/9/9/9/9/8B w"
	for _, c := range []struct {
		name, game, pos, goal string
		line                  []string
		unique                bool
		bad                   int
		why                   string // in Why
		turns                 int    // turns along the line, with unique
		uniq                  bool
	}{
		{"solver's line", "tablut", fork, "win 2", []string{"b7-b8", "i1-i2", "d7-a7"}, false, -1, "", 0, false},
		{"another line", "tablut", fork, "win 2", []string{"d7-d8", "i1-i3", "d8-a8"}, false, -1, "", 0, false},
		{"the key alone", "tablut", fork, "win 2", []string{"d7-d8"}, false, -1, "", 0, false},
		{"a move that wins nothing", "tablut", fork, "win 2", []string{"d7-e7", "i1-i2"}, false, 0, "cannot be forced in the 2 plies left", 0, false},
		{"into a camp", "tablut", fork, "win 2", []string{"d7-d8", "i1-i2", "d8-d9"}, false, 2, "camp", 0, false},
		{"past the win", "tablut", fork, "win 2", []string{"b7-b8", "i1-i2", "d7-a7", "i2-i3"}, false, 3, "the goal is reached before it", 0, false},
		{"not unique, both turns", "tablut", fork, "win 2", []string{"d7-d8", "i1-i2", "d8-a8"}, true, -1, "", 2, false},
		{"not unique, continued by the solver", "tablut", fork, "win 2", nil, true, -1, "", 2, false},
		{"two clones win", "ataxx", "xo5/7/7/7/7/7/7 x 0 1", "win 1", []string{"a6"}, true, -1, "", 1, false},
		{"unique", "tablut", "9/9/9/9/3B5/9/1BK6/9/9 b", "win 1", []string{"d5-d3"}, true, -1, "", 1, true},
	} {
		info, err := rules.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		g, err := info.NewGame(nil, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		goal, err := solve.ParseGoal(c.goal)
		if err != nil {
			t.Fatal(err)
		}
		before := g.Position()
		v, err := solve.Verify(context.Background(), g, goal, c.line, c.unique, solve.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if v.Bad != c.bad || c.bad >= 0 && !strings.Contains(v.Why, c.why) {
			t.Errorf("%s: bad %d (%s), want %d (%s)", c.name, v.Bad, v.Why, c.bad, c.why)
		}
		if c.unique && (len(v.Turns) != c.turns || v.Unique() != c.uniq) {
			t.Errorf("%s: turns %+v along %v, want %d, unique %v", c.name, v.Turns, v.Line, c.turns, c.uniq)
		}
		if g.Position() != before {
			t.Errorf("%s: the game was changed", c.name)
		}
	}
}
