package scripting

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/record"

	lua "github.com/yuin/gopher-lua"
)

// Fixtures: read-only access to files under the script's directory and the
// project's fixtures/ directory. Paths are relative to the script.
//
//	fixture.read(path)          the whole file as a string
//	fixture.lines(path)         iterator: for line, n in fixture.lines(p)
//	fixture.files(dir [, ext])  every file below dir (sorted), as paths
//	fixture.records(path)       the game records in a file (tables)
//	fixture.record(path)        the only record of a file
//	fixture.game(path [, id])   a game replayed from a record file
//	fixture.positions(path)     a positions file, parsed (see scripts/README.md)
//	fixture.puzzles(path)       a puzzle file, parsed (puzzle.go)

func (e *env) openFixtures() {
	L := e.L
	t := L.NewTable()
	L.SetFuncs(t, map[string]lua.LGFunction{
		"read":      e.fxRead,
		"lines":     e.fxLines,
		"files":     e.fxFiles,
		"records":   e.fxRecords,
		"record":    e.fxRecord,
		"game":      e.fxGame,
		"positions": e.fxPositions,
		"puzzles":   e.fxPuzzles,
	})
	L.SetGlobal("fixture", t)
}

// resolve turns a script's path into an absolute one inside the allowed
// roots, or explains why not.
func (e *env) resolve(p string) (string, error) {
	if p == "" {
		return "", fmt.Errorf("fixture: empty path")
	}
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(e.dir, p)
	}
	full = filepath.Clean(full)
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if os.IsNotExist(err) {
			return "", fmt.Errorf("fixture %q: no such file", p)
		}
		return "", fmt.Errorf("fixture %q: %v", p, err)
	}
	for _, root := range e.roots {
		if real == root || strings.HasPrefix(real, root+string(filepath.Separator)) {
			return real, nil
		}
	}
	return "", fmt.Errorf("fixture %q: outside the script's directory and the project's fixtures/ (scripts may read only there)", p)
}

// readFile reads a fixture, bounded in size.
func (e *env) readFile(p string) (string, error) {
	full, err := e.resolve(p)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(full)
	if err != nil {
		return "", fmt.Errorf("fixture %q: %v", p, err)
	}
	if st.IsDir() {
		return "", fmt.Errorf("fixture %q: is a directory (fixture.files lists it)", p)
	}
	if st.Size() > maxString {
		return "", fmt.Errorf("fixture %q: %d bytes, more than the %d a script may read", p, st.Size(), maxString)
	}
	b, err := textfile.ReadFile(full)
	if err != nil {
		return "", fmt.Errorf("fixture %q: %v", p, err)
	}
	return string(b), nil
}

func (e *env) mustRead(L *lua.LState) (string, string) {
	p := L.CheckString(1)
	text, err := e.readFile(p)
	if err != nil {
		L.RaiseError("%v", err)
	}
	return p, text
}

func (e *env) fxRead(L *lua.LState) int {
	_, text := e.mustRead(L)
	L.Push(lua.LString(text))
	return 1
}

func splitLines(text string) []string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// fixture.lines(path) -> iterator giving each line and its number.
func (e *env) fxLines(L *lua.LState) int {
	_, text := e.mustRead(L)
	lines := splitLines(text)
	i := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		if i >= len(lines) {
			L.Push(lua.LNil)
			return 1
		}
		i++
		L.Push(lua.LString(lines[i-1]))
		L.Push(lua.LNumber(i))
		return 2
	}))
	return 1
}

// fixture.files(dir [, ext]) -> every file below dir whose name ends with
// ext, sorted, as paths the other fixture functions accept.
func (e *env) fxFiles(L *lua.LState) int {
	dir := L.CheckString(1)
	ext := L.OptString(2, "")
	full, err := e.resolve(dir)
	if err != nil {
		L.RaiseError("%v", err)
	}
	var out []string
	err = filepath.WalkDir(full, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ext) || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rel, _ := filepath.Rel(full, path)
		out = append(out, filepath.ToSlash(filepath.Join(dir, rel)))
		if len(out) > maxListLen {
			return fmt.Errorf("more than %d files", maxListLen)
		}
		return nil
	})
	if err != nil {
		L.RaiseError("fixture.files %q: %v", dir, err)
	}
	sort.Strings(out)
	L.Push(strList(L, out))
	return 1
}

// parseRecords parses every record of a file; errors carry the file's line.
func parseRecords(p, text string) ([]*record.Record, []int, error) {
	recs, starts, err := record.ParseAll(text)
	if err != nil {
		if re, ok := err.(*record.Error); ok {
			return nil, nil, fmt.Errorf("%s:%d: %s", p, re.Line, re.Msg)
		}
		return nil, nil, fmt.Errorf("%s: %v", p, err)
	}
	return recs, starts, nil
}

