package ataxx

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
)

// long runs the perft vectors above 1e8 nodes as well (a minute or more):
// BOARDREPL_LONG=1, as `make test-long` sets it. An environment variable,
// not a flag, so that one `go test ./...` can carry it to every package.
var long = os.Getenv("BOARDREPL_LONG") != ""

type perftRow struct {
	line  int
	fen   string
	depth int
	nodes uint64
}

func readPerft(t testing.TB) []perftRow {
	t.Helper()
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	header := false
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !header {
			header = true
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("perft.tsv:%d: %d columns", ln, len(parts))
		}
		d, err1 := strconv.Atoi(parts[1])
		n, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("perft.tsv:%d: bad numbers", ln)
		}
		rows = append(rows, perftRow{ln, parts[0], d, n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestPerftVectors reproduces every row of the libataxx perft vectors up to
// 1e8 nodes (about 0.2 s; rows above 2e7 are skipped with -short);
// BOARDREPL_LONG=1 runs the rest, in parallel over the root moves (all 157
// rows, startpos depth 8 included, take about a minute on 2 cores:
// BOARDREPL_LONG=1 go test -run PerftVectors -timeout 0 ./rules/ataxx/).
func TestPerftVectors(t *testing.T) {
	rows := readPerft(t)
	if len(rows) != 157 {
		t.Errorf("read %d rows, want 157", len(rows))
	}
	ran, total := 0, uint64(0)
	defer func() { t.Logf("%d rows, %d leaves", ran, total) }()
	for _, r := range rows {
		if r.nodes > 1e8 && !long {
			continue
		}
		if r.nodes > 2e7 && testing.Short() {
			continue
		}
		g, err := Info.Parse(rules.Options{}, r.fen)
		if err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		var got uint64
		if r.nodes > 1e8 {
			got = rules.ParallelPerft(g, r.depth, runtime.NumCPU())
		} else {
			got = rules.Perft(g, r.depth)
		}
		ran++
		total += got
		if got != r.nodes {
			t.Errorf("line %d: perft(%q, %d) = %d, want %d", r.line, r.fen, r.depth, got, r.nodes)
		}
		if g.Position() != r.fen {
			t.Errorf("line %d: position changed to %q", r.line, g.Position())
		}
	}
}
