package scripting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

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

// The roots: the script's directory as the user named it, and the fixtures
// directory: the one named with --fixtures, or else the nearest entry
// called fixtures in the script's directory or above, which must be a real
// directory. A fixtures entry that is a symbolic link (or not a directory)
// ends the search and is not used: a link in some parent directory would
// otherwise open the files it points to to every script below it. Inside
// the roots, a file's path is resolved and must stay inside them (a link
// from a fixture out of the roots is refused), and only regular files are
// read: FIFOs, devices, sockets and the files of /proc and /sys are not.

// setDir sets the script's directory and finds the fixtures directory.
func (e *env) setDir(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	e.dir = abs
	e.fixtures, e.noFx = findFixtures(abs)
	e.setRoots()
}

func (e *env) setRoots() {
	e.roots = []string{e.dir}
	if e.fixtures != "" {
		e.roots = append(e.roots, e.fixtures)
	}
}

// useFixtures makes dir (--fixtures) the fixtures directory.
func (e *env) useFixtures(dir string) error {
	real, err := fixturesDir(dir)
	if err != nil {
		return err
	}
	e.fixtures, e.noFx = real, ""
	e.setRoots()
	return nil
}

// fixturesDir checks a directory named with --fixtures and returns its
// absolute path with links resolved (the user named it: a link is fine).
func fixturesDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("--fixtures %s: %v", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("--fixtures %s: %v", dir, unwrapPathErr(err))
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("--fixtures %s: %v", dir, unwrapPathErr(err))
	}
	if !st.IsDir() {
		return "", fmt.Errorf("--fixtures %s: not a directory", dir)
	}
	return real, nil
}

// findFixtures looks for the project's fixtures/ directory in dir and its
// parents. It returns the directory, or "" and why none is used.
func findFixtures(dir string) (string, string) {
	for d := dir; ; {
		fx := filepath.Join(d, "fixtures")
		st, err := os.Lstat(fx)
		switch {
		case err != nil:
			// not here: look further up
		case st.Mode()&fs.ModeSymlink != 0:
			return "", fmt.Sprintf("%s is a symbolic link, which is not followed", fx)
		case !st.IsDir():
			return "", fmt.Sprintf("%s is not a directory", fx)
		default:
			return fx, ""
		}
		up := filepath.Dir(d)
		if up == d {
			return "", "no fixtures directory in the script's directory or above"
		}
		d = up
	}
}

// fixturesHint says how to read the project's fixtures from elsewhere.
const fixturesHint = "name the fixtures directory with 'boardrepl run --fixtures DIR'"

// resolve turns a script's path into an absolute one inside the allowed
// roots, or explains why not. A relative path is relative to the script's
// directory, except that one starting with fixtures/ names a file in the
// fixtures directory.
func (e *env) resolve(p string) (string, error) {
	if p == "" {
		return "", fmt.Errorf("fixture: empty path")
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", fmt.Errorf("fixture %q: a path has no NUL bytes", p)
	}
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(e.dir, p)
		if first, rest, _ := strings.Cut(filepath.ToSlash(filepath.Clean(p)), "/"); first == "fixtures" {
			if e.fixtures == "" {
				return "", fmt.Errorf("fixture %q: no fixtures directory (%s); %s", p, e.noFx, fixturesHint)
			}
			full = filepath.Join(e.fixtures, rest)
		}
	}
	full = filepath.Clean(full)
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if os.IsNotExist(err) {
			return "", fmt.Errorf("fixture %q: no such file", p)
		}
		return "", fmt.Errorf("fixture %q: %v", p, unwrapPathErr(err))
	}
	for _, root := range e.roots {
		if within(real, root) {
			return real, nil
		}
	}
	where := fmt.Sprintf("the script's directory %s", e.dir)
	if e.fixtures != "" {
		where += fmt.Sprintf(" and the fixtures directory %s", e.fixtures)
	} else {
		where += fmt.Sprintf(" (%s)", e.noFx)
	}
	if within(full, e.dir) || (e.fixtures != "" && within(full, e.fixtures)) {
		return "", fmt.Errorf("fixture %q: a link out of %s, which scripts may not follow", p, where)
	}
	return "", fmt.Errorf("fixture %q: outside %s; a script reads files only there (%s)", p, where, fixturesHint)
}

