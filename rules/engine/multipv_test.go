package engine

import (
	"context"
	"slices"
	"testing"

	"boardrepl/rules"
)

// multiPVPositions are the positions the tests of several lines search in
// a game: random openings and middle games, and the last plies of random
// games (proven results).
func multiPVPositions(t *testing.T, id string) []rules.Game {
	ps := randomPositions(t, id, 6, []int{0, 3, 9, 18})
	return append(ps, endgamePositions(t, id, 6, 3)...)
}

// TestOneLineIsThePlainSearch: the search of several lines, run with one
// line, is the plain search: the same nodes, scores, moves and lines at
// every depth, in both modes, in every game. The lines of a search of N
// are made by the same root search with moves left out, so this checks
// that its first line is found as the plain search finds its move.
func TestOneLineIsThePlainSearch(t *testing.T) {
	ctx := context.Background()
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			for _, g := range multiPVPositions(t, tg.id) {
				for _, sel := range []bool{false, true} {
					depth := tg.depth
					if sel {
						depth += 2
					}
					var infos [2][]Info
					var res [2]Result
					for i, lines := range []bool{false, true} {
						e := New(Options{HashEntries: 1 << 16, Selective: sel, NoBook: true})
						r, err := e.run(ctx, g, Limits{Depth: depth}, func(in Info) { infos[i] = append(infos[i], in) }, lines)
						if err != nil {
							t.Fatal(err)
						}
						res[i] = r
					}
					p, l := res[0], res[1]
					if p.Nodes != l.Nodes || p.Score != l.Score || p.Depth != l.Depth || p.Best != l.Best || !slices.Equal(p.PVText, l.PVText) || p.Stopped != l.Stopped {
						t.Errorf("%s selective %v depth %d: plain %d nodes score %d depth %d pv %v; one line %d nodes score %d depth %d pv %v",
							g.Position(), sel, depth, p.Nodes, p.Score, p.Depth, p.PVText, l.Nodes, l.Score, l.Depth, l.PVText)
					}
					if len(infos[0]) != len(infos[1]) {
						t.Fatalf("%s selective %v: plain reported %d depths, one line %d", g.Position(), sel, len(infos[0]), len(infos[1]))
					}
					for k, a := range infos[0] {
						b := infos[1][k]
						if a.Depth != b.Depth || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PVText, b.PVText) || b.MultiPV != 1 {
							t.Errorf("%s selective %v, report %d: plain %+v, one line %+v", g.Position(), sel, k, a, b)
						}
					}
				}
			}
		})
	}
}

// moveValue is the exact value of playing m in g, from the mover's view,
// at depth: the exact search of the position after it one ply shallower,
// negated (MoveScore), or the result when m ends the game.
func moveValue(t *testing.T, g rules.Game, m rules.Move, depth int) int {
	c := g.Clone()
	c.Play(m)
	if over, w := rules.Outcome(c); over {
		switch {
		case w < 0:
			return 0
		case w == g.SideToMove():
			return Mate - 1
		}
		return -(Mate - 1)
	}
	res, err := New(Options{HashEntries: 1 << 16}).Search(context.Background(), c, Limits{Depth: depth - 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return MoveScore(res.Score)
}

// checkLines checks what holds for the lines of any search of n: as many
// as asked (or as there are moves), distinct legal moves heading lines that
// play out, scores best first, the result the first line.
func checkLines(t *testing.T, g rules.Game, n int, res Result) {
	t.Helper()
	pos := g.Position()
	want := min(n, len(g.Moves(nil)))
	if len(res.Lines) != want {
		t.Fatalf("%s: %d lines, want %d", pos, len(res.Lines), want)
	}
	seen := map[rules.Move]bool{}
	for k, l := range res.Lines {
		if l.MultiPV != k+1 || len(l.PV) == 0 || len(l.PVText) == 0 {
			t.Fatalf("%s: line %d is %+v", pos, k+1, l)
		}
		if seen[l.PV[0]] {
			t.Errorf("%s: move %s heads two lines", pos, l.PVText[0])
		}
		seen[l.PV[0]] = true
		if k > 0 && l.Score > res.Lines[k-1].Score {
			t.Errorf("%s: line %d scores %d, above line %d's %d", pos, k+1, l.Score, k, res.Lines[k-1].Score)
		}
		c := g.Clone()
		for i, m := range l.PV[:len(l.PVText)] {
			pm, err := c.ParseMove(l.PVText[i])
			if err != nil || pm != m {
				t.Fatalf("%s: line %d, move %d %q: %v", pos, k+1, i+1, l.PVText[i], err)
			}
			c.Play(m)
		}
	}
	first := res.Lines[0]
	if res.Best != first.PV[0] || res.BestText != first.PVText[0] || res.Score != first.Score || res.Depth != first.Depth {
		t.Errorf("%s: result %s %d depth %d, first line %v %d depth %d", pos, res.BestText, res.Score, res.Depth, first.PVText, first.Score, first.Depth)
	}
}

// TestLinesExact: in the exact mode at a fixed depth, the lines of a
// search of 3 are the three best moves: the first scores what the search
// of one line scores, each scores the exact value of its move, and no
// other move is worth more than the last line. Each depth reports its
// lines in order.
func TestLinesExact(t *testing.T) {
	ctx := context.Background()
	const n = 3
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			depth := max(tg.depth, 2)
			for _, g := range multiPVPositions(t, tg.id) {
				var reports []Info
				res, err := New(Options{HashEntries: 1 << 16}).Search(ctx, g, Limits{Depth: depth, MultiPV: n}, func(i Info) { reports = append(reports, i) })
				if err != nil {
					t.Fatal(err)
				}
				checkLines(t, g, n, res)
				one, err := New(Options{HashEntries: 1 << 16}).Search(ctx, g, Limits{Depth: depth}, nil)
				if err != nil {
					t.Fatal(err)
				}
				// (A proven result ends the search of one line as soon as
				// its first line is proven, that of several when all are.)
				if one.Score != res.Score || one.Mate() == 0 && one.Depth != res.Depth {
					t.Errorf("%s: one line scores %d at depth %d, the first of %d %d at depth %d", g.Position(), one.Score, one.Depth, n, res.Score, res.Depth)
				}
				// A proven result ends the search before the depth asked
				// for; the values are those of the depth reached.
				d := res.Depth
				if d < 2 {
					continue
				}
				var values []int
				for _, m := range g.Moves(nil) {
					v := moveValue(t, g, m, d)
					values = append(values, v)
					for k, l := range res.Lines {
						if l.PV[0] == m && l.Score != v {
							t.Errorf("%s depth %d: line %d %s scores %d, its exact value is %d", g.Position(), d, k+1, l.PVText[0], l.Score, v)
						}
					}
				}
				slices.SortFunc(values, func(a, b int) int { return b - a })
				for k, l := range res.Lines {
					if l.Score != values[k] {
						t.Errorf("%s depth %d: line %d scores %d, the %d-th best move is worth %d (all: %v)", g.Position(), d, k+1, l.Score, k+1, values[k], values)
					}
				}
				// Every depth done reports its lines, numbered in order.
				if len(reports) != d*len(res.Lines) {
					t.Errorf("%s: %d reports for %d depths of %d lines", g.Position(), len(reports), d, len(res.Lines))
				}
				for i, r := range reports {
					if r.Depth != i/len(res.Lines)+1 || r.MultiPV != i%len(res.Lines)+1 {
						t.Errorf("%s: report %d is depth %d line %d", g.Position(), i, r.Depth, r.MultiPV)
					}
				}
			}
		})
	}
}

