package engine

import (
	"context"
	"fmt"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// benchSearch searches a game's start position (or pos) to a fixed depth
// and reports nodes per second.
func benchSearch(b *testing.B, game, pos string, depth int) {
	benchSearchOpts(b, game, pos, depth, Options{HashEntries: 1 << 20})
}

// BenchmarkSearchAtaxxSelective9: the selective search (as players
// search) to depth 9 from the start, the figure Autaxx is compared on
// (Autaxx 1.0, tryhard search: 52,946 nodes; boardrepl 39,174 with the
// fill-scaled evaluation terms, 93,316 before them, since the late
// conversions are reduced as much as quiet moves (rules.CaptureReducer);
// 224,126 before that, with the evaluation of br-4; 48,484 with br-2's).
func BenchmarkSearchAtaxxSelective9(b *testing.B) {
	benchSearchOpts(b, "ataxx", "", 9, Options{HashEntries: 1 << 20, Selective: true})
}

// BenchmarkSearchAtaxxSelective9Hand: the same search with the
// hand-written evaluation (the network off: rules.Networker).
func BenchmarkSearchAtaxxSelective9Hand(b *testing.B) {
	benchSearchWith(b, "ataxx", "", 9, Options{HashEntries: 1 << 20, Selective: true}, handEval)
}

// BenchmarkSearchAtaxxSelective13 and ...13Hand: time to depth 13 from
// the start, the figure the peers are compared on (docs/engine.md).
func BenchmarkSearchAtaxxSelective13(b *testing.B) {
	benchSearchOpts(b, "ataxx", "", 13, Options{HashEntries: 1 << 20, Selective: true})
}

func BenchmarkSearchAtaxxSelective13Hand(b *testing.B) {
	benchSearchWith(b, "ataxx", "", 13, Options{HashEntries: 1 << 20, Selective: true}, handEval)
}

// handEval turns a game's learned evaluation off.
func handEval(g rules.Game) { g.(rules.Networker).UseNetwork(false) }

func BenchmarkSearchTablutSelective(b *testing.B) {
	benchSearchOpts(b, "tablut", "", 6, Options{HashEntries: 1 << 20, Selective: true})
}

func benchSearchOpts(b *testing.B, game, pos string, depth int, opts Options) {
	benchSearchWith(b, game, pos, depth, opts, nil)
}

// benchSearchWith is benchSearchOpts with setup, when not nil, run on the
// game first.
func benchSearchWith(b *testing.B, game, pos string, depth int, opts Options, setup func(rules.Game)) {
	info, err := rules.Lookup(game)
	if err != nil {
		b.Skip(err)
	}
	g, err := info.NewGame(nil, pos)
	if err != nil {
		b.Fatal(err)
	}
	if setup != nil {
		setup(g)
	}
	e := New(opts)
	b.ReportAllocs()
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.NewGame()
		res, err := e.Search(context.Background(), g, Limits{Depth: depth}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkSearchAtaxx(b *testing.B)  { benchSearch(b, "ataxx", "", 5) }
func BenchmarkSearchTablut(b *testing.B) { benchSearch(b, "tablut", "", 4) }
func BenchmarkSearchKonobi(b *testing.B) { benchSearch(b, "konobi", "", 4) }
func BenchmarkSearchOware(b *testing.B)  { benchSearch(b, "oware", "", 9) }

// Middle-game positions: the start positions are too open or too closed to
// say much about speed.
func BenchmarkSearchAtaxxMid(b *testing.B) {
	benchSearch(b, "ataxx", "x1o3o/1xx1o2/2x1oo1/1x1x3/o1x2x1/1o3o1/o1o3x x 0 12", 4)
}
func BenchmarkSearchTablutMid(b *testing.B) {
	benchSearch(b, "tablut", "3BBB3/4B4/2B1W4/B3W3B/BBWWK1WBB/B2W3WB/4W4/4B4/3BB4 w", 4)
}
func BenchmarkSearchOwareMid(b *testing.B) {
	benchSearch(b, "oware", "5,0,3,6,2,1/1,4,0,2,7,3 6 8 n", 10)
}

// BenchmarkSearchAtaxxThreads measures the Lazy SMP speed-up: compare the
// ns/op of threads=1 and threads=2 (same depth).
func BenchmarkSearchAtaxxThreads(b *testing.B) {
	for _, th := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", th), func(b *testing.B) {
			info, _ := rules.Lookup("ataxx")
			g, _ := info.NewGame(nil, "x1o3o/1xx1o2/2x1oo1/1x1x3/o1x2x1/1o3o1/o1o3x x 0 12")
			e := New(Options{Threads: th})
			for i := 0; i < b.N; i++ {
				e.NewGame()
				if _, err := e.Search(context.Background(), g, Limits{Depth: 5}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMatchRandom: 1,000 random-vs-random games (the target is < 2 s).
func BenchmarkMatchRandom(b *testing.B) {
	for _, id := range []string{"ataxx", "tablut", "konobi", "oware"} {
		b.Run(id, func(b *testing.B) {
			info, err := rules.Lookup(id)
			if err != nil {
				b.Skip(err)
			}
			for i := 0; i < b.N; i++ {
				c := MatchConfig{Info: info, P1: "random", P2: "random", Games: 1000, Seed: uint64(i)}
				if err := c.Run(context.Background(), nil, func(GameResult) {}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchThreads measures the time to depth of longer searches with
// one and two threads (compare the ns/op; nodes/op shows the extra work of
// the helpers).
func BenchmarkSearchThreads(b *testing.B) {
	cases := []struct {
		game, pos string
		depth     int
	}{
		{"ataxx", "x1o3o/1xx1o2/2x1oo1/1x1x3/o1x2x1/1o3o1/o1o3x x 0 12", 7},
		{"ataxx", "", 9},
		{"tablut", "", 6},
		{"tablut", "3BBB3/4B4/2B1W4/B3W3B/BBWWK1WBB/B2W3WB/4W4/4B4/3BB4 w", 7},
	}
	for _, c := range cases {
		name := c.game + "-start"
		if c.pos != "" {
			name = c.game + "-mid"
		}
		for _, th := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/depth=%d/threads=%d", name, c.depth, th), func(b *testing.B) {
				info, err := rules.Lookup(c.game)
				if err != nil {
					b.Skip(err)
				}
				g, err := info.NewGame(nil, c.pos)
				if err != nil {
					b.Fatal(err)
				}
				e := New(Options{Threads: th})
				var nodes int64
				for i := 0; i < b.N; i++ {
					e.NewGame()
					res, err := e.Search(context.Background(), g, Limits{Depth: c.depth}, nil)
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// BenchmarkSearchAtaxxFreshTable: the first search on a fresh table of
// 64 MB, as `uai` with `setoption name Hash value 64` searches its first
// move (the table is made outside the timer). Before the table took its
// memory up front (tt.prefault), this search paid for every page it first
// touched: 212 ms for 57,146 nodes (269k nodes/s), 67 ms (849k) after, at
// a load of 9 on 2 cores.
func BenchmarkSearchAtaxxFreshTable(b *testing.B) {
	info, _ := rules.Lookup("ataxx")
	g, _ := info.NewGame(nil, "")
	var nodes int64
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		e := New(Options{HashEntries: 64 << 20 / 24, Selective: true})
		b.StartTimer()
		res, err := e.Search(context.Background(), g, Limits{Depth: 9}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
