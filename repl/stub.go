// Package repl is boardrepl's interactive session: the REPL, piped commands.
package repl

import (
	"fmt"
	"io"
)

// Main runs the REPL with the command-line flags in args.
// (Placeholder until the REPL lands.)
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "boardrepl: the interactive REPL is not built yet; see 'boardrepl help'")
	return 2
}
