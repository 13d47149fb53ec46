package scripting

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/line"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// Host is the REPL session a script runs against (`run FILE` and `lua CODE`
// at the prompt).
type Host interface {
	// Current returns the current line of play. The script works on a
	// clone.
	Current() *line.Line
	// SetGame makes g the current game: a new line starting at g's position.
	SetGame(g rules.Game) error
	// Play plays moves of a written line on the current game
	// (line.PlayWritten) as if typed at the prompt (undo takes them back).
	Play(moves []string) error
}

// FuncHost adapts three functions to Host.
type FuncHost struct {
	CurrentFunc func() *line.Line
	SetGameFunc func(rules.Game) error
	PlayFunc    func([]string) error
}

func (h FuncHost) Current() *line.Line        { return h.CurrentFunc() }
func (h FuncHost) SetGame(g rules.Game) error { return h.SetGameFunc(g) }
func (h FuncHost) Play(moves []string) error  { return h.PlayFunc(moves) }

// Session runs Lua for the REPL. Each call gets a fresh Lua state (no state
// is kept between calls or shared between goroutines); scripts see the
// session's game through current() and change it with set_current(g) or
// book:play(name).
type Session struct {
	Out     io.Writer // print, check reports
	Err     io.Writer // script errors (defaults to Out)
	Host    Host
	Verbose bool // report passing checks too
	// Fixtures is the fixtures directory scripts may read (boardrepl run
	// --fixtures); "" finds it from the script's directory (fixtures.go).
	Fixtures string
}

// NewSession makes a Session writing to out and playing on host.
func NewSession(out io.Writer, host Host) *Session {
	return &Session{Out: out, Err: out, Host: host}
}

// Summary counts the checks of a run.
type Summary struct{ Passed, Failed int }

// RunFile runs a script file against the session. Its checks are reported
// as they fail and, when it made any, with the line "N passed, N failed".
// The error is a *ScriptError for a syntax or runtime error; a failed check
// is not an error (see the Summary). Cancel ctx to stop the script (Ctrl-C).
func (s *Session) RunFile(ctx context.Context, path string, args ...string) (Summary, error) {
	code, err := readScript(path)
	if err != nil {
		return Summary{}, err
	}
	return s.run(ctx, filepath.Dir(path), path, code, args)
}

// RunString runs Lua code typed at the prompt (chunk name "lua"); relative
// fixture paths start at the working directory.
func (s *Session) RunString(ctx context.Context, code string) (Summary, error) {
	return s.run(ctx, ".", "lua", code, nil)
}

// RunPrompt runs a chunk typed at the prompt ('lua CODE') as the
// standalone Lua prompt does: an expression's values are printed ("lua 1+1"
// prints 2, "lua = x" prints x).
func (s *Session) RunPrompt(ctx context.Context, code string) (Summary, error) {
	return s.runWith(ctx, ".", "lua", code, nil, true)
}

func (s *Session) run(ctx context.Context, dir, name, code string, args []string) (Summary, error) {
	return s.runWith(ctx, dir, name, code, args, false)
}

func (s *Session) runWith(ctx context.Context, dir, name, code string, args []string, prompt bool) (Summary, error) {
	errOut := s.Err
	if errOut == nil {
		errOut = s.Out
	}
	e := newEnv(ctx, s.Out, errOut, dir)
	defer e.close()
	if s.Fixtures != "" {
		if err := e.useFixtures(s.Fixtures); err != nil {
			return Summary{}, err
		}
	}
	e.host = s.Host
	e.verbose = s.Verbose
	e.setArgs(name, args)
	var err error
	if prompt {
		err = e.doPrompt(name, code)
	} else {
		err = e.doChunk(name, code)
	}
	sum := Summary{e.passed, e.failed}
	if sum.Passed+sum.Failed > 0 {
		fmt.Fprintf(s.Out, "%d passed, %d failed\n", sum.Passed, sum.Failed)
	}
	return sum, err
}

// IsLuaFile decides whether FILE is a Lua script or a file of REPL
// commands, the same way for 'boardrepl run FILE' and the prompt's 'run
// FILE': by its extension (.lua is Lua; .txt, .cmd, .cmds, .repl are
// commands), else by its content (Lua when it compiles as a Lua chunk: a
// line of moves or commands such as "e3-h3" or "new ataxx" does not).
func IsLuaFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".lua":
		return true
	case ".txt", ".cmd", ".cmds", ".repl":
		return false
	}
	b, err := textfile.ReadFile(path)
	if err != nil {
		return true // let the Lua runner report it
	}
	_, err = parse.Parse(strings.NewReader(string(b)), path)
	return err == nil
}

func readScript(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("run %s: %v", path, unwrapPathErr(err))
	}
	if st.Size() > maxString {
		return "", fmt.Errorf("run %s: %d bytes is too big for a script", path, st.Size())
	}
	b, err := textfile.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("run %s: %v", path, unwrapPathErr(err))
	}
	return string(b), nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// setArgs sets the global arg: arg[0] the script, arg[1..] its arguments.
func (e *env) setArgs(name string, args []string) {
	t := e.L.NewTable()
	t.RawSetInt(0, lua.LString(name))
	for i, a := range args {
		t.RawSetInt(i+1, lua.LString(a))
	}
	e.L.SetGlobal("arg", t)
}

func (e *env) openSession() {
	L := e.L
	L.SetGlobal("current", L.NewFunction(func(L *lua.LState) int {
		L.Push(e.currentGame(L))
		return 1
	}))
	L.SetGlobal("set_current", L.NewFunction(func(L *lua.LState) int {
		e.setCurrent(L, checkGameAt(L, 1))
		return 0
	}))
	L.SetGlobal("in_repl", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LBool(e.host != nil))
		return 1
	}))
}

// currentGame is current(): a copy of the REPL's line of play.
func (e *env) currentGame(L *lua.LState) *lua.LUserData {
	if e.host == nil {
		L.RaiseError("no current game: current() works in the REPL (run FILE or lua CODE at the prompt); use game(id) here")
	}
	cur := e.host.Current()
	if cur == nil {
		L.RaiseError("no current game")
	}
	l := cur.Clone()
	gv := &gameVal{l: l}
	gv.fromHost, gv.hostPos, gv.hostLen = true, l.Game().Position(), l.Cursor()
	return e.wrap(gv)
}

// setCurrent makes gv the REPL's game: when gv continues the current game
// (taken by current() and only played on since), the new moves are played
// at the prompt; otherwise the game is replaced.
func (e *env) setCurrent(L *lua.LState, gv *gameVal) {
	if e.host == nil {
		L.RaiseError("no current game: set_current() works in the REPL (run FILE or lua CODE at the prompt)")
	}
	if gv.fromHost && gv.l.Cursor() >= gv.hostLen {
		if cur := e.host.Current(); cur != nil && cur.Game().Position() == gv.hostPos {
			if err := e.host.Play(gv.l.Played()[gv.hostLen:]); err != nil {
				L.RaiseError("set_current: %v", err)
			}
			gv.hostPos, gv.hostLen = gv.game().Position(), gv.l.Cursor()
			return
		}
	}
	if err := e.host.SetGame(gv.game().Clone()); err != nil {
		L.RaiseError("set_current: %v", err)
	}
	gv.fromHost, gv.hostPos, gv.hostLen = true, gv.game().Position(), gv.l.Cursor()
}
