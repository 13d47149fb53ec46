package pgn

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"boardrepl/rules/record"
)

// BenchmarkImport reads and replays the games cuteataxx wrote
// (fixtures/ataxx/games/cuteataxx.pgn) one at a time from a stream, as
// convert --from ataxx-pgn does: games a second.
func BenchmarkImport(b *testing.B) {
	data, err := os.ReadFile("../../../fixtures/ataxx/games/cuteataxx.pgn")
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat(string(data), 25) // 100 games
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	games := 0
	for i := 0; i < b.N; i++ {
		sc := record.NewScanner(strings.NewReader(text))
		for {
			r, err := sc.ReadRecord()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := ImportRecord(r); err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
