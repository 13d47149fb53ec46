package openings

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkBuild builds the tree (10 plies) of the Tablut fixture records,
// each read 20 times, and reports records a second (make bench).
func BenchmarkBuild(b *testing.B) {
	files, _ := filepath.Glob("../../fixtures/tablut/games/*.rec")
	var text strings.Builder
	for range 20 {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			text.Write(data)
			text.WriteString("\n")
		}
	}
	all := text.String()
	records := 20 * len(files)
	for _, jobs := range []int{1, 2} {
		b.Run(map[int]string{1: "j1", 2: "j2"}[jobs], func(b *testing.B) {
			for b.Loop() {
				src := Source{Name: "t", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(all)), nil }}
				t, err := Build(context.Background(), []Source{src}, BuildOptions{Plies: 10, Jobs: jobs})
				if err != nil || t.Games != records {
					b.Fatalf("%v: %d games", err, t.Games)
				}
			}
			b.ReportMetric(float64(records*b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}
