// Package scripting is boardrepl's embedded Lua layer (github.com/yuin/gopher-lua):
// scripts that set up openings, pose and solve puzzles and run checks over
// fixture files, from the shell (`boardrepl run FILE.lua`, RunMain) or from
// the REPL against the current game (Session).
//
// Each run gets its own Lua state with only the base, table, string and math
// libraries (no os, io, debug, dofile, loadfile, require): files are read
// through the fixtures API only, confined to the script's directory tree and
// the project's fixtures/ directory. A context stops runaway scripts, the
// call depth is bounded, and the bindings refuse absurd sizes.
//
// One file per area of the API: game.go (a game value), games.go (listing
// and starting games, records), check.go (checks and test groups),
// fixtures.go, puzzle.go (the solver and puzzle files), openings.go,
// runner.go (the `run` subcommand) and session.go (the REPL's entry points).
// scripts/README.md documents the API for Lua users.
package scripting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"boardrepl/rules/engine"
)

// Limits on what scripts may ask for.
const (
	callStackSize = 200      // Lua call depth
	registryMax   = 1 << 20  // Lua data stack slots
	maxString     = 16 << 20 // bytes: string.rep results, fixture files
	maxPerftDepth = 12       // plies
	maxListLen    = 1 << 20  // moves in one play() call, lines in a list
	maxArray      = 1 << 21  // integer keys kept in a table's list part
)

// gopher-lua keeps a table's integer keys 1 to MaxArrayIndex-1 in a slice,
// and t[k] = v fills the slice with nils up to k in one VM instruction,
// which neither the timeout nor the memory cap can interrupt (they are
// checked between instructions): t[67108863] = 1 took 4.4 GB and 15 s
// under --timeout 2s. With the list part bounded, one instruction grows a
// table by at most maxArray slots (32 MiB); a larger key is kept in the hash
// part, one entry at a time. The setting is gopher-lua's, for the process:
// this package is its only user.
func init() { lua.MaxArrayIndex = maxArray + 1 }

// env is one script run: one Lua state and what the bindings need.
type env struct {
	L   *lua.LState
	ctx context.Context
	mem *memWatch // the memory cap (memory.go)
	// The engines of g:search (the playing one, the exact one) and of
	// g:analyse (analysis.NewEngine, selective and exact), each made on
	// first use.
	engine, exactEngine *engine.Engine
	anaEng, anaExactEng *engine.Engine
	out                 io.Writer // print and check reports
	errOut              io.Writer // script errors
	verbose             bool
	// roots are the directories fixtures may be read from: the script's
	// directory and the fixtures directory (absolute, symlinks resolved;
	// see fixtures.go).
	dir      string // the script's directory: relative paths start here
	fixtures string // the fixtures directory, "" when there is none
	noFx     string // why there is no fixtures directory, for messages
	roots    []string
	host     Host // the REPL session, nil from the shell

	passed, failed int
	groups         []string // the test groups being run, outermost first
}

// newEnv makes a sandboxed Lua state. dir is the script's directory.
func newEnv(ctx context.Context, out, errOut io.Writer, dir string) *env {
	ctx, mem := withMemoryLimit(ctx)
	L := lua.NewState(lua.Options{
		SkipOpenLibs:    true,
		CallStackSize:   callStackSize,
		RegistryMaxSize: registryMax,
		// The data stack grows by this many slots at a time: by the
		// default 32, pushing n values (unpack, string.byte) took time
		// quadratic in n.
		RegistryGrowStep: registryMax / 16,
	})
	for _, lib := range []struct {
		name string
		fn   lua.LGFunction
	}{
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
	} {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	e := &env{L: L, ctx: ctx, mem: mem, out: out, errOut: errOut}
	e.setDir(dir)
	e.sandbox()
	L.SetGlobal("print", L.NewFunction(e.print))
	e.openChecks()
	e.openGames()
	e.openFixtures()
	e.openPuzzles()
	e.openMining()
	e.openOpenings()
	e.openSession()
	L.SetContext(ctx)
	return e
}

func (e *env) close() {
	e.L.Close()
	e.mem.stop()
}

// refused names the globals the sandbox leaves out, with why.
var refused = map[string]string{
	"os":        "the os library",
	"io":        "the io library",
	"debug":     "the debug library",
	"package":   "the package library",
	"channel":   "the channel library",
	"coroutine": "the coroutine library",
	"dofile":    "dofile",
	"loadfile":  "loadfile",
	"require":   "require",
	"module":    "module",
}

// sandbox removes what scripts may not use and makes reading it a clear
// error; it replaces the built-ins that could run long or allocate much
// (bounded.go).
func (e *env) sandbox() {
	L := e.L
	g := L.G.Global
	for name := range refused {
		g.RawSetString(name, lua.LNil)
	}
	g.RawSetString("_printregs", lua.LNil)
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		if name, ok := L.Get(2).(lua.LString); ok {
			if what, ok := refused[string(name)]; ok {
				L.RaiseError("%s is not available in boardrepl scripts (only base, table, string and math; files through fixture)", what)
			}
		}
		return 0
	}))
	L.SetMetatable(g, mt)
	e.bound()
}

