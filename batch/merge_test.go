package batch

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardrepl/rules/engine"
)

// lines reads the lines of a --json output file.
func lines(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// writeLines writes lines as a --json output file in dir.
func writeLines(t *testing.T, dir, name string, ls []string) string {
	t.Helper()
	f := filepath.Join(dir, name)
	text := strings.Join(ls, "\n")
	if len(ls) > 0 {
		text += "\n"
	}
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// setField sets a field of a JSON line (the value as JSON).
func setField(t *testing.T, line, key, value string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	m[key] = json.RawMessage(value)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runTo runs a batch command and writes its stdout to dir/name.
func runTo(t *testing.T, run func([]string, *bytes.Buffer, *bytes.Buffer) int, dir, name string, args ...string) string {
	t.Helper()
	f := filepath.Join(dir, name)
	if err := os.WriteFile(f, []byte(runCmd(t, run, args...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// mergeCase is a merge that must fail (exit status 1) with want in its
// message; with partial, --partial must accept it (an incomplete result,
// not a refusal).
type mergeCase struct {
	name    string
	files   []string
	want    string
	partial bool
}

func checkMerges(t *testing.T, cases []mergeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stderr := runStatus(merge, tc.files...)
			if code != ExitFail || !strings.Contains(stderr, tc.want) {
				t.Errorf("merge %v: exit %d\n%s\nwant %s", tc.files, code, stderr, tc.want)
			}
			code, stderr = runStatus(merge, append([]string{"--partial"}, tc.files...)...)
			if tc.partial && (code != ExitOK || !strings.Contains(stderr, tc.want)) {
				t.Errorf("merge --partial %v: exit %d\n%s", tc.files, code, stderr)
			}
			if !tc.partial && code != ExitFail {
				t.Errorf("merge --partial %v: exit %d, want a refusal (1)", tc.files, code)
			}
		})
	}
}

// Merge adds up only what is one whole job: the parts of another job, the
// same part twice, the whole job among its parts, parts of another N, a
// game given twice or forged, counts out of range are refused; a part that
// failed (empty, cut before its summary) leaves the result incomplete,
// exit status 1, unless --partial.
func TestMergeMatchRefuses(t *testing.T) {
	dir := t.TempDir()
	book := writeLines(t, dir, "book.txt", []string{"x5o/7/7/7/7/7/o4xx o 0 1", "x5o/7/7/7/7/5x1/o5x o 0 1"})
	other := writeLines(t, dir, "other.txt", []string{"x5o/7/7/7/7/6x/o5x o 0 1", "x5o/7/7/7/7/5x1/o5x o 0 1"})
	base := []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "random", "--games", "8", "--seed", "3", "--json", "--openings", book}
	shardOf := func(name string, s string, extra ...string) string {
		return runTo(t, match, dir, name, append(append(base, "--shard", s), extra...)...)
	}
	a, b := shardOf("a.jsonl", "1/2"), shardOf("b.jsonl", "2/2")
	whole := runTo(t, match, dir, "whole.jsonl", base...)
	// The honest merge is complete and gives the whole match's totals.
	merged, all := lastJSON(t, runCmd(t, merge, a, b)), lastJSON(t, runCmd(t, merge, whole))
	if merged["complete"] != true || mustJSON(merged["pentanomial"]) != mustJSON(all["pentanomial"]) || mustJSON(merged["job"]) != mustJSON(all["job"]) {
		t.Fatalf("merged %v\nwhole %v", merged, all)
	}
	la, lb := lines(t, a), lines(t, b)
	gameLine := func(ls []string, n int) string { // the line of game n
		for _, l := range ls {
			if strings.HasPrefix(l, `{"game":`+itoa(n)+`,`) {
				return l
			}
		}
		t.Fatalf("no game %d", n)
		return ""
	}
	replace := func(ls []string, from, to string) []string {
		out := append([]string(nil), ls...)
		for i := range out {
			if out[i] == from {
				out[i] = to
			}
		}
		return out
	}
	g1 := gameLine(la, 1)
	flipped := strings.Replace(g1, `"winner":"p1"`, `"winner":"p2"`, 1)
	if !strings.Contains(g1, `"winner":"p1"`) {
		flipped = strings.Replace(g1, `"winner":"p2"`, `"winner":"p1"`, 1)
	}
	summaryA := la[len(la)-1]
	checkMerges(t, []mergeCase{
		// A failed array task: an empty part, a part cut before its summary.
		{"empty part", []string{a, writeLines(t, dir, "empty.jsonl", nil)}, "empty.jsonl is empty (the run wrote nothing); shard 2/2 is missing; 4 games of 8 are missing (3-4, 7-8)", true},
		{"cut part", []string{a, writeLines(t, dir, "cut.jsonl", lb[:len(lb)-2])}, "cut.jsonl has no summary: the run was cut short after 3 games; shard 2/2 is missing; game 8 of 8 is missing", true},
		{"a part given twice", []string{a, a, b}, "a.jsonl and " + a + " are both shard 1/2: a part given twice?", false},
		{"the whole job among the parts", []string{a, b, whole}, "a.jsonl is shard 1/2, but " + whole + " is the whole job (no --shard)", false},
		{"another N", []string{a, shardOf("c.jsonl", "2/3")}, "is shard 1/2, but " + filepath.Join(dir, "c.jsonl") + " is shard 2/3", false},
		{"another --opening", []string{a, shardOf("d.jsonl", "2/2", "--opening", "2")}, "are parts of different jobs: opening 0 and 2", false},
		{"another --openings", []string{a, shardOf("e.jsonl", "2/2", "--openings", other)}, "are parts of different jobs: openings ", false},
		{"another --tc", []string{a, shardOf("f.jsonl", "2/2", "--tc", "depth=1")}, `are parts of different jobs: tc "inf" and "depth=1"`, false},
		{"another --max-plies", []string{a, shardOf("h.jsonl", "2/2", "--max-plies", "500")}, "are parts of different jobs: max_plies 1000 and 500", false},
		{"another -o", []string{a, shardOf("i.jsonl", "2/2", "-o", "fifty=off")}, `are parts of different jobs: options [] and ["fifty=off"]`, false},
		// A player's book file (ab:book=FILE) that changed between the
		// parts: the same spec, another text.
		{"another book file", bookParts(t, dir), "are parts of different jobs: p1_book ", false},
		// Two copies of one game, the same or not.
		{"a game twice", []string{writeLines(t, dir, "twice.jsonl", append([]string{g1}, la...)), b}, "game 1 is in " + filepath.Join(dir, "twice.jsonl") + ":1 and again in " + filepath.Join(dir, "twice.jsonl") + ":2", false},
		{"two different copies", []string{writeLines(t, dir, "copies.jsonl", append(append(la[:len(la)-1:len(la)-1], flipped), summaryA)), b}, "and they differ: winner ", false},
		{"a game of another shard", []string{a, writeLines(t, dir, "stray.jsonl", append([]string{g1}, lb...))}, "stray.jsonl:1: game 1 is not in shard 2/2", false},
		// Forged or out of range.
		{"plies 1e18", []string{writeLines(t, dir, "plies.jsonl", replace(la, g1, setField(t, g1, "plies", "1000000000000000000"))), b}, "plies.jsonl:1: game 1: plies 1000000000000000000, but ", false},
		{"game 0", []string{writeLines(t, dir, "zero.jsonl", replace(la, g1, setField(t, g1, "game", "0"))), b}, "zero.jsonl:1: game 0: not a game of a match of 8 games", false},
		{"a forged winner", []string{writeLines(t, dir, "winner.jsonl", replace(la, g1, flipped)), b}, "winner.jsonl:1: game 1: winner says", false},
		{"a game of another job", []string{writeLines(t, dir, "job.jsonl", replace(la, g1, setField(t, g1, "job", `"0123456789abcdef"`))), b}, `job.jsonl:1: game 1 is of another job (job "0123456789abcdef"`, false},
		{"a summary that does not count its lines", []string{writeLines(t, dir, "count.jsonl", replace(la, summaryA, setField(t, summaryA, "draws", "3"))), b}, "count.jsonl:5: the summary counts 4 games (", false},
		{"two runs in one file", []string{writeLines(t, dir, "two.jsonl", append(append([]string(nil), la...), la...)), b}, "two.jsonl:6: a line after the summary of line 5 (two runs in one file?)", false},
	})
	// An older part (no job) is refused.
	var m map[string]any
	json.Unmarshal([]byte(summaryA), &m)
	delete(m, "job")
	old, _ := json.Marshal(m)
	if code, stderr := runStatus(merge, writeLines(t, dir, "old.jsonl", replace(la, summaryA, string(old))), b); code != ExitFail || !strings.Contains(stderr, "the summary names no job") {
		t.Errorf("a part without its job: exit %d, %s", code, stderr)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// The parts of an analysis must be of one job too: the same files (by
// their SHA-256), limits and options, shards 1/N to N/N once each, and
// totals that count their part's lines.
func TestMergeAnalyseRefuses(t *testing.T) {
	dir := t.TempDir()
	r1 := writeLines(t, dir, "r1.rec", []string{`[Game "ataxx"]`, "", "1. f2 b2 2. g1g3 a1c1 *"})
	r2 := writeLines(t, dir, "r2.rec", []string{`[Game "ataxx"]`, "", "1. g2 b2 2. g1e3 *"})
	args := []string{"--depth", "1", "--json", r1, r2}
	part := func(name, s string, extra ...string) string {
		return runTo(t, analyse, dir, name, append(append([]string{"--shard", s}, args...), extra...)...)
	}
	x, y := part("x.jsonl", "1/2"), part("y.jsonl", "2/2")
	whole := runTo(t, analyse, dir, "whole.jsonl", args...)
	m := lastJSON(t, runCmd(t, merge, x, y))
	if m["complete"] != true || m["records"].(float64) != 2 || m["shards"].(float64) != 2 {
		t.Fatalf("merged %v", m)
	}
	deeper, otherN, files := part("deeper.jsonl", "2/2", "--depth", "2"), part("n.jsonl", "2/3"), part("files.jsonl", "2/2", r2)
	ly := lines(t, y)
	totals := ly[len(ly)-1]
	// The same file, its text changed between two parts.
	sameNames := part("before.jsonl", "1/2")
	os.WriteFile(r1, []byte("[Game \"ataxx\"]\n\n1. f2 *\n"), 0o644)
	changed := part("after.jsonl", "2/2")
	checkMerges(t, []mergeCase{
		{"a part given twice", []string{x, x, y}, "are both shard 1/2: a part given twice?", false},
		{"the whole job among the parts", []string{x, y, whole}, " is the whole job (no --shard)", false},
		{"another N", []string{x, otherN}, " is shard 2/3", false},
		{"another depth", []string{x, deeper}, "are parts of different jobs: depth 1 and 2", false},
		{"other files", []string{x, files}, "are parts of different jobs: files: 2 and 3 entries", false},
		{"a file changed", []string{sameNames, changed}, `are parts of different jobs: files[0] {"name":"` + r1 + `","sha256":"`, false},
		{"cut before its totals", []string{x, writeLines(t, dir, "cut.jsonl", ly[:len(ly)-1])}, "cut.jsonl has no totals line: the run was cut short or stopped early; shard 2/2 is missing", true},
		{"totals that do not count the lines", []string{x, writeLines(t, dir, "count.jsonl", append(ly[:len(ly)-1:len(ly)-1], setField(t, totals, "positions", "40")))}, "the totals count 1 records, 40 positions", false},
		{"negative", []string{x, writeLines(t, dir, "neg.jsonl", append(ly[:len(ly)-1:len(ly)-1], setField(t, totals, "dubious", "-1")))}, "dubious -1: a count cannot be negative", false},
	})
}

func TestMissingGames(t *testing.T) {
	for _, tc := range []struct {
		idx   []int
		total int
		want  string
	}{
		{[]int{1, 2, 3}, 3, ""},
		{[]int{1, 3}, 3, "game 2 of 3 is missing"},
		{nil, 1, "game 1 of 1 is missing"},
		{[]int{2, 3, 6}, 8, "5 games of 8 are missing (1, 4-5, 7-8)"},
		{[]int{2, 4, 6, 8, 10, 12}, 13, "7 games of 13 are missing (1, 3, 5, 7, 9, ...)"},
		{[]int{1}, 1 << 40, "1099511627775 games of 1099511627776 are missing (2-1099511627776)"},
	} {
		if got := missingGames(tc.idx, tc.total); got != tc.want {
			t.Errorf("missingGames(%v, %d) = %q, want %q", tc.idx, tc.total, got, tc.want)
		}
	}
}

// FuzzMerge: no part, however written, crashes merge or makes it run on:
// it is merged alone, and with an honest part of a match and of an
// analysis (whose lines the fuzzer starts from).
func FuzzMerge(f *testing.F) {
	var m, a bytes.Buffer
	runMatch([]string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "random", "--games", "4", "--seed", "3", "--json", "--shard", "1/2"}, nil, &m, io.Discard)
	rec := filepath.Join(f.TempDir(), "r.rec")
	os.WriteFile(rec, []byte("[Game \"ataxx\"]\n\n1. f2 b2 *\n"), 0o644)
	runAnalyse([]string{"--depth", "1", "--json", "--shard", "1/2", rec}, nil, &a, io.Discard)
	honest := [][]byte{m.Bytes(), a.Bytes()}
	for _, h := range honest {
		f.Add(h)
	}
	f.Add([]byte(`{"game":1,"p1":"random","plies":1000000000000000000}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, h := range append([][]byte{nil}, honest...) {
			p, err := readPart("fuzz.jsonl", bytes.NewReader(data))
			if err != nil {
				return
			}
			parts := []*mergePart{p}
			if h != nil {
				q, err := readPart("honest.jsonl", bytes.NewReader(h))
				if err != nil {
					t.Fatal(err)
				}
				parts = append(parts, q)
			}
			mergeParts(parts)
		}
	})
}

// bookParts runs the two shards of a match whose p1 plays from book.bk,
// the file rewritten between them (red's first move f2, then g2).
func bookParts(t *testing.T, dir string) []string {
	t.Helper()
	bk := filepath.Join(dir, "book.bk")
	args := func(s string) []string {
		return []string{"-g", "ataxx", "--p1", "ab:depth=1,book=" + bk, "--p2", "random", "--games", "4", "--seed", "3", "--json", "--shard", s}
	}
	writeLines(t, dir, "book.bk", []string{"x5o/7/7/7/7/7/o5x x 0 1;f2"})
	a := runTo(t, match, dir, "book-a.jsonl", args("1/2")...)
	writeLines(t, dir, "book.bk", []string{"x5o/7/7/7/7/7/o5x x 0 1;g2"})
	b := runTo(t, match, dir, "book-b.jsonl", args("2/2")...)
	return []string{a, b}
}

// A player's files are in the job as the SHA-256 of their bytes: the
// program of a uai: player (found as the match runs it) and the book of
// ab:book=FILE; another build of the program is another job.
func TestPlayerFiles(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "engine")
	digestOf := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	}
	files := func(spec string) playerFiles {
		p, err := engine.ParsePlayer(spec)
		if err != nil {
			t.Fatal(err)
		}
		return filesOf(p)
	}
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho build 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	first := files("uai:nodes=5 " + prog + " uai")
	if first.program != digestOf(prog) || first.book != "" {
		t.Fatalf("uai player: %+v, want program %s", first, digestOf(prog))
	}
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho build 2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if again := files("uai:nodes=5 " + prog + " uai"); again.program == first.program || again.program != digestOf(prog) {
		t.Errorf("the program rewritten: digest %s, want %s (and not the first build's)", again.program, digestOf(prog))
	}
	book := writeLines(t, dir, "book.bk", []string{"x5o/7/7/7/7/7/o5x x 0 1;f2"})
	if f := files("ab:depth=1,book=" + book); f.book != digestOf(book) || f.program != "" {
		t.Errorf("ab:book=FILE: %+v, want book %s", f, digestOf(book))
	}
	if f := files("ab:depth=1"); f != (playerFiles{}) {
		t.Errorf("ab:depth=1: %+v, want nothing", f)
	}
}
