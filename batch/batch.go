// Package batch holds boardrepl's batch subcommands: games, moves, perft and
// play. Their output is a stable contract that scripts and later tools rely
// on: plain text by default, one JSON object per line with --json.
package batch

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"boardrepl/internal/command"
	"boardrepl/rules"
)

// Exit statuses.
const (
	ExitOK    = command.ExitOK    // success
	ExitFail  = command.ExitFail  // an illegal move in a batch, a failed check
	ExitUsage = command.ExitUsage // bad usage: unknown flag, game, option or malformed position
)

// Command is one batch subcommand, declared as every subcommand is.
type Command = command.Command

// Commands lists the batch subcommands in the order help shows them.
var Commands = []*Command{gamesCmd, movesCmd, perftCmd, playCmd, analyseCmd, puzzlesCmd, matchCmd, mergeCmd, diagramCmd, openingsCmd}

// Lookup returns the named batch subcommand, or nil.
func Lookup(name string) *Command {
	for _, c := range Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// usageError is an error that exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// fail prints an error as "boardrepl CMD: msg" and returns its exit
// status; bad usage is reported in the style every command shares (see
// package command).
func fail(stderr io.Writer, cmd string, err error) int {
	var u usageError
	if errors.As(err, &u) {
		return (&Command{Name: cmd}).UsageError(stderr, "%v", err)
	}
	fmt.Fprintf(stderr, "boardrepl %s: %v\n", cmd, err)
	return ExitFail
}

// gameFlags are the flags every game subcommand takes.
type gameFlags struct {
	game     string
	opts     rules.OptionFlags
	position string
	json     bool
	format   string
}

func (gf *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&gf.game, "g", "", "the game: an id or alias from 'boardrepl games'")
	fs.Var(&gf.opts, "o", "a game option KEY=VALUE (repeatable)")
	fs.StringVar(&gf.position, "p", "", "start from this position string instead of the start position")
	fs.BoolVar(&gf.json, "json", false, "print one JSON object per line")
	fs.StringVar(&gf.format, "format", "", "write positions in another format the game offers (tablut: server-json)")
}

// interruptContext is cancelled by SIGTERM, and by SIGINT (Ctrl-C) unless
// the process was started with SIGINT ignored (a background job of a shell,
// nohup): asking for it would undo what the user's shell decided.
func interruptContext() (context.Context, context.CancelFunc) {
	sigs := []os.Signal{syscall.SIGTERM}
	if !signal.Ignored(os.Interrupt) {
		sigs = append(sigs, os.Interrupt)
	}
	return signal.NotifyContext(context.Background(), sigs...)
}

// newFlagSet makes the command's flag set (it prints nothing itself).
func newFlagSet(c *Command) *flag.FlagSet { return c.Flags() }

// parseFlags parses the flags; it prints the usage for -h and reports
// unknown flags or stray arguments as usage errors.
func parseFlags(c *Command, fs *flag.FlagSet, args []string, stdout io.Writer) (help bool, err error) {
	if err := fs.Parse(command.Interspersed(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, c.Usage)
			return true, nil
		}
		return false, usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return false, usagef("unexpected argument %q", fs.Arg(0))
	}
	return false, nil
}

// start parses a game command's flags and opens its game. When done is
// true the command returns code at once (it printed its help, or an error).
func (gf *gameFlags) start(c *Command, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (g rules.Game, code int, done bool) {
	help, err := parseFlags(c, fs, args, stdout)
	if err != nil {
		return nil, fail(stderr, c.Name, err), true
	}
	if help {
		return nil, ExitOK, true
	}
	g, err = gf.open(c.Name, stderr)
	if err != nil {
		return nil, fail(stderr, c.Name, err), true
	}
	return g, ExitOK, false
}

// open builds the game the flags ask for. Options the game chose itself (a
// random seed) are reported on stderr so that the run can be repeated.
func (gf *gameFlags) open(cmd string, stderr io.Writer) (rules.Game, error) {
	if gf.game == "" {
		return nil, usagef("missing -g GAME (games: %s)", strings.Join(gameIDs(), ", "))
	}
	info, err := rules.Lookup(gf.game)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	opts, err := info.ParseOptions(gf.opts)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	var g rules.Game
	if gf.position == "" {
		g, err = info.New(opts)
	} else {
		g, err = info.Parse(opts, gf.position)
		if err != nil {
			err = fmt.Errorf("position %q: %w", gf.position, err)
		}
	}
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if gf.format != "" {
		if _, err := formatPosition(g, gf.format); err != nil {
			return nil, usageError{err.Error()}
		}
	}
	given := map[string]bool{}
	for _, p := range gf.opts {
		k, _, _ := strings.Cut(p, "=")
		if spec := info.Option(strings.TrimSpace(k)); spec != nil {
			given[spec.Name] = true // under its current name (seed= is pattern=)
		}
	}
	for _, p := range info.FormatOptions(g.Options()) {
		if k, _, _ := strings.Cut(p, "="); !given[k] {
			fmt.Fprintf(stderr, "boardrepl %s: chose %s (give -o %s to repeat this)\n", cmd, p, p)
		}
	}
	return g, nil
}

func gameIDs() []string {
	var ids []string
	for _, in := range rules.All() {
		ids = append(ids, in.ID)
	}
	return ids
}

// formatPosition writes the position in the requested format ("" is the
// game's position string).
func formatPosition(g rules.Game, format string) (string, error) {
	if format == "" || format == "string" || format == "fen" {
		return g.Position(), nil
	}
	af, ok := g.(rules.AltFormatter)
	if !ok {
		return "", fmt.Errorf("--format %s: %s has no other position format", format, g.Info().ID)
	}
	for _, f := range af.PositionFormats() {
		if f == format {
			return af.FormatPositionAs(format)
		}
	}
	return "", fmt.Errorf("--format %s: %s offers %s", format, g.Info().ID, strings.Join(af.PositionFormats(), ", "))
}

// writeJSON prints one JSON object on a line.
func writeJSON(w io.Writer, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only our own types are marshalled; this cannot happen.
		panic(err)
	}
	w.Write(append(b, '\n'))
}

// resultJSON is the JSON form of a result.
type resultJSON struct {
	Status string `json:"status"`
	Winner string `json:"winner,omitempty"`
	Score  string `json:"score,omitempty"`
	Reason string `json:"reason,omitempty"`
	Text   string `json:"text"`
}

func resultOf(g rules.Game) resultJSON {
	r := g.Result()
	out := resultJSON{Status: r.Status.String(), Score: r.Score, Reason: r.Reason, Text: rules.FormatResult(g, r)}
	if r.Status == rules.Win {
		out.Winner = g.SideName(r.Winner)
	}
	return out
}

func init() {
	gamesCmd.Run = runGames
	movesCmd.Run = runMoves
	perftCmd.Run = runPerft
	playCmd.Run = runPlay
	analyseCmd.Run = runAnalyse
	matchCmd.Run = runMatch
	diagramCmd.Run = runDiagram
	mergeCmd.Run = runMerge
}
