package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/scripting"
)

// Lua at the prompt: 'lua CODE' and 'run FILE.lua' run against the current
// game through the Lua layer (package scripting).

// luaHost lets scripts see and change the session's game.
func (r *REPL) luaHost() scripting.Host {
	return scripting.FuncHost{
		CurrentFunc: func() *line.Line { return r.s.Line },
		SetGameFunc: func(g rules.Game) error {
			in := g.Info()
			return r.s.NewGame(in, in.FormatOptions(g.Options()), g.Position())
		},
		PlayFunc: func(moves []string) error {
			for _, m := range moves {
				if _, err := r.s.PlayWritten(m); err != nil {
					return fmt.Errorf("move %q: %v", m, err)
				}
			}
			return nil
		},
	}
}

// runLua runs a script file or a chunk of code, then shows the board when
// the script changed the game. Failed checks make an error (after the
// script's own report), so that piped input stops there.
func (r *REPL) runLua(ctx context.Context, run func(*scripting.Session) (scripting.Summary, error)) error {
	before := r.s.Info().ID + " " + r.s.Start() + " " + r.s.Game().Position()
	n := r.s.Cursor()
	ls := scripting.NewSession(r.out, r.luaHost())
	sum, err := run(ls)
	if after := r.s.Info().ID + " " + r.s.Start() + " " + r.s.Game().Position(); after != before || r.s.Cursor() != n {
		r.show()
	}
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("interrupted")
		}
		return err
	}
	if sum.Failed == 1 {
		return errors.New("1 check failed")
	}
	if sum.Failed > 1 {
		return fmt.Errorf("%d checks failed", sum.Failed)
	}
	return nil
}

func cmdLua(ctx context.Context, r *REPL, args []string, rest string) error {
	if rest == "" {
		return errors.New("usage: lua CODE (e.g. lua current():perft(2), lua = #current():moves())")
	}
	if scripting.Incomplete(rest) {
		// An open block, bracket or string: the next lines continue it
		// (the prompt turns to ">> "), as the standalone Lua prompt does.
		r.luaBuf = rest
		return nil
	}
	return r.runLua(ctx, func(ls *scripting.Session) (scripting.Summary, error) { return ls.RunPrompt(ctx, rest) })
}

// luaContinue adds a line to an unfinished 'lua' chunk, and runs the chunk
// once it is complete.
func (r *REPL) luaContinue(ctx context.Context, line string) error {
	code := r.luaBuf + "\n" + line
	if scripting.Incomplete(code) {
		r.luaBuf = code
		return nil
	}
	r.luaBuf = ""
	return r.runLua(ctx, func(ls *scripting.Session) (scripting.Summary, error) { return ls.RunPrompt(ctx, code) })
}

// luaUnfinished is the error for input that ends inside a 'lua' chunk.
func (r *REPL) luaUnfinished() error {
	if r.luaBuf == "" {
		return nil
	}
	n := strings.Count(r.luaBuf, "\n") + 1
	r.luaBuf = ""
	return fmt.Errorf("lua: the input ended inside a chunk of %s (a block, bracket or string is not closed)", plural(n, "line"))
}

// runLuaFile runs FILE.lua with its arguments.
func (r *REPL) runLuaFile(ctx context.Context, args []string) error {
	return r.runLua(ctx, func(ls *scripting.Session) (scripting.Summary, error) { return ls.RunFile(ctx, args[0], args[1:]...) })
}

// isLuaRun says whether 'run' was given a Lua script: decided as
// 'boardrepl run' decides (scripting.IsLuaFile: by extension, else by
// content).
func isLuaRun(args []string) bool {
	return len(args) > 0 && scripting.IsLuaFile(args[0])
}
