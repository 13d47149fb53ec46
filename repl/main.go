// Package repl is boardrepl's interactive session: a readline prompt when
// stdin is a terminal, or commands and moves read line by line from a pipe.
// It drives the games only through the rules contract (rules.Game,
// rules.Board, rules.Editor...), so a new game needs no code here.
package repl

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"boardrepl/internal/command"
	"boardrepl/repl/session"
	"boardrepl/rules"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
)

// DefaultGame is the game the REPL opens when -g is not given (the first
// registered game when it is not available).
const DefaultGame = "tablut"

const usage = `usage: boardrepl [-g GAME] [-o KEY=VALUE]... [-p POSITION] [--color=auto|always|never]
                 [--unicode] [--quiet] [--keep-going]

Opens the interactive REPL (type 'help' at the prompt). When stdin is not a
terminal, commands and moves are read from it line by line, without prompt or
colour; a failing line is reported as  line L: ...  on stderr and stops the
run with exit status 1 (unless --keep-going).

` + FlagHelp

// FlagHelp describes the REPL's flags, boardrepl's global flags (the
// top-level help lists them too).
const FlagHelp = `  -g GAME          the game (default tablut; see 'boardrepl games')
  -o KEY=VALUE     a game option (repeatable)
  -p POSITION      start from this position string
  --color=WHEN     auto (default: colour when stdout is a terminal and NO_COLOR
                   is not set), always or never
  --unicode        Unicode marks for empty and special squares
  --quiet          after a move print only the status line, not the board
                   ('quiet on|off' at the prompt; 'show' still draws it)
  --keep-going     piped input: report failing lines and go on
`

// flags are the REPL's command-line flags.
type flags struct {
	game      string
	opts      rules.OptionFlags
	position  string
	color     string
	unicode   bool
	quiet     bool
	keepGoing bool
}

func parseFlags(args []string, stdout, stderr io.Writer) (*flags, int, bool) {
	f := &flags{}
	fs := flag.NewFlagSet("boardrepl", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.game, "g", "", "")
	fs.Var(&f.opts, "o", "")
	fs.StringVar(&f.position, "p", "", "")
	fs.StringVar(&f.color, "color", "auto", "")
	fs.BoolVar(&f.unicode, "unicode", false, "")
	fs.BoolVar(&f.keepGoing, "keep-going", false, "")
	fs.BoolVar(&f.quiet, "quiet", false, "")
	if err := fs.Parse(command.Interspersed(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return nil, 0, false
		}
		fmt.Fprintf(stderr, "boardrepl: %v (see 'boardrepl -h')\n", err)
		return nil, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "boardrepl: unexpected argument %q (see 'boardrepl -h' and 'boardrepl help')\n", fs.Arg(0))
		return nil, 2, false
	}
	switch f.color {
	case "auto", "always", "never":
	default:
		fmt.Fprintf(stderr, "boardrepl: --color=%s: want auto, always or never\n", f.color)
		return nil, 2, false
	}
	return f, 0, true
}

// defaultInfo returns the default game, or the first registered one.
func defaultInfo() (*rules.Info, error) {
	if in, err := rules.Lookup(DefaultGame); err == nil {
		return in, nil
	}
	all := rules.All()
	if len(all) == 0 {
		return nil, errors.New("no games are registered")
	}
	return all[0], nil
}

func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// RunCommandFile runs a file of REPL commands (as 'run FILE' at the prompt
// does) on the default game: 'boardrepl run FILE' for a file that is not
// Lua. A failing line stops it with "FILE:L: ..." on stderr and status 1.
func RunCommandFile(name string, stdout, stderr io.Writer) int {
	info, err := defaultInfo()
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl run: %v\n", err)
		return 2
	}
	s, err := session.New(info, nil, "")
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl run: %v\n", err)
		return 2
	}
	r := newREPL(s, stdout, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := r.runFile(ctx, name); err != nil && !errors.Is(err, errQuit) {
		fmt.Fprintf(stderr, "boardrepl run: %v\n", err)
		return 1
	}
	return 0
}

// Main runs the REPL. args are boardrepl's command-line arguments when no
// subcommand was given (e.g. ["-g","oware","--color=never"]); it returns the
// exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseFlags(args, stdout, stderr)
	if !ok {
		return code
	}
	var info *rules.Info
	var err error
	if f.game != "" {
		info, err = rules.Lookup(f.game)
	} else {
		info, err = defaultInfo()
	}
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl: %v\n", err)
		return 2
	}
	s, err := session.New(info, f.opts, f.position)
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl: %v\n", err)
		return 2
	}
	interactive := isTerminal(stdin)
	useColor := false
	switch f.color {
	case "always":
		useColor = true
	case "auto":
		useColor = isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	}
	color.NoColor = !useColor
	r := newREPL(s, stdout, stderr)
	r.color, r.unicode, r.quiet = useColor, f.unicode, f.quiet
	r.screen = isTerminal(stdout)
	if interactive {
		return r.runTerminal(terminalConfig{stdin: stdin, stdout: stdout, history: historyFile(), pace: aiWatchPace})
	}
	return r.runPiped(context.Background(), stdin, f.keepGoing)
}
