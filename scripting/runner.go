package scripting

import (
	"boardrepl/internal/command"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Exit statuses of RunMain.
const (
	ExitOK    = 0 // every check passed
	ExitFail  = 1 // a check failed or a script raised an error
	ExitUsage = 2 // bad usage
)

// DefaultTimeout is the time a script may run unless --timeout says.
const DefaultTimeout = 5 * time.Minute

// Usage is the help of `boardrepl run`.
const Usage = `usage: boardrepl run [--timeout DURATION] [--fixtures DIR] [-v] FILE.lua [ARGS...]
       boardrepl run [--timeout DURATION] [--fixtures DIR] [-v] DIR

Runs a Lua script: it can start games, play moves and openings, solve
puzzles and check facts about fixture files (see scripts/README.md). With a
directory, runs every *.lua in it (sorted) as a check suite. Each failed
check is printed with its file:line; the run ends with "N passed, N failed".

Scripts get Lua's base, table, string and math libraries only; files are
read through fixture.*, below the script's directory or the fixtures
directory: the nearest fixtures/ in the script's directory or above (a real
directory, not a link), or the one named with --fixtures. A path starting
with fixtures/ names a file there. ARGS are in the table arg (arg[1]...).

  --timeout DURATION   stop a script that runs longer (default 5m0s)
  --fixtures DIR       the fixtures directory, for scripts kept outside the
                       project
  -v                   report passing checks and test groups too

A FILE that is not Lua is a file of REPL commands, run line by line as the
prompt's 'run FILE' does (the first failing line stops it: FILE:L: ...).
Lua or commands is decided the same way in both places: by the extension
(.lua is Lua; .txt, .cmd, .cmds, .repl are commands), else by the content
(Lua when it compiles as Lua).

Exit status: 0 every check passed, 1 a check failed or a script raised an
error, 2 bad usage.
`

// Cmd is the `boardrepl run` subcommand.
var Cmd = &command.Command{
	Name:    "run",
	Summary: "run a Lua script or a directory of them (checks, puzzles, openings), or a file of REPL commands",
	Usage:   Usage,
	Args:    -1,
	// The script's own arguments follow it: run's flags come before it
	// (or after a directory, which takes no arguments).
	ArgsEndFlags: true,
}

func init() { Cmd.Run = RunMain }

// RunMain is the `boardrepl run` subcommand.
func RunMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := Cmd
	fs := c.Flags()
	timeout := fs.Duration("timeout", DefaultTimeout, "")
	verbose := fs.Bool("v", false, "")
	fixtures := fs.String("fixtures", "", "")
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	if fs.NArg() == 0 {
		return c.UsageError(stderr, "missing FILE.lua or DIR")
	}
	if *timeout <= 0 {
		return c.UsageError(stderr, "--timeout %v: want a positive duration", *timeout)
	}
	if *fixtures != "" {
		if _, err := fixturesDir(*fixtures); err != nil {
			return c.UsageError(stderr, "%v", err)
		}
	}
	target, rest := fs.Arg(0), fs.Args()[1:]
	st, err := os.Stat(target)
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl run: %s: %v\n", target, unwrapPathErr(err))
		return ExitUsage
	}
	var files []string
	if st.IsDir() && len(rest) > 0 {
		// Flags after a directory: 'boardrepl run scripts/ --timeout 2s'.
		if err := fs.Parse(command.Interspersed(fs, rest)); err != nil {
			return c.UsageError(stderr, "%v", err)
		}
		rest = fs.Args()
		if *timeout <= 0 {
			return c.UsageError(stderr, "--timeout %v: want a positive duration", *timeout)
		}
	}
	if st.IsDir() {
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "boardrepl run: arguments are for a single script, not a directory\n")
			return ExitUsage
		}
		ents, err := os.ReadDir(target)
		if err != nil {
			fmt.Fprintf(stderr, "boardrepl run: %v\n", err)
			return ExitUsage
		}
		for _, en := range ents {
			if !en.IsDir() && strings.HasSuffix(en.Name(), ".lua") {
				files = append(files, filepath.Join(target, en.Name()))
			}
		}
		sort.Strings(files)
		if len(files) == 0 {
			fmt.Fprintf(stderr, "boardrepl run: no *.lua files in %s\n", target)
			return ExitUsage
		}
	} else {
		files = []string{target}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var total Summary
	errorsSeen := 0
	for _, f := range files {
		sum, err := runOne(ctx, f, rest, *fixtures, *timeout, *verbose, stdout, stderr)
		total.Passed += sum.Passed
		total.Failed += sum.Failed
		if err != nil {
			errorsSeen++
			total.Failed++
		}
		if len(files) > 1 {
			switch {
			case err != nil:
				fmt.Fprintf(stdout, "FAIL %s (error)\n", f)
			case sum.Failed > 0:
				fmt.Fprintf(stdout, "FAIL %s (%d of %d checks failed)\n", f, sum.Failed, sum.Passed+sum.Failed)
			default:
				fmt.Fprintf(stdout, "ok   %s (%d checks)\n", f, sum.Passed)
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", total.Passed, total.Failed)
	if total.Failed > 0 || errorsSeen > 0 {
		return ExitFail
	}
	return ExitOK
}

// runOne runs one script file with its own Lua state and deadline.
func runOne(parent context.Context, path string, args []string, fixtures string, timeout time.Duration, verbose bool, stdout, stderr io.Writer) (Summary, error) {
	code, err := readScript(path)
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl %v\n", err)
		return Summary{}, err
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	e := newEnv(ctx, stdout, stderr, filepath.Dir(path))
	defer e.close()
	if fixtures != "" {
		if err := e.useFixtures(fixtures); err != nil {
			fmt.Fprintf(stderr, "boardrepl run: %v\n", err)
			return Summary{}, err
		}
	}
	e.verbose = verbose
	e.setArgs(path, args)
	err = e.doChunk(path, code)
	if err != nil {
		var se *ScriptError
		if errors.As(err, &se) && se.Timeout {
			se.Msg += fmt.Sprintf(" (--timeout %v)", timeout)
		}
		fmt.Fprintln(stderr, err)
	}
	return Summary{e.passed, e.failed}, err
}
