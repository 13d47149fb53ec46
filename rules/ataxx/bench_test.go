package ataxx

import (
	"testing"

	"boardrepl/rules"
)

func benchPerft(b *testing.B, fen string, depth int) {
	g := mustParse(b, fen)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += g.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftStart4(b *testing.B)  { benchPerft(b, StartPosition, 4) }
func BenchmarkPerftStart5(b *testing.B)  { benchPerft(b, StartPosition, 5) }
func BenchmarkPerftStart6(b *testing.B)  { benchPerft(b, StartPosition, 6) }
func BenchmarkPerftBlocks6(b *testing.B) { benchPerft(b, "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", 6) }
func BenchmarkPerftMiddle5(b *testing.B) { benchPerft(b, "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1", 5) }

// BenchmarkGenericPerftStart4 is the same count through the Game interface
// (Moves/Play/Unplay), for comparison.
func BenchmarkGenericPerftStart4(b *testing.B) {
	g := mustParse(b, StartPosition)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += rules.GenericPerft(g, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPlayUnplay(b *testing.B) {
	g := mustParse(b, "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1")
	buf := make([]rules.Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		ms := g.Moves(buf[:0])
		for _, m := range ms {
			g.Play(m)
			g.Unplay()
		}
	}
}
