package record

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkScanner reads the records of a stream (the games cuteataxx
// wrote, annotated with its movetime comments) without replaying them:
// games a second and bytes a second of the reader alone.
func BenchmarkScanner(b *testing.B) {
	data, err := os.ReadFile("../../fixtures/ataxx/games/cuteataxx.pgn")
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat(string(data), 25) // 100 games
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	games := 0
	for i := 0; i < b.N; i++ {
		sc := NewScanner(strings.NewReader(text))
		for {
			_, err := sc.ReadRecord()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
