package repl

// The file commands: save, load, run, and the players named in saved records.

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"
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
	if err := r.s.LoadRecord(rec); err != nil {
		return fmt.Errorf("%s: %v", rest, err)
	}
	fmt.Fprintf(r.out, "loaded %s: %s, %d moves\n", rest, r.s.Info().ID, r.s.Cursor())
	if warn, _ := line.CheckResult(rec, r.s.Line); warn != "" {
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
			r.s.Players[i] = name
		}
	default:
		return fmt.Errorf("usage: players [NAME NAME] (the first side's player first: %s, then %s)", g.SideName(0), g.SideName(1))
	}
	for i := 0; i < 2; i++ {
		name := r.s.Players[i]
		if name == "" {
			name = "?"
		}
		fmt.Fprintf(r.out, "%s: %s\n", g.SideName(i), name)
	}
	return nil
}
