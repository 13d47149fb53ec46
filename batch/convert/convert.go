// Package convert is the convert subcommand: game records between
// boardrepl's record format, cutechess-style Ataxx PGN, Oware OGN, and (to
// read only) the Tablut challenge server's game logs.
package convert

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/command"
	"boardrepl/internal/textfile"
	gameline "boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/ogn"
	"boardrepl/rules/record/pgn"
	"boardrepl/rules/record/tablutlog"
)

// Usage is the help text of the convert subcommand.
const Usage = `usage: boardrepl convert [--from FORMAT] [--to FORMAT] [-o FILE] [FILE]

Converts game records between formats, replaying every game to check its
moves. Reads FILE (or stdin), writes to -o FILE (or stdout).

Without --from the format is recognised: a file that starts like a Tablut
challenge log is one; otherwise each game by its tags, as 'load' and
'analyse' recognise them: a Game tag is boardrepl's record, a FEN or
Variant "ataxx" tag Ataxx PGN, South and North tags OGN. A game with none
of them is refused: name its format with --from.

Formats:
  record      boardrepl's own record format (any game; the default --to)
  ataxx-pgn   PGN as Ataxx match runners write it (cutechess, cuteataxx):
              Black is x, who moves first; several games per file
  ogn         Oware Game Notation: 1. F f+2 ..., A-F South (who moves
              first, boardrepl's north), a-f North, +N a capture
  tablut-log  the UniBo Tablut challenge server's game log (read only)

Annotations (glyphs, NAGs, comments, variations: e3? $2 { why } (e2 f2))
are kept where the output format holds them: record and ataxx-pgn keep
everything; ogn keeps glyphs, NAGs and one comment a move (as Aualé writes
it), not variations; a tablut-log has none. See docs/files.md.

The games are read and written one at a time, so a file of any size takes
the memory of one game. An illegal move, a result the moves contradict or a
malformed file is reported with its game and line (and column) and the exit
status is 1: the games before it are written to stdout, and -o FILE is left
as it was. A result the moves do not reach, unexplained, is a warning on
stderr. Bad usage exits 2.
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
	case "record", "ataxx-pgn", "ogn", "tablut-log", "":
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
	var in io.Reader = stdin
	name := "stdin"
	if fs.NArg() == 1 {
		f, err := textfile.OpenArg(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "boardrepl convert: %v\n", err)
			return 1
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	format := *from
	if format == "" {
		br := bufio.NewReaderSize(textfile.NewReader(in), 64<<10)
		in, format = br, detect(br)
	}
	// The records are read, replayed and written one at a time: a file of
	// any size takes the memory of one game.
	n := 0
	convert := func(w io.Writer) error {
		return read(format, in, func(r *record.Record, warn string) error {
			n++
			if warn != "" {
				fmt.Fprintf(stderr, "boardrepl convert: %s: game %d: warning: %s\n", name, n, warn)
			}
			var text string
			var err error
			switch *to {
			case "record":
				text = r.Format()
			case "ataxx-pgn":
				text, err = pgn.Export(r)
			case "ogn":
				text, err = ogn.Export(r)
			}
			if err != nil {
				return fmt.Errorf("game %d: %v", n, err)
			}
			if n > 1 {
				text = "\n" + text
			}
			_, err = io.WriteString(w, text)
			return err
		})
	}
	var err error
	if *outPath == "" {
		bw := bufio.NewWriterSize(stdout, 64<<10)
		err = convert(bw)
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	} else {
		err = atomicfile.WriteFrom(*outPath, true, convert)
	}
	if err == nil && n == 0 {
		err = fmt.Errorf("no game in it")
	}
	if err != nil {
		fmt.Fprintf(stderr, "boardrepl convert: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// detect tells the format of the input from its first line that is not
// blank: a Tablut challenge log's header, or records ("", recognised one
// by one by their tags).
func detect(br *bufio.Reader) string {
	head, _ := br.Peek(br.Size())
	for _, l := range strings.Split(string(head), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if tablutlog.LogHeader(l) {
			return "tablut-log"
		}
		break
	}
	return ""
}

// read reads the games of a format from in and hands each to fn with the
// warning its replay gave, one at a time.
func read(format string, in io.Reader, fn func(*record.Record, string) error) error {
	if format == "tablut-log" {
		lg, err := tablutlog.ReadLog(textfile.NewReader(in))
		if err != nil {
			return err
		}
		return fn(lg.Record, "")
	}
	sc := record.NewScanner(in)
	for i := 1; ; i++ {
		p, err := sc.ReadRecord()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var r *record.Record
		var warn string
		f := format
		if f == "" {
			if f = native.FormatOf(p, ""); f == native.Record && !p.Has(record.TagGame) {
				return fmt.Errorf("game %d: its format is not recognised (no Game tag for a boardrepl record, no FEN or Variant tag for Ataxx PGN, no South and North tags for OGN): name it with --from", i)
			}
		}
		switch f {
		case native.AtaxxPGN:
			r, warn, err = pgn.ImportRecord(p)
		case native.OGN:
			r, warn, err = ogn.ImportRecord(p)
		default:
			// Replayed as 'load' does: the game, its options, its start
			// position and every move must be good.
			r = p
			var l *gameline.Line
			if l, err = gameline.Replay(p, nil); err == nil {
				warn, _ = gameline.CheckResult(p, l)
			}
		}
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		if err := fn(r, warn); err != nil {
			return err
		}
	}
}
