package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// games lists the registered games the tests run over, with a depth a
// full-width search reaches quickly in each.
var testGames = []struct {
	id    string
	depth int
}{
	{"ataxx", 4},
	{"tablut", 3},
	{"tablut-brainking", 3},
	{"konobi", 3},
	{"oware", 6},
}

func newGame(t testing.TB, id, pos string) rules.Game {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Skipf("%s: %v", id, err)
	}
	g, err := info.NewGame(nil, pos)
	if err != nil {
		t.Fatalf("%s %q: %v", id, pos, err)
	}
	return g
}

// randomPositions plays seeded random games and returns clones of the
// positions met at the given plies (game over positions excluded).
func randomPositions(t testing.TB, id string, seed uint64, plies []int) []rules.Game {
	g := newGame(t, id, "")
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []rules.Game
	var buf []rules.Move
	for ply := 0; len(out) < len(plies); ply++ {
		if over, _ := rules.Outcome(g); over {
			g = newGame(t, id, "")
			ply = 0
			continue
		}
		for _, p := range plies {
			if p == ply {
				out = append(out, g.Clone())
			}
		}
		buf = g.Moves(buf[:0])
		g.Play(buf[rng.IntN(len(buf))])
	}
	return out
}

func TestTTSameValue(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			ps := randomPositions(t, tg.id, 1, []int{0, 3, 8, 15, 24})
			with := New(Options{HashEntries: 1 << 16})
			without := New(Options{NoTT: true})
			for _, g := range ps {
				with.NewGame()
				a, err := with.Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
				if err != nil {
					t.Fatal(err)
				}
				b, err := without.Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if a.Score != b.Score || a.Depth != b.Depth {
					t.Errorf("%s: with the table depth %d score %d (%d nodes), without depth %d score %d (%d nodes)",
						g.Position(), a.Depth, a.Score, a.Nodes, b.Depth, b.Score, b.Nodes)
				}
				if a.Nodes > b.Nodes {
					t.Logf("%s: table searched more nodes (%d > %d)", g.Position(), a.Nodes, b.Nodes)
				}
			}
		})
	}
}

func TestSearchKeepsPosition(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			for _, g := range randomPositions(t, tg.id, 2, []int{0, 5, 11}) {
				pos, ply := g.Position(), g.Ply()
				var h uint64
				if hs, ok := g.(rules.Hasher); ok {
					h = hs.Hash()
				}
				res, err := Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if g.Position() != pos || g.Ply() != ply {
					t.Fatalf("search changed %s (ply %d) into %s (ply %d)", pos, ply, g.Position(), g.Ply())
				}
				if hs, ok := g.(rules.Hasher); ok && hs.Hash() != h {
					t.Fatalf("search changed the hash of %s", pos)
				}
				// The best move is legal and the PV plays out.
				c := g.Clone()
				for i, m := range res.PV {
					if over, _ := rules.Outcome(c); over {
						t.Fatalf("%s: pv %v goes on past the end", pos, res.PVText)
					}
					if _, err := c.ParseMove(res.PVText[i]); err != nil {
						t.Fatalf("%s: pv move %d %q: %v", pos, i, res.PVText[i], err)
					}
					c.Play(m)
				}
				if len(res.PV) == 0 || res.PV[0] != res.Best {
					t.Fatalf("%s: best %v, pv %v", pos, res.BestText, res.PVText)
				}
			}
		})
	}
}

// TestSearchAllocs: the allocations of a search (the clone, the PV text)
// do not grow with the nodes searched: the hot path allocates nothing.
func TestSearchAllocs(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			g := randomPositions(t, tg.id, 4, []int{6})[0]
			for _, sel := range []bool{false, true} {
				e := New(Options{HashEntries: 1 << 16, Selective: sel})
				allocs := func(depth int) (float64, int64) {
					var nodes int64
					a := testing.AllocsPerRun(3, func() {
						e.NewGame()
						res, _ := e.Search(context.Background(), g, Limits{Depth: depth}, nil)
						nodes = res.Nodes
					})
					return a, nodes
				}
				allocs(tg.depth) // warm up the move buffers
				a1, n1 := allocs(1)
				a2, n2 := allocs(tg.depth)
				if a2 > a1+float64(8*tg.depth) {
					t.Errorf("selective %v: depth 1: %.0f allocations for %d nodes; depth %d: %.0f for %d nodes", sel, a1, n1, tg.depth, a2, n2)
				}
			}
		})
	}
}

// TestResultAgreesWithLastInfo: when a node limit cuts an iteration short,
// the result (move, score, depth, line) is the last one reported: the
// deepest completed iteration's, or a better move the unfinished one
// searched fully; the move heads the line. A line of an unfinished
// iteration is marked partial and has its depth, one more than the
// result's (the depth completed) when one was.
func TestResultAgreesWithLastInfo(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			for _, g := range randomPositions(t, tg.id, 3, []int{4, 10}) {
				for _, nodes := range []int64{300, 1000, 3000, 10000} {
					e := New(Options{HashEntries: 1 << 16, Selective: true})
					var last Info
					res, err := e.Search(context.Background(), g, Limits{Nodes: nodes}, func(i Info) { last = i })
					if err != nil {
						t.Fatal(err)
					}
					if last.Depth == 0 {
						continue // not even one iteration
					}
					depthOK := res.Depth == last.Depth || last.Partial && res.Depth == last.Depth-1
					if !depthOK || res.Score != last.Score || len(last.PV) == 0 || res.Best != last.PV[0] || res.BestText != last.PVText[0] {
						t.Errorf("%s, %d nodes: result depth %d score %d best %s; last info depth %d (partial %v) score %d pv %v",
							g.Position(), nodes, res.Depth, res.Score, res.BestText, last.Depth, last.Partial, last.Score, last.PVText)
					}
				}
			}
		})
	}
}

