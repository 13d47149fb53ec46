// Package convert is the convert subcommand: game records between
// boardrepl's record format, cutechess-style Ataxx PGN, Oware OGN, and (to
// read only) the Tablut challenge server's game logs.
package convert

import (
	"fmt"
	"io"
	"os"
	"strings"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/command"
	"boardrepl/internal/textfile"
	gameline "boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/ogn"
	"boardrepl/rules/record/pgn"
	"boardrepl/rules/record/tablutlog"
)

// Usage is the help text of the convert subcommand.
const Usage = `usage: boardrepl convert --from FORMAT [--to FORMAT] [-o FILE] [FILE]

Converts game records between formats, replaying every game to check its
moves. Reads FILE (or stdin), writes to -o FILE (or stdout).

Formats:
  record      boardrepl's own record format (any game; the default --to)
  ataxx-pgn   PGN as Ataxx match runners write it (cutechess, cuteataxx):
              Black is x, who moves first; several games per file
  ogn         Oware Game Notation: 1. F f+2 ..., A-F South (who moves
              first, boardrepl's north), a-f North, +N a capture
  tablut-log  the UniBo Tablut challenge server's game log (read only)

An illegal move or a malformed file is reported with its line and the exit
status is 1; bad usage exits 2.
`

// Cmd is the convert subcommand.
var Cmd = &command.Command{
	Name:    "convert",
	Summary: "convert game records (record, ataxx-pgn, ogn, tablut-log)",
	Usage:   Usage,
	Args:    -1,
}

func init() { Cmd.Run = Run }

// Run is the convert subcommand.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := Cmd
	fs := c.Flags()
	from := fs.String("from", "", "")
	to := fs.String("to", "record", "")
	outPath := fs.String("o", "", "")
	usage := func(format string, a ...any) int { return c.UsageError(stderr, format, a...) }
	if code, done := c.Parse(fs, args, stdout, stderr); done {
		return code
	}
	switch *from {
	case "record", "ataxx-pgn", "ogn", "tablut-log":
	case "":
		return usage("--from is required: record, ataxx-pgn, ogn or tablut-log")
	default:
		return usage("--from %q: want record, ataxx-pgn, ogn or tablut-log", *from)
	}
	switch *to {
	case "record", "ataxx-pgn", "ogn":
	default:
		return usage("--to %q: want record, ataxx-pgn or ogn", *to)
	}
	if fs.NArg() > 1 {
		return usage("one input file at most")
	}
	in := stdin
	name := "stdin"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "boardrepl convert: %v\n", err)
			return 1
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	data, err := textfile.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl convert: %s: %v\n", name, err)
		return 1
	}
	recs, err := read(*from, string(data))
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl convert: %s: %v\n", name, err)
		return 1
	}
	var b strings.Builder
	for i, r := range recs {
		if i > 0 {
			b.WriteString("\n")
		}
		var text string
		switch *to {
		case "record":
			text = r.Format()
		case "ataxx-pgn":
			text, err = pgn.Export(r)
		case "ogn":
			text, err = ogn.Export(r)
		}
		if err != nil {
			fmt.Fprintf(stderr, "boardrepl convert: %s: game %d: %v\n", name, i+1, err)
			return 1
		}
		b.WriteString(text)
	}
	if *outPath == "" {
		io.WriteString(stdout, b.String())
		return 0
	}
	if err := atomicfile.Write(*outPath, []byte(b.String()), true); err != nil {
		fmt.Fprintf(stderr, "boardrepl convert: %v\n", err)
		return 1
	}
	return 0
}

func read(format, text string) ([]*record.Record, error) {
	switch format {
	case "ataxx-pgn":
		return pgn.Import(text)
	case "ogn":
		r, err := ogn.Import(text)
		if err != nil {
			return nil, err
		}
		return []*record.Record{r}, nil
	case "tablut-log":
		lg, err := tablutlog.ReadLog(strings.NewReader(text))
		if err != nil {
			return nil, err
		}
		return []*record.Record{lg.Record}, nil
	}
	r, err := record.Parse(text)
	if err != nil {
		return nil, err
	}
	// Replayed as 'load' does: the game, its options, its start position
	// and every move must be good.
	if _, err := gameline.Replay(r, nil); err != nil {
		return nil, err
	}
	return []*record.Record{r}, nil
}
