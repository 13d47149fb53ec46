package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// The signal tests start this binary as boardrepl itself.
	if os.Getenv("BOARDREPL_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:]))
	}
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
	})
}