// TestPartialIterationMarked: the lines a node-limited search reports have
// depths that only grow (a cut-short iteration no longer repeats the depth
// before it); only the last may be of an unfinished iteration, marked
// Partial, and its line says "lowerbound" after the score, as UCI does.
func TestPartialIterationMarked(t *testing.T) {
	partials := 0
	for _, tg := range testGames {
		for _, g := range randomPositions(t, tg.id, 5, []int{4, 10}) {
			for _, nodes := range []int64{300, 1000, 3000, 10000} {
				e := New(Options{HashEntries: 1 << 16, Selective: true})
				var infos []Info
				if _, err := e.Search(context.Background(), g, Limits{Nodes: nodes}, func(i Info) { infos = append(infos, i) }); err != nil {
					t.Fatal(err)
				}
				for k, in := range infos {
					if k > 0 && in.Depth <= infos[k-1].Depth {
						t.Errorf("%s %s, %d nodes: depth %d reported after depth %d", tg.id, g.Position(), nodes, in.Depth, infos[k-1].Depth)
					}
					if in.Partial && k != len(infos)-1 {
						t.Errorf("%s %s, %d nodes: a partial line before the last: %s", tg.id, g.Position(), nodes, in)
					}
					if bound := strings.Contains(in.String(), " lowerbound nodes "); bound != in.Partial {
						t.Errorf("%s: partial %v, line %q", tg.id, in.Partial, in)
					}
					if in.Partial {
						partials++
					}
				}
			}
		}
	}
	if partials == 0 {
		t.Error("no search was cut short inside an iteration: the test tries nothing")
	}
}

// TestThreads: searches with several threads complete the depth asked
// for, return a legal best move whose PV plays out, find the same proven
// results as one thread, and leave the position alone.
func TestThreads(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			one := New(Options{HashEntries: 1 << 16})
			many := New(Options{HashEntries: 1 << 16, Threads: 3})
			ps := randomPositions(t, tg.id, 3, []int{0, 4, 9})
			ps = append(ps, endgamePositions(t, tg.id, 3, 3)...)
			for _, g := range ps {
				pos := g.Position()
				one.NewGame()
				a, err := one.Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
				if err != nil {
					t.Fatal(err)
				}
				many.NewGame()
				var last int
				b, err := many.Search(context.Background(), g, Limits{Depth: tg.depth}, func(i Info) { last = i.Depth })
				if err != nil {
					t.Fatal(err)
				}
				if g.Position() != pos {
					t.Fatalf("search changed %s into %s", pos, g.Position())
				}
				if b.Stopped || (b.Mate() == 0 && b.Depth != tg.depth) || last != b.Depth {
					t.Errorf("%s: depth %d (last reported %d, stopped %v), want %d", pos, b.Depth, last, b.Stopped, tg.depth)
				}
				// A proven result within the depth is found either way (with
				// several threads the table may also prove one beyond it).
				if (a.Mate() != 0 || abs(b.Mate()) <= tg.depth) && a.Mate() != b.Mate() {
					t.Errorf("%s: one thread mate %d, three threads mate %d", pos, a.Mate(), b.Mate())
				}
				if len(b.PV) == 0 || b.PV[0] != b.Best {
					t.Fatalf("%s: best %s, pv %v", pos, b.BestText, b.PVText)
				}
				playPV(t, g, b)
			}
		})
	}
}

func TestScoreLoss(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{
		{100, 40, 60},
		{40, 100, 0},                        // b is better: no loss
		{Mate - 3, 0, 10 * rules.EvalLimit}, // a win thrown away
		{Mate - 3, Mate - 5, 0},             // both wins: no gap
		{0, -(Mate - 2), 10 * rules.EvalLimit},
	} {
		if got := ScoreLoss(c.a, c.b); got != c.want {
			t.Errorf("ScoreLoss(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// roundDiv is math.Round of the quotient, halves away from zero, over the
// history's range and the divisors the games use.
func TestRoundDiv(t *testing.T) {
	for _, b := range []int{1, 2, 3, 7, 12288} {
		for a := -histMax; a <= histMax; a++ {
			if got, want := roundDiv(a, b), int(math.Round(float64(a)/float64(b))); got != want {
				t.Fatalf("roundDiv(%d, %d) = %d, math.Round gives %d", a, b, got, want)
			}
		}
	}
}

// playPV plays res's line from g (unchanged) and returns the position at
// its end, failing the test at a move the position does not accept.
func playPV(t *testing.T, g rules.Game, res Result) rules.Game {
	t.Helper()
	c := g.Clone()
	for i, m := range res.PV {
		if _, err := c.ParseMove(res.PVText[i]); err != nil {
			t.Fatalf("%s: pv move %d %q: %v", g.Position(), i, res.PVText[i], err)
		}
		c.Play(m)
	}
	return c
}
