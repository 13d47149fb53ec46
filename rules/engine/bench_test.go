package engine

import (
	"context"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// benchSearch searches a game's start position (or pos) to a fixed depth
// and reports nodes per second.
func benchSearch(b *testing.B, game, pos string, depth int) {
	info, err := rules.Lookup(game)
	if err != nil {
		b.Skip(err)
	}
	g, err := info.NewGame(nil, pos)
	if err != nil {
		b.Fatal(err)
	}
	e := New(Options{HashEntries: 1 << 20})
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
