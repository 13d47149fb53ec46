// Command boardrepl plays, scripts and analyses abstract board games.
//
//	boardrepl [-g GAME] [-o KEY=VALUE]... [-p POSITION]   the REPL (or piped commands)
//	boardrepl games|moves|perft|play ...                   batch subcommands
//
// Run "boardrepl help" for the list of subcommands.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"boardrepl/batch"
	"boardrepl/batch/convert"
	"boardrepl/internal/command"
	"boardrepl/protocol/gtp"
	"boardrepl/protocol/tablutnet"
	"boardrepl/protocol/uxi"
	"boardrepl/repl"
	_ "boardrepl/rules/all"
	"boardrepl/rules/openings"
	"boardrepl/rules/oware"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/tablutlog"
	"boardrepl/scripting"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

const usage = `boardrepl: play, script and analyse abstract board games
(Tablut, Oware, Ataxx, Konobi) at the console.

usage:
  boardrepl [-g GAME] [-o KEY=VALUE]... [-p POSITION]
                      the interactive REPL (reads commands from stdin when piped)
  boardrepl COMMAND [flags]

commands:
%s  help [COMMAND]      this text, or a command's full help

global flags (the REPL's; a subcommand's own flags are in its help):
%s
Flags may come before or after a command's arguments ('boardrepl analyse
game.rec --depth 4'); '--' ends them. Run 'boardrepl help COMMAND' (or
'boardrepl COMMAND -h') for a command's flags; 'boardrepl --version' (or
'boardrepl version') prints the version.
`

// runCmd is scripting's run command, which also runs files of REPL
// commands (runScript).
var runCmd = &command.Command{Name: "run", Summary: scripting.Cmd.Summary, Usage: scripting.Cmd.Usage, Args: -1}

func init() {
	runCmd.Run = runScript
	repl.ForeignRecord = native.Convert // load reads Ataxx PGN and OGN games
	// openings and explore read what convert reads.
	openings.Foreign = openings.Formats{Convert: native.Convert, IsLog: tablutlog.IsLog, ReadLog: tablutlog.ReadRecord}
}

// commands lists the subcommands in the order help shows them; each is
// declared where it lives, as a command.Command.
func commands() command.Table {
	out := append(command.Table{}, batch.Commands...)
	return append(out, runCmd, serveCmd, tablutnet.ClientCmd, tablutnet.ServerCmd, uxi.UAICmd, uxi.UGICmd, gtp.Cmd, convert.Cmd, versionCmd)
}

// runScript is 'boardrepl run': a file that is not Lua (decided as the
// prompt's 'run' decides: scripting.IsLuaFile) is run as REPL commands.
func runScript(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--timeout" || a == "-timeout" {
			i++
			continue
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() && !scripting.IsLuaFile(a) {
			if len(args) > i+1 {
				return runCmd.UsageError(stderr, "%s is a file of REPL commands: it takes no arguments", a)
			}
			return repl.RunCommandFile(a, stdout, stderr)
		}
		break
	}
	return scripting.RunMain(args, stdin, stdout, stderr)
}

func lookup(name string) *command.Command { return commands().Lookup(name) }

func commandList() string { return commands().List() }

func run(args []string) int {
	oware.BuildLog = os.Stderr // the first build of the endgame tables takes seconds: say so
	return dispatch(args, os.Stdin, os.Stdout, os.Stderr)
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return versionCmd.Run(args[1:], stdin, stdout, stderr)
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" && args[0] != "-help" {
		return repl.Main(args, stdin, stdout, stderr)
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fmt.Fprint(stdout, c.Usage)
				return 0
			}
			fmt.Fprintf(stderr, "boardrepl help: unknown command %q (commands: %s; see 'boardrepl help')\n", args[1], names())
			return command.ExitUsage
		}
		fmt.Fprintf(stdout, usage, commandList(), repl.FlagHelp)
		return 0
	}
	if c := lookup(name); c != nil {
		return c.Run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "boardrepl: unknown command %q (commands: %s; see 'boardrepl help')\n", name, names())
	return 2
}

func names() string { return strings.Join(append(commands().Names(), "help"), ", ") }
