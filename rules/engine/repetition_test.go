package engine

import (
	"context"
	"hash/fnv"
	"testing"

	"boardrepl/rules"
)

// graphGame is a game given as a graph: each node is a position with its
// side to move, its static evaluation (side to move's view) and its moves
// to other nodes, so that a test fixes every value the search sees. It
// keeps its history (rules.HashHistory: the positions a test says were
// played, then those the search plays) and has no irreversible move.
type graphGame struct {
	nodes map[string]graphNode
	path  []string // the positions played, the current one last
}

type graphNode struct {
	side  int
	eval  int
	moves []string // the nodes the moves lead to, in order
	draw  bool     // the game is over, drawn
}

var (
	_ rules.Game        = (*graphGame)(nil)
	_ rules.Hasher      = (*graphGame)(nil)
	_ rules.HashHistory = (*graphGame)(nil)
	_ rules.Evaluator   = (*graphGame)(nil)
)

var graphInfo = &rules.Info{ID: "graph", Name: "a test graph", Sides: [2]string{"first", "second"}}

func newGraph(nodes map[string]graphNode, played ...string) *graphGame {
	return &graphGame{nodes: nodes, path: played}
}

func (g *graphGame) cur() graphNode                       { return g.nodes[g.path[len(g.path)-1]] }
func (g *graphGame) Info() *rules.Info                    { return graphInfo }
func (g *graphGame) Options() rules.Options               { return rules.Options{} }
func (g *graphGame) SideToMove() int                      { return g.cur().side }
func (g *graphGame) SideName(s int) string                { return graphInfo.Sides[s&1] }
func (g *graphGame) ParseMove(string) (rules.Move, error) { return 0, nil }
func (g *graphGame) FormatMove(m rules.Move) string       { return g.cur().moves[m] }
func (g *graphGame) Play(m rules.Move)                    { g.path = append(g.path, g.cur().moves[m]) }
func (g *graphGame) Ply() int                             { return len(g.path) - 1 }
func (g *graphGame) LastCaptured() []string               { return nil }
func (g *graphGame) Position() string                     { return g.path[len(g.path)-1] }
func (g *graphGame) Board() rules.Board                   { return rules.Board{} }
func (g *graphGame) MoveSquares(rules.Move) []string      { return nil }
func (g *graphGame) Evaluate() int                        { return g.cur().eval }
func (g *graphGame) EvalTerms() []rules.EvalTerm          { return nil }
func (g *graphGame) Hash() uint64                         { return graphHash(g.path[len(g.path)-1]) }
func (g *graphGame) ReversiblePlies() int                 { return len(g.path) - 1 }
func (g *graphGame) PastHash(back int) uint64             { return graphHash(g.path[len(g.path)-1-back]) }

func (g *graphGame) Moves(buf []rules.Move) []rules.Move {
	if g.cur().draw {
		return buf
	}
	for i := range g.cur().moves {
		buf = append(buf, rules.Move(i))
	}
	return buf
}

func (g *graphGame) Unplay() {
	if len(g.path) > 1 {
		g.path = g.path[:len(g.path)-1]
	}
}

func (g *graphGame) Result() rules.Result {
	if g.cur().draw {
		return rules.Result{Status: rules.Draw, Winner: -1, Reason: "drawn node"}
	}
	return rules.Result{Status: rules.Ongoing, Winner: -1}
}

func (g *graphGame) Clone() rules.Game {
	return &graphGame{nodes: g.nodes, path: append([]string(nil), g.path...)}
}