// TestLinesSelective: the playing search of several lines gives distinct
// legal moves, best first, at the depth asked for, and more lines than
// moves gives them all.
func TestLinesSelective(t *testing.T) {
	ctx := context.Background()
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			for _, g := range multiPVPositions(t, tg.id) {
				for _, n := range []int{2, 4, MaxMultiPV} {
					e := New(Options{HashEntries: 1 << 16, Selective: true, Threads: 2})
					res, err := e.Search(ctx, g, Limits{Depth: tg.depth + 1, MultiPV: n}, nil)
					if err != nil {
						t.Fatal(err)
					}
					checkLines(t, g, n, res)
					if res.Stopped || res.Mate() == 0 && res.Depth != tg.depth+1 {
						t.Errorf("%s, %d lines: depth %d (stopped %v), want %d", g.Position(), n, res.Depth, res.Stopped, tg.depth+1)
					}
				}
			}
		})
	}
}

// TestLinesAgreeWithLastReport: when a node limit cuts a search of several
// lines short, its lines are the last ones reported.
func TestLinesAgreeWithLastReport(t *testing.T) {
	ctx := context.Background()
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			for _, g := range randomPositions(t, tg.id, 3, []int{4, 10}) {
				for _, nodes := range []int64{300, 3000, 30000} {
					var last []Info
					res, err := New(Options{HashEntries: 1 << 16, Selective: true}).Search(ctx, g, Limits{Nodes: nodes, MultiPV: 3}, func(i Info) {
						if i.MultiPV == 1 {
							last = last[:0]
						}
						last = append(last, i)
					})
					if err != nil {
						t.Fatal(err)
					}
					if len(last) == 0 {
						if len(res.Lines) != 0 || !res.Stopped || len(res.PV) != 1 {
							t.Errorf("%s, %d nodes: nothing reported, but the result is %+v", g.Position(), nodes, res)
						}
						continue
					}
					if len(res.Lines) != len(last) {
						t.Fatalf("%s, %d nodes: %d lines, %d last reported", g.Position(), nodes, len(res.Lines), len(last))
					}
					for k, l := range res.Lines {
						if l.Depth != last[k].Depth || l.Score != last[k].Score || !slices.Equal(l.PVText, last[k].PVText) {
							t.Errorf("%s, %d nodes: line %d %+v, last reported %+v", g.Position(), nodes, k+1, l, last[k])
						}
					}
				}
			}
		})
	}
}

// TestLinesAllocs: a search of several lines allocates at the root only
// (each line's copy and text, a depth), not with the nodes searched.
func TestLinesAllocs(t *testing.T) {
	const n = 3
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			g := randomPositions(t, tg.id, 4, []int{6})[0]
			for _, sel := range []bool{false, true} {
				e := New(Options{HashEntries: 1 << 16, Selective: sel})
				allocs := func(depth int) (float64, int64) {
					var nodes int64
					a := testing.AllocsPerRun(3, func() {
						e.NewGame()
						res, _ := e.Search(context.Background(), g, Limits{Depth: depth, MultiPV: n}, nil)
						nodes = res.Nodes
					})
					return a, nodes
				}
				allocs(tg.depth) // warm up the move buffers
				a1, n1 := allocs(1)
				a2, n2 := allocs(tg.depth)
				// A line of depth d: its move copy, its text and d moves'
				// text, for n lines at each depth.
				if root := float64(n * tg.depth * (tg.depth + 4)); a2 > a1+root {
					t.Errorf("selective %v: depth 1: %.0f allocations for %d nodes; depth %d: %.0f for %d nodes (the root's at most %.0f more)", sel, a1, n1, tg.depth, a2, n2, root)
				}
			}
		})
	}
}
