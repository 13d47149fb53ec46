package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"boardrepl/internal/sgr"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// The signal tests start this binary as boardrepl itself.
	if os.Getenv("BOARDREPL_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:]))
	}
	testscript.Main(sharedTables{m}, map[string]func(){
		"boardrepl": func() { os.Exit(run(os.Args[1:])) },
	})
}

// tablesEnv names the directory where the Oware endgame tables are cached
// under go test (rules/oware's testCacheEnv).
const tablesEnv = "BOARDREPL_TEST_ENDGAME_CACHE"

// sharedTables runs the tests with the Oware endgame tables cached in a
// directory of this run when 'make test' gave none, so that the boardrepl
// processes the transcripts start build them once, not once each.
type sharedTables struct{ m *testing.M }

func (s sharedTables) Run() int {
	if os.Getenv(tablesEnv) == "" {
		if dir, err := os.MkdirTemp("", "boardrepl-tables-"); err == nil {
			defer os.RemoveAll(dir)
			os.Setenv(tablesEnv, filepath.Join(dir, "oware"))
		}
	}
	return s.m.Run()
}

// TestScript runs the transcripts in testdata/script: one small .txtar per
// behaviour, named by category (play_illegal.txtar, repl_undo.txtar).
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			env.Setenv(tablesEnv, os.Getenv(tablesEnv)) // the scripts' own environment has only what is set here
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"cmprecord": cmpRecord,
			"cmpsearch": cmpSearch,
			"distinct":  cmdDistinct,
			"evalsum":   cmdEvalSum,
			"sgr":       cmdSGR,
			"telnet":    cmdTelnet,
		},
	})
}

// cmdSGR is the transcripts' "sgr FILE" command: it prints, for each text
// written in colour in FILE (once per text and style, in order of first
// appearance), its colours in words and whether it can be read on a dark
// and on a light terminal:
//
//	W fg=black bg=bright-white bold; dark ok light ok
//
// so transcripts check how each side looks, not a library's escape bytes.
// A contrast under 3:1 is "poor".
func cmdSGR(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sgr FILE")
	}
	seen := map[string]bool{}
	for _, r := range sgr.Parse(ts.ReadFile(args[0])) {
		text := strings.TrimSpace(r.Text)
		if !r.Styled() || text == "" {
			continue
		}
		line := text + " " + r.Style()
		if seen[line] {
			continue
		}
		seen[line] = true
		verdict := func(dark bool) string {
			if c := r.Contrast(dark); c < 3 {
				return fmt.Sprintf("poor (%.1f)", c)
			}
			return "ok"
		}
		fmt.Fprintf(ts.Stdout(), "%s; dark %s light %s\n", line, verdict(true), verdict(false))
	}
}

// cmpRecord is `cmprecord A B`: the two game records are the same line for
// line except for their Date tags (the day each was saved, which differs
// when a run crosses midnight).
func cmpRecord(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: cmprecord FILE1 FILE2")
	}
	undated := func(name string) string {
		var keep []string
		for _, l := range strings.Split(ts.ReadFile(name), "\n") {
			if !strings.HasPrefix(l, "[Date ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	cmpAs(ts, neg, args, "record", "(Date tags aside)", undated)
}

// cmpAs compares two files as what shows them (their Date tags, their
// clock's words taken out): equal, or with neg different; a failure names
// both files and shows both.
func cmpAs(ts *testscript.TestScript, neg bool, args []string, what, aside string, show func(string) string) {
	a, b := show(args[0]), show(args[1])
	if (a == b) == neg {
		if neg {
			ts.Fatalf("%s and %s are the same %s:\n%s", args[0], args[1], what, a)
		}
		ts.Fatalf("%s and %s differ %s:\n%s\n---\n%s", args[0], args[1], aside, a, b)
	}
}

// cmpSearch is `cmpsearch A B`: the last search each file shows (its
// lines from the last "depth 1 " through "bestmove") are the same, nodes
// and lines, once the clock's words (nps, time) are taken out.
func cmpSearch(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: cmpsearch FILE1 FILE2")
	}
	clock := regexp.MustCompile(` nps \d+ time \d+`)
	last := func(name string) string {
		lines := strings.Split(ts.ReadFile(name), "\n")
		from := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "depth 1 ") {
				from = i
			}
		}
		if from < 0 {
			ts.Fatalf("%s shows no search", name)
		}
		var keep []string
		for _, l := range lines[from:] {
			keep = append(keep, clock.ReplaceAllString(l, ""))
			if strings.HasPrefix(l, "bestmove") {
				break
			}
		}
		return strings.Join(keep, "\n")
	}
	cmpAs(ts, neg, args, "last search", "in their last search (nps and time aside)", last)
}

// cmdEvalSum is the transcripts' "evalsum" command: every evaluation that
// the prompt's eval printed in the last command's stdout adds up: its terms'
// values sum to its total line, and the total is the score of its first
// line ("evaluation for red (to move): -77"). It fails if there is none.
func cmdEvalSum(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: evalsum")
	}
	head := regexp.MustCompile(`^evaluation for \S+ \(to move\): ([-+]?[0-9]+)$`)
	term := regexp.MustCompile(`^  (\S.*?) +([-+]?[0-9]+)$`)
	n, in, score, sum := 0, false, 0, 0
	for i, l := range strings.Split(ts.ReadFile("stdout"), "\n") {
		if m := head.FindStringSubmatch(l); m != nil {
			if in {
				ts.Fatalf("stdout line %d: an evaluation before the total of the one above", i+1)
			}
			in, score, sum = true, atoi(ts, m[1]), 0
			continue
		}
		if !in || strings.HasPrefix(l, "(positive favours ") {
			continue
		}
		m := term.FindStringSubmatch(l)
		if m == nil {
			ts.Fatalf("stdout line %d: %q: want a term or the total of the evaluation above", i+1, l)
		}
		v := atoi(ts, m[2])
		if m[1] != "total" {
			sum += v
			continue
		}
		if v != sum || v != score {
			ts.Fatalf("stdout line %d: total %d: the terms add up to %d, the evaluation is %d", i+1, v, sum, score)
		}
		in = false
		n++
	}
	if in {
		ts.Fatalf("stdout: the last evaluation has no total")
	}
	if n == 0 {
		ts.Fatalf("stdout: no evaluation")
	}
}

func atoi(ts *testscript.TestScript, s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		ts.Fatalf("%v", err)
	}
	return v
}