// hugeWidth reports whether a format string has a run of 4 or more digits
// after a '%' (a width or precision of 1000 or more).
func hugeWidth(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		run := 0
		for j := i + 1; j < len(f); j++ {
			c := f[j]
			if c >= '0' && c <= '9' {
				run++
				if run >= 4 {
					return true
				}
				continue
			}
			if c == '.' || c == '-' || c == '+' || c == ' ' || c == '#' {
				run = 0
				continue
			}
			break
		}
	}
	return false
}

// print writes its arguments like Lua's print, to the run's output.
func (e *env) print(L *lua.LState) int {
	n := L.GetTop()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	io.WriteString(e.out, b.String())
	return 0
}

// ScriptError is an error raised by a script (or its syntax), formatted as
// `file.lua:12: message` with a short traceback.
type ScriptError struct {
	Msg       string // "file.lua:12: message"
	Traceback string // the Lua frames of the script, one per line
	Syntax    bool
	Timeout   bool
}

func (e *ScriptError) Error() string {
	if e.Traceback == "" {
		return e.Msg
	}
	return e.Msg + "\n" + e.Traceback
}

// doChunk compiles and runs code under the chunk name name.
func (e *env) doChunk(name, code string) error {
	fn, err := e.compile(name, code)
	if err != nil {
		return e.compileError(name, code, err)
	}
	e.L.Push(fn)
	if err := e.L.PCall(0, 0, e.L.NewFunction(traceback)); err != nil {
		return e.runError(err)
	}
	return nil
}

// compileError is what doChunk and doPrompt report when compile fails.
func (e *env) compileError(name, code string, err error) error {
	if e.ctx.Err() != nil { // stopped while compiling
		return e.runError(&lua.ApiError{Type: lua.ApiErrorRun, Object: lua.LString(name + ": " + e.ctx.Err().Error())})
	}
	return endLine(err, code)
}

// doPrompt runs code typed at the prompt as the standalone Lua prompt
// (lua.c) does: "=EXPR" means "return EXPR"; code that reads as an
// expression, or returns values, has them printed (tab-separated, through
// tostring, a table without __tostring by its content); anything else runs
// as statements.
func (e *env) doPrompt(name, code string) error {
	if strings.HasPrefix(strings.TrimSpace(code), "=") {
		code = "return " + strings.TrimPrefix(strings.TrimSpace(code), "=")
	}
	fn, err := e.compile(name, "return "+code)
	if err != nil {
		// Statements; what a 'return' gives is printed too.
		if fn, err = e.compile(name, code); err != nil {
			return e.compileError(name, code, err)
		}
	}
	L := e.L
	top := L.GetTop()
	L.Push(fn)
	if err := L.PCall(0, lua.MultRet, L.NewFunction(traceback)); err != nil {
		return e.runError(err)
	}
	if n := L.GetTop() - top; n > 0 {
		args := make([]lua.LValue, n)
		for i := range args {
			args[i] = L.Get(top + 1 + i)
			if t, ok := args[i].(*lua.LTable); ok && L.GetMetaField(t, "__tostring") == lua.LNil {
				// A table is printed by its content, as the standalone
				// prompt's pretty printers do: {"a6", "a7a5", ...}.
				args[i] = lua.LString(showUpTo(t, promptShowBytes))
			}
		}
		L.SetTop(top)
		L.Push(L.GetGlobal("print"))
		for _, a := range args {
			L.Push(a)
		}
		if err := L.PCall(n, 0, L.NewFunction(traceback)); err != nil {
			return e.runError(err)
		}
	}
	return nil
}

// promptShowBytes bounds a table printed at the prompt.
const promptShowBytes = 8 << 10

// Incomplete reports whether code is an unfinished chunk that more lines
// could complete (an open block, bracket or string), as lua.c decides when
// to read a continuation line.
func Incomplete(code string) bool {
	if strings.HasPrefix(strings.TrimSpace(code), "=") {
		code = "return " + strings.TrimPrefix(strings.TrimSpace(code), "=")
	}
	if checkNesting("lua", code) != nil {
		return false // refused when run
	}
	_, err := parse.Parse(strings.NewReader(code), "lua")
	var pe *parse.Error
	return err != nil && errors.As(err, &pe) && pe.Pos.Line == parse.EOF
}

// endLine gives a syntax error at the end of the code the line it ends on
// ("lua:3: syntax error at the end of the chunk (a block, bracket or string
// is not closed)").
func endLine(err error, code string) error {
	se, ok := err.(*ScriptError)
	if !ok || !strings.Contains(se.Msg, " at the end of the file") {
		return err
	}
	name, msg, _ := strings.Cut(se.Msg, ": ")
	msg = strings.TrimSuffix(msg, " at the end of the file")
	n := strings.Count(strings.TrimRight(code, "\n"), "\n") + 1
	return &ScriptError{Msg: fmt.Sprintf("%s:%d: %s at the end of the file (a block, bracket or string is not closed)", name, n, msg), Syntax: true}
}