// within reports whether path is root or below it.
func within(path, root string) bool {
	return path == root || strings.HasPrefix(path, root+string(filepath.Separator)) ||
		(strings.HasSuffix(root, string(filepath.Separator)) && strings.HasPrefix(path, root))
}

// readFile reads a fixture: a regular file, bounded in size. The path
// resolved is opened once, following no link (openNoFollow: a link swapped
// in since it was resolved is refused, not followed out of the roots) and
// without blocking (a FIFO would wait for a writer); what was opened is
// checked (fstat) and read, so what is read is what was checked.
func (e *env) readFile(p string) (string, error) {
	full, err := e.resolve(p)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(full); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		// Refused before opening: opening a device can have effects.
		return "", fmt.Errorf("fixture %q: %s, not a regular file: scripts read regular files only", p, textfile.Kind(st.Mode()))
	}
	f, err := openNoFollow(full)
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.ENOTDIR) {
		return "", fmt.Errorf("fixture %q: its path changed while it was opened (a symbolic link, which scripts may not follow, or a file where a directory was)", p)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("fixture %q: no such file", p)
	}
	if err != nil {
		return "", fmt.Errorf("fixture %q: %v", p, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("fixture %q: %v", p, unwrapPathErr(err))
	}
	if st.IsDir() {
		return "", fmt.Errorf("fixture %q: is a directory (fixture.files lists it)", p)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("fixture %q: %s, not a regular file: scripts read regular files only", p, textfile.Kind(st.Mode()))
	}
	if fsName := pseudoFS(f); fsName != "" {
		return "", fmt.Errorf("fixture %q: a file of %s, not a regular file: scripts read regular files only", p, fsName)
	}
	if st.Size() > maxString {
		return "", fmt.Errorf("fixture %q: %d bytes, more than the %d a script may read", p, st.Size(), maxString)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxString+1))
	if err != nil {
		return "", fmt.Errorf("fixture %q: %v", p, unwrapPathErr(err))
	}
	if len(b) > maxString {
		return "", fmt.Errorf("fixture %q: more than the %d bytes a script may read", p, maxString)
	}
	return string(textfile.Strip(b)), nil
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
		if err := e.ctx.Err(); err != nil {
			return err // the timeout, Ctrl-C or the memory cap
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ext) || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		if t := d.Type(); t != 0 && t&fs.ModeSymlink == 0 {
			return nil // FIFOs, devices, sockets: not fixtures
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

// textReader reads a text until ctx ends (the script's timeout, Ctrl-C,
// the memory cap), then fails with ctx's error, so that parsing a huge
// fixture stops with the script (compile.go's ctxReader ends the input
// instead, for the compiler, which then reports the timeout).
type textReader struct {
	ctx context.Context
	r   *strings.Reader
}

func (c textReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b[:min(len(b), 64<<10)])
}

func (e *env) textReader(text string) io.Reader { return textReader{e.ctx, strings.NewReader(text)} }

// parseRecords parses every record of a file; errors carry the file's line.
func (e *env) parseRecords(p, text string) ([]*record.Record, []int, error) {
	recs, starts, err := record.ParseAllFrom(e.textReader(text))
	if err != nil {
		if re, ok := err.(*record.Error); ok {
			if re.Col > 0 {
				return nil, nil, fmt.Errorf("%s:%d:%d: %s", p, re.Line, re.Col, re.Msg)
			}
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
	recs, starts, err := e.parseRecords(p, text)
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
	r, err := record.ParseFrom(e.textReader(text))
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
	r, err := record.ParseFrom(e.textReader(text))
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
