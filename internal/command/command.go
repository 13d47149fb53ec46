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
	// ArgsEndFlags: the first argument ends the flags, and the rest are
	// left to the handler as they are (run: the script's own arguments).
	// Otherwise flags may come anywhere, before or after the arguments,
	// and "--" ends them.
	ArgsEndFlags bool
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
	if !c.ArgsEndFlags {
		args = Interspersed(fs, args)
	}
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

// Interspersed reorders a command line so that the flag package, which
// stops at the first argument that is not a flag, reads the flags wherever
// they stand: the flags (each with its value when it takes one) come first,
// then "--", then the other arguments in their order. "--" ends the flags:
// what follows it is kept as arguments, even when it starts with '-'. A
// lone "-" (stdin or stdout) is an argument. An unknown flag stays among
// the flags, for fs.Parse to report.
func Interspersed(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return append(append(flags, "--"), rest...)
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