func graphHash(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

func searchGraph(t *testing.T, g *graphGame, opts Options, depth int) Result {
	t.Helper()
	opts.HashEntries = 1 << 10
	res, err := New(opts).Search(context.Background(), g, Limits{Depth: depth}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCycleInTree: a cycle closed inside the tree is charged to the side
// that closes it: the contempt for a first return, Cycle for a third
// occurrence. From r (first to move) the only move leads to a, where the
// second player may go back to r, worth 300 to him by the evaluation, or on
// to b, worth 100. Without repetitions (the exact mode, or cycle detection
// off) he goes back: r is worth -300 to the first player. A first return
// costs him 20: he still goes back (-280). When the game already went r, c,
// r (c another position, not met again), going back makes it r's third
// time and costs him 1000 (r scores -300 + 1000 for the first player
// there): he goes on to b, unless the charge is only 150 (r then scores
// -150).
func TestCycleInTree(t *testing.T) {
	nodes := map[string]graphNode{
		"r": {side: 0, eval: -300, moves: []string{"a"}},
		"a": {side: 1, eval: 0, moves: []string{"r", "b"}},
		"b": {side: 0, eval: -100, moves: []string{"a"}},
		"c": {side: 1, eval: 0, moves: []string{"r"}},
	}
	for _, c := range []struct {
		name   string
		played []string
		opts   Options
		score  int
		pv1    string
	}{
		{"exact", []string{"r"}, Options{}, -300, "r"},
		{"exact, r played twice", []string{"r", "c", "r"}, Options{}, -300, "r"},
		{"selective, cycle off", []string{"r", "c", "r"}, Options{Selective: true, Cycle: -1}, -300, "r"},
		{"selective, first return", []string{"r"}, Options{Selective: true}, -280, "r"},
		{"selective, third time", []string{"r", "c", "r"}, Options{Selective: true}, -100, "b"},
		{"selective, third time, cycle 150", []string{"r", "c", "r"}, Options{Selective: true, Cycle: 150}, -150, "r"},
	} {
		res := searchGraph(t, newGraph(nodes, c.played...), c.opts, 2)
		if res.Score != c.score || len(res.PVText) < 2 || res.PVText[1] != c.pv1 {
			t.Errorf("%s: score %d pv %v, want %d with %s second", c.name, res.Score, res.PVText, c.score, c.pv1)
		}
	}
}

// TestCycleWithHistory: positions played before the root count. At r the
// first player may return to x (worth 50 to him, the second player's -50)
// or go to y (worth 10). When the game went x, r, returning is a first
// return: it costs him 20 and he still returns (30). When it went x, r, x,
// r, x would be there for the third time: it costs him 1000, and he goes to
// y. The exact search, which looks for no repetition, returns to x.
func TestCycleWithHistory(t *testing.T) {
	nodes := map[string]graphNode{
		"x": {side: 1, eval: -50, moves: []string{"r"}},
		"r": {side: 0, eval: 0, moves: []string{"x", "y"}},
		"y": {side: 1, eval: -10, moves: []string{"r"}},
	}
	for _, c := range []struct {
		name   string
		played []string
		opts   Options
		best   string
		score  int
	}{
		{"exact", []string{"x", "r", "x", "r"}, Options{}, "x", 50},
		{"selective, no history", []string{"r"}, Options{Selective: true}, "x", 50},
		{"selective, first return", []string{"x", "r"}, Options{Selective: true}, "x", 30},
		{"selective, third time", []string{"x", "r", "x", "r"}, Options{Selective: true}, "y", 10},
		{"selective, third time, plain draw contempt", []string{"x", "r", "x", "r"}, Options{Selective: true, Contempt: -1}, "y", 10},
	} {
		if res := searchGraph(t, newGraph(nodes, c.played...), c.opts, 1); res.BestText != c.best || res.Score != c.score {
			t.Errorf("%s: best %s score %d, want %s %d", c.name, res.BestText, res.Score, c.best, c.score)
		}
	}
}

// TestDrawContempt: a draw the game itself declares stands, scored with the
// contempt against the side the search plays for. At r the first player
// may take the draw d or go to z, worth -10 to him: a plain draw (0) is
// better, a draw with the default contempt (-20) worse. At r2 the second
// player, to move at ply 1, has the same choice: the first player expects
// him to take a draw worth +20 to him over z2, worth +5, but z2 over a
// plain draw.
func TestDrawContempt(t *testing.T) {
	nodes := map[string]graphNode{
		"r":  {side: 0, eval: 0, moves: []string{"d", "z"}},
		"d":  {side: 1, draw: true},
		"z":  {side: 1, eval: 10, moves: []string{"r"}},
		"r1": {side: 0, eval: 0, moves: []string{"r2"}},
		"r2": {side: 1, eval: 0, moves: []string{"d2", "z2"}},
		"d2": {side: 0, draw: true},
		"z2": {side: 0, eval: -5, moves: []string{"r1"}},
	}
	for _, c := range []struct {
		name  string
		opts  Options
		best  string
		score int
	}{
		{"exact", Options{}, "d", 0},
		{"selective, plain draw", Options{Selective: true, Contempt: -1}, "d", 0},
		{"selective", Options{Selective: true}, "z", -10},
		{"selective, contempt 5", Options{Selective: true, Contempt: 5}, "d", -5},
	} {
		if res := searchGraph(t, newGraph(nodes, "r"), c.opts, 1); res.BestText != c.best || res.Score != c.score {
			t.Errorf("%s: best %s score %d, want %s %d", c.name, res.BestText, res.Score, c.best, c.score)
		}
	}
	res := searchGraph(t, newGraph(nodes, "r1"), Options{Selective: true}, 2)
	if res.Score != -20 || len(res.PVText) < 2 || res.PVText[1] != "d2" {
		t.Errorf("opponent's draw: score %d pv %v, want -20 with d2", res.Score, res.PVText)
	}
	res = searchGraph(t, newGraph(nodes, "r1"), Options{Selective: true, Contempt: -1}, 2)
	if res.Score != -5 || len(res.PVText) < 2 || res.PVText[1] != "z2" {
		t.Errorf("opponent's plain draw: score %d pv %v, want -5 with z2", res.Score, res.PVText)
	}
}
