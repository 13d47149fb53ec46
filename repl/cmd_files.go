package repl

// The file commands: save, load, run, the players named in saved records,
// and the annotated record analyse --annotate writes.

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/safetext"
	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

func saveCommand(force bool) func(context.Context, *REPL, []string, string) error {
	return func(_ context.Context, r *REPL, args []string, rest string) error {
		name := "save"
		if force {
			name = "save!"
		}
		if rest == "" {
			return fmt.Errorf("usage: %s FILE", name)
		}
		rest, err := fileName(name, rest)
		if err != nil {
			return err
		}
		text := r.s.Record(r.now()).Format()
		if err := atomicfile.Write(rest, []byte(text), force); err != nil {
			if errors.Is(err, atomicfile.ErrExist) {
				return fmt.Errorf("%s exists: type 'save! %s' to overwrite it", rest, rest)
			}
			return err
		}
		fmt.Fprintf(r.out, "saved %s to %s\n", plural(r.s.Cursor(), "move"), rest)
		return nil
	}
}

// fileName reads a file name as typed after a command: a name in double
// or single quotes (for spaces at its ends) loses them, and an empty name is
// refused rather than made into a file.
func fileName(cmd, rest string) (string, error) {
	if n := len(rest); n >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[n-1] == rest[0] {
		rest = rest[1 : n-1]
	}
	if strings.TrimSpace(rest) == "" {
		return "", fmt.Errorf("%s: empty file name", cmd)
	}
	return rest, nil
}

// ForeignRecord turns a record read in another game's format (an Ataxx
// PGN game, an OGN game) into boardrepl's, returning its format ("record"
// for boardrepl's own) and the warning its replay gave. main sets it
// (rules/record/native.Convert), so that the prompt needs no game of its
// own; by default every record is boardrepl's.
var ForeignRecord = func(r *record.Record, game string) (*record.Record, string, string, error) {
	return r, "record", "", nil
}

func cmdLoad(_ context.Context, r *REPL, args []string, rest string) error {
	if rest == "" {
		return errors.New("usage: load FILE")
	}
	rest, err := fileName("load", rest)
	if err != nil {
		return err
	}
	data, err := textfile.ReadFile(rest)
	if err != nil {
		return err
	}
	text := strings.TrimSpace(string(data))
	// A single line that the game reads as a position is a position.
	if text != "" && !strings.Contains(text, "\n") && !strings.HasPrefix(text, "[") {
		if _, perr := r.s.Info().Parse(r.s.Options(), text); perr == nil {
			if err := r.s.SetPosition(text); err != nil {
				return err
			}
			fmt.Fprintf(r.out, "loaded the position in %s\n", rest)
			r.show()
			return nil
		}
	}
	rec, err := record.Parse(string(data))
	if err != nil {
		return fmt.Errorf("%s: %v", rest, err)
	}
	// An Ataxx PGN or OGN game is read as convert reads it.
	rec, format, warn, err := ForeignRecord(rec, "")
	if err != nil {
		return fmt.Errorf("%s: %v", rest, err)
	}
	if err := r.s.LoadRecord(rec); err != nil {
		return fmt.Errorf("%s: %v", rest, err)
	}
	how := ""
	if format != "record" {
		how = " (" + format + ")"
	}
	fmt.Fprintf(r.out, "loaded %s%s: %s, %d moves\n", rest, how, r.s.Info().ID, r.s.Cursor())
	if warn == "" {
		warn, _ = line.CheckResult(rec, r.s.Line)
	}
	if warn != "" {
		fmt.Fprintf(r.out, "warning: %s: %s\n", rest, warn)
	}
	r.show()
	return nil
}

func cmdRun(ctx context.Context, r *REPL, args []string, rest string) error {
	if rest == "" {
		return errors.New("usage: run FILE")
	}
	if isLuaRun(args) {
		return r.runLuaFile(ctx, args)
	}
	return r.runFile(ctx, rest)
}

func cmdPlayers(_ context.Context, r *REPL, args []string, _ string) error {
	g := r.s.Game()
	switch len(args) {
	case 0:
	case 2:
		for i, name := range args {
			if strings.ContainsAny(name, "\"[]") {
				return fmt.Errorf("players: %q: a name cannot hold quotes or brackets", name)
			}
			r.s.SetPlayerName(i, name)
		}
	default:
		return fmt.Errorf("usage: players [NAME NAME] (the first side's player first: %s, then %s)", g.SideName(0), g.SideName(1))
	}
	for i := 0; i < 2; i++ {
		name := record.OrUnknown(r.s.PlayerName(i))
		fmt.Fprintf(r.out, "%s: %s\n", g.SideName(i), safetext.Printable(name)) // a name from a record is outside text
	}
	return nil
}

// annotateFlag takes "--annotate FILE" and "--force" out of the arguments
// of analyse.
func annotateFlag(args []string) ([]string, string, bool, error) {
	var out []string
	file, force := "", false
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--annotate", "-annotate":
			if i+1 >= len(args) {
				return nil, "", false, errors.New("analyse --annotate: missing the FILE to write the annotated game in")
			}
			if file != "" {
				return nil, "", false, errors.New("analyse: --annotate given twice")
			}
			file = args[i+1]
			i++
		case "--force", "-force":
			force = true
		default:
			out = append(out, args[i])
		}
	}
	if force && file == "" {
		return nil, "", false, errors.New("analyse: --force lets --annotate replace its FILE: give --annotate FILE")
	}
	return out, file, force, nil
}

// writeAnnotated saves the game as a record with the analysis in it
// (analysis.Note for each judged ply, a heading saying how).
func (r *REPL) writeAnnotated(file string, force bool, g rules.Game, rep *analysis.Report, opts analysis.Options) error {
	rec := r.s.Record(r.now())
	for _, p := range rep.Plies {
		if i := p.Ply - 1; i >= 0 && i < len(rec.Moves) {
			analysis.Annotate(&rec.Moves[i], p)
		}
	}
	rec.Set("Annotator", "boardrepl")
	rec.SortTags()
	rec.Comments = append(rec.Comments, opts.Heading(g))
	if err := atomicfile.Write(file, []byte(rec.Format()), force); err != nil {
		if errors.Is(err, atomicfile.ErrExist) {
			return fmt.Errorf("analyse --annotate: %s exists: add --force to replace it", file)
		}
		return fmt.Errorf("analyse --annotate: %v", err)
	}
	fmt.Fprintf(r.out, "saved the annotated game (%s) to %s\n", plural(len(rec.Moves), "move"), file)
	return nil
}