// traceback is the message handler: it keeps the message and adds the Lua
// frames.
func traceback(L *lua.LState) int {
	msg := L.Get(1)
	var frames []string
	for level := 1; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sln", dbg, lua.LNil); err != nil {
			break
		}
		if dbg.What == "G" || dbg.CurrentLine <= 0 {
			continue
		}
		where := "in main chunk"
		if dbg.What != "main" {
			if dbg.Name != "" {
				where = "in function '" + dbg.Name + "'"
			} else {
				where = "in a function"
			}
		}
		frames = append(frames, fmt.Sprintf("\t%s:%d: %s", dbg.Source, dbg.CurrentLine, where))
		if len(frames) == 8 {
			frames = append(frames, "\t...")
			break
		}
	}
	t := L.NewTable()
	t.RawSetString("msg", msg)
	t.RawSetString("tb", lua.LString(strings.Join(frames, "\n")))
	L.Push(t)
	return 1
}

func (e *env) runError(err error) error {
	var ae *lua.ApiError
	if !errors.As(err, &ae) {
		return &ScriptError{Msg: err.Error()}
	}
	se := &ScriptError{}
	if t, ok := ae.Object.(*lua.LTable); ok {
		se.Msg = luaErrString(t.RawGetString("msg"))
		if tb := t.RawGetString("tb").String(); strings.Count(tb, "\n") >= 1 {
			se.Traceback = "stack traceback:\n" + tb
		}
	} else {
		se.Msg = luaErrString(ae.Object)
	}
	if strings.HasSuffix(se.Msg, "stack overflow") {
		se.Msg += fmt.Sprintf(" (calls nested more than %d deep)", callStackSize)
	}
	if stoppedForMemory(e.ctx) {
		se.Msg = strings.Replace(se.Msg, context.Canceled.Error(),
			fmt.Sprintf("%v (more than %d MiB)", errMemory, maxScriptMemory>>20), 1)
	} else if e.ctx.Err() != nil {
		se.Timeout = errors.Is(e.ctx.Err(), context.DeadlineExceeded)
		se.Msg = strings.Replace(se.Msg, context.DeadlineExceeded.Error(), "timeout: the script ran too long and was stopped", 1)
		se.Msg = strings.Replace(se.Msg, context.Canceled.Error(), "interrupted", 1)
	}
	return se
}

// maxErrNesting bounds the msg fields followed to find an error's text.
const maxErrNesting = 16

// luaErrString is the text of an error value: a string as it is, a table
// by its msg field (the traceback handler wraps a message so, and scripts
// build error objects so), followed at most maxErrNesting deep; a table
// whose msg fields lead back to it or nest deeper says so. Nothing here runs
// Lua (no __tostring, no __index), since the value is whatever a script
// built: error(t) with t.msg = t used to recurse until the Go stack
// overflowed, a fatal error.
func luaErrString(v lua.LValue) string {
	var seen []*lua.LTable
	for {
		switch x := v.(type) {
		case nil, *lua.LNilType:
			return "error (nil)"
		case lua.LString:
			return string(x)
		case *lua.LTable:
			m := x.RawGetString("msg")
			if m == lua.LNil {
				return x.String()
			}
			if slices.Contains(seen, x) {
				return "error (a table whose msg fields form a cycle)"
			}
			if len(seen) == maxErrNesting {
				return fmt.Sprintf("error (a table whose msg fields nest more than %d deep)", maxErrNesting)
			}
			seen = append(seen, x)
			v = m
		default:
			return v.String()
		}
	}
}

// syntaxError formats a compile error as `file.lua:3:5: syntax error near 'x'`.
func syntaxError(name string, err error) error {
	var pe *parse.Error
	if errors.As(err, &pe) {
		msg := strings.TrimSpace(pe.Message)
		if pe.Pos.Line == parse.EOF {
			return &ScriptError{Msg: fmt.Sprintf("%s: %s at the end of the file", name, msg), Syntax: true}
		}
		near := ""
		if pe.Token != "" {
			near = fmt.Sprintf(" near '%s'", pe.Token)
		}
		return &ScriptError{Msg: fmt.Sprintf("%s:%d:%d: %s%s", name, pe.Pos.Line, pe.Pos.Column, msg, near), Syntax: true}
	}
	var ae *lua.ApiError
	if errors.As(err, &ae) && ae.Cause != nil {
		if errors.As(ae.Cause, &pe) {
			return syntaxError(name, pe)
		}
		return &ScriptError{Msg: fmt.Sprintf("%s: %v", name, strings.TrimSpace(ae.Cause.Error())), Syntax: true}
	}
	return &ScriptError{Msg: fmt.Sprintf("%s: %v", name, strings.TrimSpace(err.Error())), Syntax: true}
}

func luaNumber(n int) lua.LNumber { return lua.LNumber(n) }
