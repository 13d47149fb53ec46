// Package command is how boardrepl declares a subcommand: its name, a
// one-line summary, the full help (usage line, description, flags), and a
// handler; and how every subcommand parses its flags and reports bad usage,
// in one style:
//
//	boardrepl NAME: what was wrong (see 'boardrepl help NAME')
//
// with exit status 2. -h, -help and --help print the help on stdout.
package command

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit statuses shared by every subcommand.
const (
	ExitOK    = 0 // success
	ExitFail  = 1 // a failed check, an illegal move in a batch, a lost connection
	ExitUsage = 2 // bad usage: unknown flag, game, option, a malformed position
)

// Command is one subcommand.
type Command struct {
	Name    string
	Summary string // one line for the command list
	Usage   string // the full help text, printed by -h and 'boardrepl help NAME'
	// Args is the number of arguments after the flags: 0 (the default)
	// refuses any, -1 takes any number (the handler checks them).
	Args int
	// Run runs the command with the arguments after its name and returns
	// the exit status. It declares its flags on Flags() and calls Parse
	// first.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Flags returns a new flag set for the command; it prints nothing itself
// (Parse reports its errors).
func (c *Command) Flags() *flag.FlagSet {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// Parse parses the flags. It returns done when the command should stop
// with the returned status: after printing the help for -h (status 0), or
// after reporting a bad flag or an unexpected argument (status 2).
func (c *Command) Parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (status int, done bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, c.Usage)
			return ExitOK, true
		}
		return c.UsageError(stderr, "%v", err), true
	}
	if c.Args == 0 && fs.NArg() > 0 {
		return c.UsageError(stderr, "unexpected argument %q", fs.Arg(0)), true
	}
	return ExitOK, false
}

// UsageError reports bad usage in the one style every command shares and
// returns the exit status 2.
func (c *Command) UsageError(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "boardrepl %s: %s (%s)\n", c.Name, fmt.Sprintf(format, a...), c.SeeHelp())
	return ExitUsage
}

// SeeHelp is the pointer to the command's help that ends a usage error.
func (c *Command) SeeHelp() string { return "see 'boardrepl help " + c.Name + "'" }

// Fail reports an error that is not bad usage ("boardrepl NAME: msg") and
// returns the exit status 1.
func (c *Command) Fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "boardrepl %s: %v\n", c.Name, err)
	return ExitFail
}

// Table is a list of commands in the order help shows them.
type Table []*Command

// Lookup returns the named command, or nil.
func (t Table) Lookup(name string) *Command {
	for _, c := range t {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// List writes "  NAME  SUMMARY" lines, the names in a column.
func (t Table) List() string {
	var b strings.Builder
	for _, c := range t {
		fmt.Fprintf(&b, "  %-19s %s\n", c.Name, c.Summary)
	}
	return b.String()
}

// Names lists the command names.
func (t Table) Names() []string {
	n := make([]string, len(t))
	for i, c := range t {
		n[i] = c.Name
	}
	return n
}
