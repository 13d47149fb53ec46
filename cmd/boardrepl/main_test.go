package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"boardrepl/internal/sgr"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"boardrepl": func() { os.Exit(run(os.Args[1:])) },
	})
}

// TestScript runs the transcripts in testdata/script: one small .txtar per
// behaviour, named by category (play_illegal.txtar, repl_undo.txtar).
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"sgr": cmdSGR},
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
