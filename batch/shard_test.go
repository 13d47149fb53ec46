package batch

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run runs a batch command and returns its stdout.
func runCmd(t *testing.T, run func([]string, *bytes.Buffer, *bytes.Buffer) int, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != ExitOK {
		t.Fatalf("%v: exit %d\n%s", args, code, errOut.String())
	}
	return out.String()
}

func lastJSON(t *testing.T, text string) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatalf("%v: %s", err, lines[len(lines)-1])
	}
	return m
}

func match(args []string, out, errOut *bytes.Buffer) int { return runMatch(args, nil, out, errOut) }
func analyse(args []string, out, errOut *bytes.Buffer) int {
	return runAnalyse(args, nil, out, errOut)
}
func merge(args []string, out, errOut *bytes.Buffer) int { return runMerge(args, nil, out, errOut) }

// A match split in three shards and merged gives the totals of the whole
// match played at once (the games depend only on the seed and their
// number): the same games, from the same openings of a shuffled book, the
// same pairs. A shard plays whole pairs (pair k when k is K-1 modulo N).
func TestShardedMatchTotals(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.txt")
	os.WriteFile(book, []byte("x5o/7/7/7/7/7/o4xx o 0 1\nx5o/7/7/7/7/5x1/o5x o 0 1\nx5o/7/7/7/7/6x/o5x o 0 1\n"), 0o644)
	base := []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "random", "--games", "7", "--seed", "11", "--json",
		"--openings", book, "order=random", "--opening", "1"}
	wholeOut := runCmd(t, match, base...)
	whole := lastJSON(t, wholeOut)
	wholeGames := strings.Split(strings.TrimSpace(wholeOut), "\n")
	var files []string
	for k := 1; k <= 3; k++ {
		out := runCmd(t, match, append(base, "--shard", []string{"1/3", "2/3", "3/3"}[k-1])...)
		f := filepath.Join(dir, []string{"a", "b", "c"}[k-1]+".jsonl")
		os.WriteFile(f, []byte(out), 0o644)
		files = append(files, f)
		if s := lastJSON(t, out); s["shard"] == nil || s["games"].(float64) != []float64{3, 2, 2}[k-1] {
			t.Errorf("shard %d: %v games, shard %v", k, s["games"], s["shard"])
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for _, l := range lines[:len(lines)-1] {
			var g matchGameJSON
			json.Unmarshal([]byte(l), &g)
			if (g.Game-1)/2%3 != k-1 {
				t.Errorf("shard %d/3 played game %d (pair %d)", k, g.Game, (g.Game-1)/2)
			}
			if wholeGames[g.Game-1] != l {
				t.Errorf("game %d: whole match\n%s\nshard %d\n%s", g.Game, wholeGames[g.Game-1], k, l)
			}
		}
	}
	merged := lastJSON(t, runCmd(t, merge, files...))
	if merged["shards"].(float64) != 3 {
		t.Errorf("shards %v", merged["shards"])
	}
	delete(merged, "shards")
	for _, k := range []string{"games", "p1_wins", "p2_wins", "draws", "adjudicated", "endings", "avg_plies", "p1_score", "complete", "total",
		"side_wins", "elo", "elo_margin", "elo_low", "elo_high", "los", "pentanomial", "distinct_games"} {
		if a, b := mustJSON(whole[k]), mustJSON(merged[k]); a != b {
			t.Errorf("%s: whole %s, merged %s", k, a, b)
		}
	}
	if p := whole["pentanomial"].(map[string]any); p["pairs"].(float64) != 3 {
		t.Errorf("7 games: %v pairs, want 3", p["pairs"])
	}
	// Two shards only: the merge is not complete, and says so by its exit
	// status, unless --partial accepts it.
	if code, stderr := runStatus(merge, files[:2]...); code != ExitFail || !strings.Contains(stderr, "shard 3/3 is missing; 2 games of 7 are missing (5-6)") {
		t.Errorf("two of three shards: exit %d, %s", code, stderr)
	}
	part := lastJSON(t, runCmd(t, merge, append([]string{"--partial"}, files[:2]...)...))
	if part["complete"] != false || part["games"].(float64) != 5 {
		t.Errorf("two of three shards: %v", part)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// An analysis split in two shards (records and position lines dealt in
// turn) and merged gives the totals of the whole run.
func TestShardedAnalyseTotals(t *testing.T) {
	dir := t.TempDir()
	recs := []string{
		"[Game \"ataxx\"]\n\n1. f2 b2 2. g1g3 a1c1 3. g3g5 *\n",
		"[Game \"ataxx\"]\n\n1. f2 a1c1 2. g1e3 g7e5 *\n",
		"[Game \"ataxx\"]\n\n1. g2 b2 2. g1e3 *\n",
	}
	var files []string
	for i, r := range recs {
		f := filepath.Join(dir, []string{"r1.rec", "r2.rec", "r3.rec"}[i])
		os.WriteFile(f, []byte(r), 0o644)
		files = append(files, f)
	}
	args := append([]string{"--depth", "2", "--json"}, files...)
	whole := lastJSON(t, runCmd(t, analyse, args...))
	if whole["totals"] != true || whole["records"].(float64) != 3 {
		t.Fatalf("totals %v", whole)
	}
	var outs []string
	for _, s := range []string{"1/2", "2/2"} {
		out := runCmd(t, analyse, append([]string{"--shard", s}, args...)...)
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "of")+".jsonl")
		os.WriteFile(f, []byte(out), 0o644)
		outs = append(outs, f)
	}
	merged := lastJSON(t, runCmd(t, merge, outs...))
	for _, k := range []string{"records", "positions", "dubious", "blunders"} {
		if whole[k] != merged[k] {
			t.Errorf("%s: whole %v, merged %v", k, whole[k], merged[k])
		}
	}
	if merged["shards"].(float64) != 2 {
		t.Errorf("shards %v", merged["shards"])
	}
}

func TestShardFlag(t *testing.T) {
	var s shard
	for _, bad := range []string{"0/2", "3/2", "1", "a/b", "1/0", "-1/2"} {
		if err := s.Set(bad); err == nil {
			t.Errorf("--shard %s accepted", bad)
		}
	}
	if err := s.Set("2/3"); err != nil || !s.has(1) || s.has(0) || s.has(2) || !s.has(4) {
		t.Errorf("2/3: %v %v", err, s)
	}
	// A match's games by pairs: games 2 and 3 (0-based) are pair 1.
	if !s.hasPair(2) || !s.hasPair(3) || s.hasPair(1) || s.hasPair(4) || !s.hasPair(8) {
		t.Errorf("2/3: the pairs of games %v", s)
	}
	var whole shard
	if !whole.has(5) {
		t.Errorf("no shard: every unit")
	}
}