// fixture.records(path) -> { record, ... } (see record.parse), each with
// its starting line in .line.
func (e *env) fxRecords(L *lua.LState) int {
	p, text := e.mustRead(L)
	recs, starts, err := parseRecords(p, text)
	if err != nil {
		L.RaiseError("%v", err)
	}
	t := L.NewTable()
	for i, r := range recs {
		rt := recordTable(L, r)
		rt.RawSetString("line", lua.LNumber(starts[i]))
		t.Append(rt)
	}
	L.Push(t)
	return 1
}

// fixture.record(path) -> the file's only record.
func (e *env) fxRecord(L *lua.LState) int {
	p, text := e.mustRead(L)
	r, err := record.Parse(text)
	if err != nil {
		L.RaiseError("%s: %v", p, err)
	}
	L.Push(recordTable(L, r))
	return 1
}

// fixture.game(path [, id]) -> a game started from the file's record with
// its moves played (undo takes them back).
func (e *env) fxGame(L *lua.LState) int {
	p, text := e.mustRead(L)
	r, err := record.Parse(text)
	if err != nil {
		L.RaiseError("%s: %v", p, err)
	}
	l, err := gameFromRecord(r, L.OptString(2, ""), p+": ")
	if err != nil {
		L.RaiseError("%v", err)
	}
	L.Push(e.wrap(&gameVal{l: l}))
	return 1
}

// A positions file has one position per line:
//
//	GAME [KEY=VALUE...] | POSITION [| FACT=VALUE ...]
//
// '#' starts a comment line. Facts are free-form key=value words (moves=16,
// perft3=6460, result=ongoing); the value of name= may be quoted.
type posLine struct {
	game  rules.Game
	line  int
	facts [][2]string
}

func parsePositions(p, text string) ([]posLine, error) {
	var out []posLine
	for i, l := range splitLines(text) {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", p, i+1)
		parts := strings.Split(t, "|")
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("%s: want GAME [OPTIONS] | POSITION [| FACTS]", where)
		}
		head := strings.Fields(parts[0])
		if len(head) == 0 {
			return nil, fmt.Errorf("%s: missing the game id", where)
		}
		info, err := rules.Lookup(head[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		pos := strings.TrimSpace(parts[1])
		g, err := info.NewGame(head[1:], pos)
		if err != nil {
			return nil, fmt.Errorf("%s: position %q: %v", where, pos, err)
		}
		pl := posLine{game: g, line: i + 1}
		if len(parts) == 3 {
			facts, err := parseFacts(parts[2])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			pl.facts = facts
		}
		out = append(out, pl)
	}
	return out, nil
}

// parseFacts reads key=value words; a value may be in double quotes.
func parseFacts(s string) ([][2]string, error) {
	var out [][2]string
	s = strings.TrimSpace(s)
	for s != "" {
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return nil, fmt.Errorf("fact %q: want KEY=VALUE", strings.Fields(s)[0])
		}
		k := s[:eq]
		if strings.ContainsAny(k, " \t") {
			return nil, fmt.Errorf("fact %q: want KEY=VALUE", strings.Fields(k)[0])
		}
		s = s[eq+1:]
		var v string
		if strings.HasPrefix(s, `"`) {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("fact %s: unclosed quote", k)
			}
			v, s = s[1:end+1], s[end+2:]
		} else {
			sp := strings.IndexAny(s, " \t")
			if sp < 0 {
				sp = len(s)
			}
			v, s = s[:sp], s[sp:]
		}
		out = append(out, [2]string{k, v})
		s = strings.TrimSpace(s)
	}
	return out, nil
}

// fixture.positions(path) -> { {game=<game>, id=, position=, line=,
// facts={key=value}, fact_order={keys}}, ... }. Numeric fact values are
// numbers.
func (e *env) fxPositions(L *lua.LState) int {
	p, text := e.mustRead(L)
	ps, err := parsePositions(p, text)
	if err != nil {
		L.RaiseError("%v", err)
	}
	out := L.NewTable()
	for _, pl := range ps {
		t := L.NewTable()
		t.RawSetString("game", e.newGameVal(pl.game))
		t.RawSetString("id", lua.LString(pl.game.Info().ID))
		t.RawSetString("position", lua.LString(pl.game.Position()))
		t.RawSetString("line", lua.LNumber(pl.line))
		t.RawSetString("where", lua.LString(fmt.Sprintf("%s:%d", p, pl.line)))
		facts := L.NewTable()
		order := L.NewTable()
		for _, f := range pl.facts {
			facts.RawSetString(f[0], factValue(f[1]))
			order.Append(lua.LString(f[0]))
		}
		t.RawSetString("facts", facts)
		t.RawSetString("fact_order", order)
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func factValue(s string) lua.LValue {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && n < 1<<53 && n > -(1<<53) {
		return lua.LNumber(n)
	}
	return lua.LString(s)
}
