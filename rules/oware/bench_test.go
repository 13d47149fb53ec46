package oware

import "testing"

func benchPerft(b *testing.B, opts map[string]string, depth int, want uint64) {
	g := New(opts)
	g.Perft(8) // grow the caches and search space before timing
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		n := g.Perft(depth)
		if want != 0 && n != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerft11 is perft 11 from the start under the abapa rules (the
// indetermination test included): 91,558,687 leaves.
func BenchmarkPerft11(b *testing.B) { benchPerft(b, nil, 11, 91558687) }

// BenchmarkPerft9 is a quicker run of the same.
func BenchmarkPerft9(b *testing.B) { benchPerft(b, nil, 9, 3592872) }

// BenchmarkPerft9Tournament is perft 9 with end=tournament (repetition
// history kept at every node).
func BenchmarkPerft9Tournament(b *testing.B) {
	benchPerft(b, map[string]string{"end": "tournament"}, 9, 3592872)
}
