package scripting

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
)

// run runs code as a script file in a temporary directory with RunMain.
func run(t *testing.T, code string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.lua")
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	status = RunMain(append(args, path), nil, &out, &errb)
	return out.String(), errb.String(), status
}

// TestScripts runs every script in scripts/ as a check suite.
func TestScripts(t *testing.T) {
	var out, errb bytes.Buffer
	if st := RunMain([]string{"../scripts"}, nil, &out, &errb); st != ExitOK {
		t.Fatalf("scripts/: status %d\n%s\n%s", st, out.String(), errb.String())
	}
	if !regexp.MustCompile(`(?m)^\d+ passed, 0 failed$`).MatchString(out.String()) {
		t.Fatalf("no summary line:\n%s", out.String())
	}
}

func TestRunErrors(t *testing.T) {
	cases := []struct {
		name, code string
		args       []string
		status     int
		stdout     string // regexp
		stderr     string // regexp
	}{
		{"pass", "check(true, 'yes'); eq({1, {a='x'}}, {1, {a='x'}})", nil, 0, `(?m)^2 passed, 0 failed$`, `^$`},
		{"fail", "\n\neq(1+1, 3, 'sum')", nil, 1, `FAIL .*s.lua:3: sum\n\s+got:  2\n\s+want: 3\n0 passed, 1 failed`, `^$`},
		{"syntax", "local x = 1\nlocal y = = 2\n", nil, 1, `0 passed, 1 failed`, `s.lua:2:11: syntax error near '='`},
		{"runtime", "local g = game('ataxx')\n\ng:play('a1')\n", nil, 1, ``, `s.lua:3: move "a1": a1 is occupied`},
		{"traceback", "local function f()\n  error('deep')\nend\nf()\n", nil, 1, ``, `s.lua:2: deep\nstack traceback:\n\t.*s.lua:2: in function 'f'\n\t.*s.lua:4: in main chunk`},
		{"timeout", "while true do end", []string{"--timeout", "200ms"}, 1, ``, `s.lua:1: timeout: .*--timeout 200ms`},
		{"timeout in pcall", "while true do pcall(function() while true do end end) end", []string{"--timeout", "200ms"}, 1, ``, `timeout`},
		{"sandbox os", "os.execute('ls')", nil, 1, ``, `s.lua:1: the os library is not available`},
		{"sandbox io", "local f = io.open('/etc/passwd')", nil, 1, ``, `the io library is not available`},
		{"sandbox dofile", "dofile('/etc/passwd')", nil, 1, ``, `dofile is not available`},
		{"sandbox require", "require('os')", nil, 1, ``, `require is not available`},
		{"bad fixture", "fixture.read('../../../../etc/passwd')", nil, 1, ``, `outside the script's directory`},
		{"missing fixture", "fixture.read('nope.txt')", nil, 1, ``, `fixture "nope.txt": no such file`},
		{"recursion", "local function f() return f() + 1 end\nf()", nil, 1, ``, `stack overflow`},
		{"huge rep", "local s = string.rep('x', 1e9)", nil, 1, ``, `string.rep: the result would be over`},
		{"huge perft", "game('ataxx'):perft(1e9)", nil, 1, ``, `depth 1000000000: want 0 to 12`},
		{"args", "eq(arg[1], 'a'); eq(arg[2], 'b'); eq(#arg, 2)", []string{}, 0, `3 passed`, `^$`},
		// A missing method is named, as Lua 5.1 names it (issue 25 item 9:
		// gopher-lua says "attempt to call a non-function object").
		{"missing method", "local g = game('ataxx')\ng:movez()", nil, 1, ``, `^\S*s.lua:2: no method 'movez' on a game \(its methods: analyse, at, board, .*, moves, .*, winner\)\n`},
		{"missing book method", "local b = openings.new('ataxx')\n\nb:ad('x', 'f2')", nil, 1, ``, `^\S*s.lua:3: no method 'ad' on an opening book \(its methods: add, match, moves, names, play, verify\)\n`},
		{"methods still there", "local g = game('ataxx')\neq(g:id(), 'ataxx')\ncheck(g.moves ~= nil)", nil, 0, `2 passed, 0 failed`, `^$`},
		// A failure inside test() is printed once, where it was raised
		// (issue 25 item 9: it was printed with the test's place, then again
		// as "FAIL g").
		{"test group error", "test('g', function()\n  error('x')\nend)\ncheck(true)", nil, 1, `^FAIL \S*s.lua:2: g: error: x\n1 passed, 1 failed\n$`, `^$`},
		{"test group check", "test('g', function()\n  check(false, 'no')\n  eq(1, 2)\nend)", nil, 1, `^FAIL \S*s.lua:2: g: no\nFAIL \S*s.lua:3: g: values differ\n\s+got:  1\n\s+want: 2\n0 passed, 2 failed\n$`, `^$`},
		{"test group verbose", "test('g', function() check(false, 'no') end)\ntest('h', function() check(true, 'yes') end)", []string{"-v"}, 1, `(?m)^FAIL \S*s.lua:1: g: no\nFAIL g\nok   \S*s.lua:2: h: yes\nok   h$`, `^$`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs string
			var st int
			if c.name == "args" {
				dir := t.TempDir()
				path := filepath.Join(dir, "s.lua")
				os.WriteFile(path, []byte(c.code), 0o644)
				var o, e bytes.Buffer
				st = RunMain([]string{path, "a", "b"}, nil, &o, &e)
				out, errs = o.String(), e.String()
			} else {
				out, errs, st = run(t, c.code, c.args...)
			}
			if st != c.status {
				t.Errorf("status %d, want %d\nstdout: %s\nstderr: %s", st, c.status, out, errs)
			}
			if !regexp.MustCompile(c.stdout).MatchString(out) {
				t.Errorf("stdout %q does not match %q", out, c.stdout)
			}
			if !regexp.MustCompile(c.stderr).MatchString(errs) {
				t.Errorf("stderr %q does not match %q", errs, c.stderr)
			}
		})
	}
}

// TestErrorValues: no value a script raises or compares stops the host.
// An error object whose msg fields form a cycle (of one table or three,
// with or without a level), nest deep, or sit behind metatables, and
// error objects that are userdata or functions are all reported as a
// script error with exit status 1 (a cycle used to overflow the Go stack:
// "fatal error: stack overflow", exit 2). eq and ne end on cycles and
// shared parts, and refuse nesting past 200.
func TestErrorValues(t *testing.T) {
	cycle := `^error \(a table whose msg fields form a cycle\)\n`
	cases := []struct {
		name, code string
		status     int
		stdout     string // regexp
		stderr     string // regexp
	}{
		{"self", "local t = {} t.msg = t error(t)", 1, `0 passed, 1 failed`, cycle},
		{"three", "local a, b, c = {}, {}, {}\na.msg = b b.msg = c c.msg = a\nerror(a, 0)", 1, ``, cycle},
		{"three level 2", "local a, b, c = {}, {}, {}\na.msg = b b.msg = c c.msg = a\nerror(b, 2)", 1, ``, cycle},
		{"caught and raised again", "local t = {} t.msg = t\nlocal ok, e = pcall(error, t)\nerror(e)", 1, ``, cycle},
		{"deep", "local e = 'bottom' for i = 1, 1e5 do e = {msg = e} end error(e)", 1, ``, `^error \(a table whose msg fields nest more than 16 deep\)\n`},
		{"nested msg", "error({msg = {msg = 'inner'}})", 1, ``, `^inner\n`},
		{"__index", "error(setmetatable({}, {__index = function(t, k) return t end}))", 1, ``, `^table: 0x[0-9a-f]+\n`},
		{"__index table", "local t = {} t.__index = t setmetatable(t, t) error(t)", 1, ``, `^table: 0x[0-9a-f]+\n`},
		{"__tostring itself", "local t = setmetatable({}, {__tostring = function(t) return t end})\nprint(tostring(t) == t)\nerror(t)", 1, `^true\n`, `^table: 0x[0-9a-f]+\n`},
		{"__tostring recursion", "local t = setmetatable({}, {__tostring = function(t) return tostring(t) end})\nprint(t)", 1, ``, `stack overflow`},
		{"msg through __tostring", "local t = setmetatable({}, {__tostring = function(t) return t.msg end}) t.msg = t\nerror(t)", 1, ``, cycle},
		{"userdata", "error(game('ataxx'))", 1, ``, `^userdata: 0x[0-9a-f]+\n`},
		{"function", "error(print)", 1, ``, `^function: (builtin: )?0x[0-9a-f]+\n`},
		{"nil", "error(nil)", 1, ``, `^error \(nil\)\n`},
		{"in a test group", "test('g', function() local t = {} t.msg = t error(t) end)", 1, `FAIL .*s.lua:1: g: error: error \(a table whose msg fields form a cycle\)\n0 passed, 1 failed`, `^$`},
		{"raises", "local t = {} t.msg = t\nraises(function() error(t) end, 'form a cycle')\nraises(function() error({msg = 'boom'}) end, 'boom')", 0, `2 passed, 0 failed`, `^$`},
		{"eq cycles", "local t = {} t[1] = t t.x = {t}\nlocal u = {} u[1] = u u.x = {u}\neq(t, u)\nlocal p = {} p[1] = p\nlocal q = {} q[1] = {q}\neq(p, q)\nu.x[2] = 1\nne(t, u)", 0, `3 passed, 0 failed`, `^$`},
		{"eq shared", "local function build(k) local t = 1 for i = 1, k do t = {t, t} end return t end\neq(build(60), build(60))\nne(build(60), build(59))", 0, `2 passed, 0 failed`, `^$`},
		{"eq deep", "local a, b = {}, {}\nlocal x, y = a, b\nfor i = 1, 1e5 do x[1], y[1] = {}, {} x, y = x[1], y[1] end\neq(a, b)", 1, ``, `s.lua:4: eq: tables nested more than 200 deep`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, st := run(t, c.code)
			if st != c.status {
				t.Errorf("status %d, want %d\nstdout: %s\nstderr: %s", st, c.status, out, errs)
			}
			if !regexp.MustCompile(c.stdout).MatchString(out) {
				t.Errorf("stdout %q does not match %q", out, c.stdout)
			}
			if !regexp.MustCompile(c.stderr).MatchString(errs) {
				t.Errorf("stderr %q does not match %q", errs, c.stderr)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"--nope", "x.lua"}, {"does-not-exist.lua"}, {"--timeout", "-1s", "x.lua"}} {
		var out, errb bytes.Buffer
		if st := RunMain(args, nil, &out, &errb); st != ExitUsage {
			t.Errorf("%v: status %d, want 2 (%s)", args, st, errb.String())
		}
	}
	var out bytes.Buffer
	if st := RunMain([]string{"-h"}, nil, &out, &out); st != 0 || !strings.Contains(out.String(), "usage: boardrepl run") {
		t.Errorf("-h: %d %q", st, out.String())
	}
}

// host is a REPL session stand-in.
type host struct {
	l      *line.Line
	played [][]string
	set    int
}

func (h *host) Current() *line.Line        { return h.l }
func (h *host) SetGame(g rules.Game) error { h.l = line.FromGame(g); h.set++; return nil }
func (h *host) Play(moves []string) error {
	for _, s := range moves {
		if _, err := h.l.PlayWritten(s); err != nil {
			return err
		}
	}
	h.played = append(h.played, moves)
	return nil
}

func TestSession(t *testing.T) {
	info, _ := rules.Lookup("ataxx")
	g, _ := info.New(rules.Options{"fifty": "on", "blocks": "0", "pattern": ""})
	h := &host{l: line.FromGame(g)}
	var out bytes.Buffer
	s := NewSession(&out, h)
	ctx := context.Background()
	// play on a copy of the current game, then hand the moves to the prompt
	if _, err := s.RunString(ctx, `local g = current(); g:play("f2", "f6"); set_current(g)`); err != nil {
		t.Fatal(err)
	}
	if len(h.played) != 1 || strings.Join(h.played[0], " ") != "f2 f6" || h.set != 0 {
		t.Fatalf("played %v, set %d", h.played, h.set)
	}
	// the script sees the history and the openings that match it
	sum, err := s.RunString(ctx, `
		local book = openings.new("ataxx"):add("a", "f2 f6 g1e3"):add("b", "g1e3")
		local m = book:match(current())
		eq(#m, 1); eq(m[1].next, "g1e3")
		book:play("a")
		eq(current():history(), {"f2", "f6", "g1e3"})`)
	if err != nil || sum.Failed != 0 || sum.Passed != 3 {
		t.Fatalf("%v %+v\n%s", err, sum, out.String())
	}
	// a new game replaces the current one
	if _, err := s.RunString(ctx, `set_current(game("oware"))`); err != nil || h.set != 1 || h.l.Info().ID != "oware" {
		t.Fatalf("%v set=%d %s", err, h.set, h.l.Info().ID)
	}
	// errors are returned, with the chunk name
	_, err = s.RunString(ctx, "\ncurrent():play('Z')")
	if err == nil || !strings.HasPrefix(err.Error(), `lua:2: move "Z"`) {
		t.Fatalf("err = %v", err)
	}
	// Ctrl-C: a cancelled context stops the script
	cctx, cancel := context.WithCancel(ctx)
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err = s.RunString(cctx, "while true do end")
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("err = %v", err)
	}
	// without a host, current() explains
	_, _, st := run(t, "current()")
	if st != 1 {
		t.Fatalf("current() without a REPL: status %d", st)
	}
}

func TestGameAPI(t *testing.T) {
	out, errs, st := run(t, `
		local g = game("ataxx", {fifty = "off"})
		eq(g:options().fifty, "off", "options")
		eq(g:id(), "ataxx")
		eq(g:sides(), {"red", "blue"})
		eq(#g:moves(), 16)
		g:play("f2 f6")
		eq(g:ply(), 2)
		eq(g:undo(), 1); eq(g:history(), {"f2"})
		eq(g:redo(), 1); eq(g:history(), {"f2", "f6"})
		local ok, why = g:try("a7")
		check(not ok and why:find("occupied"), why)
		eq(g:at("f2"), "x"); eq(select(2, g:at("f2")), "red")
		eq(g:at("d4"), "")
		check(#g:hash() == 16, "hash is 16 hex digits")
		local c = g:copy(); c:play("e3")
		ne(c:position(), g:position(), "copies are independent")
		eq(g:perft(2), g:copy():perft(2))
		local d = g:divide(2); local sum = 0
		for _, n in pairs(d) do sum = sum + n end
		eq(sum, g:perft(2), "divide sums to perft")
		local rec = g:record({Event = "test"})
		local back = record.game(rec)
		eq(back:position(), g:position(), "record round trip")
		eq(back:history(), {"f2", "f6"})
		local t = game("tablut", "9/9/9/9/3B5/9/1BK6/9/9 b")
		eq(t:solve("win 1").line, {"d5-d3"})
		eq(solve(t, {win = 1}).proved, true)
		t:play("d5-d3")
		eq(t:winner(), "black"); eq(t:result().over, true)
		eq(t:captured(), {"c3"})
		local e = game("konobi", {size = 5}):edit("c3", "B")
		eq(e:at("c3"), "B")
		check(#games() >= 4, "games listed")
	`)
	if st != 0 {
		t.Fatalf("status %d\n%s\n%s", st, out, errs)
	}
}

// BenchmarkPlayUndo measures one play and one undo through the Lua API
// (a Lua loop calling g:play and g:undo): ns/op is per move pair.
func BenchmarkPlayUndo(b *testing.B) {
	ctx := context.Background()
	var out bytes.Buffer
	e := newEnv(ctx, &out, &out, ".")
	defer e.close()
	e.L.SetGlobal("N", luaNumber(b.N))
	b.ReportAllocs()
	b.ResetTimer()
	if err := e.doChunk("bench", `
		local g = game("ataxx")
		for i = 1, N do g:play("f2"); g:undo() end`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPlayUndoGo is the same through the Go contract, for comparison.
func BenchmarkPlayUndoGo(b *testing.B) {
	info, _ := rules.Lookup("ataxx")
	g, _ := info.New(rules.Options{"fifty": "on", "blocks": "0", "pattern": ""})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m, err := g.ParseMove("f2")
		if err != nil {
			b.Fatal(err)
		}
		g.Play(m)
		g.Unplay()
	}
}

// BenchmarkRandomGame plays whole games through Lua: moves() and play()
// with a choice in Lua, then undo back to the start.
func BenchmarkRandomGame(b *testing.B) {
	var out bytes.Buffer
	e := newEnv(context.Background(), &out, &out, ".")
	defer e.close()
	e.L.SetGlobal("N", luaNumber(b.N))
	b.ResetTimer()
	if err := e.doChunk("bench", `
		local g = game("ataxx")
		local plies = 0
		for i = 1, N do
		  local ms = g:moves()
		  if #ms == 0 or g:ply() > 60 then g:undo(g:ply()) else g:play(ms[(i % #ms) + 1]); plies = plies + 1 end
		end`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStartup is the cost of a fresh sandboxed Lua state with the API.
func BenchmarkStartup(b *testing.B) {
	var out bytes.Buffer
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e := newEnv(context.Background(), &out, &out, ".")
		if err := e.doChunk("s", `local g = game("tablut")`); err != nil {
			b.Fatal(err)
		}
		e.close()
	}
}

// The engine through Lua: a king one move from the edge escapes (mate in 1,
// hand-checked: c3-c9 reaches the top edge), limits are validated.
func TestSearchAndEval(t *testing.T) {
	out, errOut, st := run(t, `
local g = game("tablut", {}, "9/9/9/9/9/9/2K6/9/B8 w")
local r = g:search{depth=3}
eq(r.mate, 1, "the king escapes in one ply")
check(g:try(r.best) ~= nil, "the best move is legal")
g:undo()
eq(g:position(), "9/9/9/9/9/9/2K6/9/B8 w", "search does not move the game")
local s, terms = g:eval()
check(type(s) == "number" and terms.material ~= nil, "eval gives a score and its terms")
raises(function() g:search{} end, "give at least one limit")
raises(function() g:search{depth=0} end, "depth")
raises(function() g:search{time=-1} end, "time")
local over = game("ataxx", {}, "x6/7/7/7/7/7/7 o 0 1")
raises(function() over:search{depth=1} end, "the game is over")
-- A proven score has no number: mate and score_text say it.
eq(r.score, nil, "no score for a proven result")
eq(r.score_text, "#1", "score_text")
-- analyse judges the history. Hand-checked: c3-c9 escapes at once; c3-c7
-- does not, but leaves the king four free lines (to c9, a7, i7 and c1) of
-- which black's two soldiers shut one, so he escapes on the next move: a
-- win in 3 plies, which the selective search sees (a king with a free line,
-- white to move, is a win in one at its horizon). A slower win is no
-- mistake.
local h = game("tablut", {}, "9/9/9/9/9/9/1BK6/B8/9 w")
h:play("c3-c7")
local a = h:analyse{depth=2}
eq(#a.plies, 1, "one ply judged")
local p = a.plies[1]
eq(p.move, "c3-c7", "the move")
eq(p.best, "c3-c9", "the escape")
eq(p.best_mate, 1, "best wins in 1")
eq(p.best_score, nil, "no number for a proven score")
eq(p.mate, 3, "the move played wins in 3")
eq(p.score_text, "#3", "in words")
eq(p.mark, "", "a slower win is no mistake")
eq(p.note, "", "no note")
raises(function() h:analyse{depth=0} end, "depth")
raises(function() h:analyse{confirm=99} end, "confirm")
raises(function() h:analyse{time=-1} end, "time")
raises(function() h:analyse{exact="yes"} end, "exact")
-- The exact search at depth 2 sees the escape it missed but not the win
-- that stays (3 plies): in words, not marked (the king still stands well).
local e = h:analyse{depth=2, exact=true}.plies[1]
eq(e.note, "missed a win in 1 ply", "the exact search sees only the win missed")
eq(e.mark, "", "and does not mark it")
check(e.score ~= nil and e.score_text ~= nil, "the move played is scored")
-- exact=true asks for the exact search; it too finds the escape.
eq(g:search{depth=3, exact=true}.mate, 1, "exact: the king escapes in one ply")
raises(function() g:search{depth=1, exact=1} end, "exact")
-- svg draws the board as an SVG picture with the last move.
local svg = h:svg()
check(svg:find('^<svg xmlns="http://www.w3.org/2000/svg"') ~= nil, "an SVG picture")
check(svg:find('class="last" data%-square="c7"') ~= nil, "the last move")
check(svg:find('data%-square="c7" data%-piece="K"') ~= nil, "the king on c7")
`)
	if st != ExitOK || !strings.Contains(out, "31 passed, 0 failed") {
		t.Fatalf("status %d\n%s\n%s", st, out, errOut)
	}
}

// g:search{multipv=N} adds the N best moves as lines. On the 3x3 Konobi
// board of fixtures/konobi/puzzles.txt (hand-checked) b1 is black's only
// win: it heads the first line, and the second is not a win. Oware's start
// has six moves: more lines give those six. Without multipv the result has
// no lines (its shape of before); with multipv=1 one, the result's.
func TestSearchLines(t *testing.T) {
	out, errOut, st := run(t, `
local g = game("konobi", {size = 3}, "1BW/1BW/3 b -")
local r = g:search{depth = 1, multipv = 2, exact = true}
eq(#r.lines, 2, "two lines")
eq(r.lines[1].move, "b1", "the win first")
eq(r.lines[1].mate, 1, "a win in one ply")
eq(r.lines[1].score_text, "#1", "in words")
eq(r.lines[1].pv[1], "b1", "its line")
eq(r.best, "b1", "the result is the first line")
check(r.lines[2].move ~= "b1" and r.lines[2].mate == nil and r.lines[2].score ~= nil, "the second line is another move, no win")
local o = game("oware"):search{depth = 2, multipv = 10}
eq(#o.lines, 6, "all six moves")
local seen = {}
for i, l in ipairs(o.lines) do
  check(not seen[l.move], "distinct moves")
  seen[l.move] = true
  if i > 1 then check(l.score <= o.lines[i - 1].score, "best first") end
  eq(l.pv[1], l.move, "each line starts with its move")
end
eq(game("oware"):search{depth = 2}.lines, nil, "no lines without multipv")
local one = game("oware"):search{depth = 2, multipv = 1}
eq(#one.lines, 1, "one line")
eq(one.lines[1].move, one.best, "the result's")
raises(function() g:search{depth = 1, multipv = 0} end, "multipv")
raises(function() g:search{depth = 1, multipv = 2.5} end, "multipv")
raises(function() g:search{multipv = 2} end, "give at least one limit")
`)
	if st != ExitOK || !strings.Contains(out, "31 passed, 0 failed") {
		t.Fatalf("status %d\n%s\n%s", st, out, errOut)
	}
}

// g:search is the REPL's go: the playing (selective) engine, and with
// exact=true the exact one; each finds what a fresh engine of its kind
// finds (Ataxx from the start, where the two visit different numbers of
// positions, so that the test tells them apart).
func TestSearchEngines(t *testing.T) {
	out, errOut, st := run(t, `
print(game("ataxx"):search{depth=5}.nodes)
print(game("ataxx"):search{depth=5, exact=true}.nodes)
`)
	if st != ExitOK {
		t.Fatalf("status %d\n%s\n%s", st, out, errOut)
	}
	info, err := rules.Lookup("ataxx")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, sel := range []bool{true, false} {
		g, err := info.NewGame(nil, "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.New(engine.Options{Selective: sel, NoBook: true}).Search(context.Background(), g, engine.Limits{Depth: 5}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, strconv.FormatInt(res.Nodes, 10))
	}
	if got := strings.Fields(out); len(got) < 2 || !slices.Equal(got[:2], want) || want[0] == want[1] {
		t.Errorf("nodes of the selective and exact searches: got %v, want %v (and different)", got, want)
	}
}

// A script that grows without bound is stopped with a clear message (the
// limit is lowered here so the test is quick).
func TestMemoryLimit(t *testing.T) {
	old := maxScriptMemory
	maxScriptMemory = 64 << 20
	defer func() { maxScriptMemory = old }()
	_, errOut, st := run(t, "local t, i = {}, 0\nwhile true do i = i + 1; t[i] = {i} end\n")
	if st != ExitFail || !strings.Contains(errOut, "s.lua:2: memory: the script used too much memory and was stopped (more than 64 MiB)") {
		t.Fatalf("status %d, stderr:\n%s", st, errOut)
	}
}

// Incomplete is true for chunks more lines could finish (as lua.c reads a
// continuation line), false for complete ones and for errors mid-chunk.
func TestIncomplete(t *testing.T) {
	for code, want := range map[string]bool{
		"for i=1,3 do":           true,
		"local t = {":            true,
		"print('a":               true,
		"x = [[abc":              true,
		"for i=1,3 do\nend":      false,
		"= 1 +":                  true,
		"= 1":                    false,
		"1 2":                    false,
		"x = }":                  false,
		"print(current():ply())": false,
	} {
		if got := Incomplete(code); got != want {
			t.Errorf("Incomplete(%q) = %v, want %v", code, got, want)
		}
	}
}

// A record's annotations reach Lua as notes, come back through
// record.game, and g:record() writes them (the record text is hand-written).
func TestRecordNotes(t *testing.T) {
	out, errs, st := run(t, `
local text = '[Game "ataxx"]\n\n{ opening } 1. f2? $2 { slow } (1. g2 b2) 1... b2!! *\n'
local r = record.parse(text)
eq(r.moves, {"f2", "b2"})
eq(r.comments, {"opening"})
eq(r.notes[1].glyph, "?")
eq(r.notes[1].nags, {2})
eq(r.notes[1].after, {"slow"})
eq(r.notes[1].variations[1].moves, {"g2", "b2"})
eq(r.notes[2].glyph, "!!")
check(r.notes[3] == nil, "no note")
local g = record.game(r)
check(g:record():find("{ opening } 1. f2? $2 { slow } (1. g2 b2) 1... b2!! *", 1, true), g:record())
r.notes[1].variations[1].moves = {"a1"}
local ok, why = pcall(record.game, r)
check(not ok and why:find('move 1 "a1"') and why:find("in a variation of move 1"), why)
`)
	if st != 0 {
		t.Fatalf("status %d\n%s\n%s", st, out, errs)
	}
}

// check_puzzle takes any line the solver proves, not only its own (issue
// 25 item 9), and checks uniqueness on request. "The fork" of
// fixtures/tablut/puzzles.txt (hand-checked there): several first moves
// win in two, among them the solver's b7-b8 and d7-d8, after which the king
// reaches a8 past c8 and b8 whatever black's only soldier does; d7-e7 wins
// nothing (e8 is a camp, b7 and f7 are white's own soldiers), and d8-d9
// enters a camp. At ply 3 of b7-b8 i1-i2 only d7-a7 reaches an edge (d9 and
// d1 are camps, f7 blocks the rank). "King taken against a soldier": d5-d3
// is black's only winning move.
func TestCheckPuzzleAnyWinningLine(t *testing.T) {
	const fork = `[Game "tablut"]
[Position "9/9/1W1K1W3/9/9/9/9/9/8B w"]
[Goal "win 2"]
`
	puzzles := "[Name \"solver's\"]\n" + fork + "\n1. b7-b8 i1-i2 2. d7-a7 1-0\n\n" +
		"[Name \"composer's\"]\n" + fork + "\n1. d7-d8 i1-i2 2. d8-a8 1-0\n\n" +
		"[Name \"key move only\"]\n" + fork + "\n1. d7-d8 *\n\n" +
		"[Name \"wrong key\"]\n" + fork + "\n1. d7-e7 i1-i2 *\n\n" +
		"[Name \"into a camp\"]\n" + fork + "\n1. d7-d8 i1-i2 2. d8-d9 *\n\n" +
		"[Name \"taken\"]\n[Game \"tablut\"]\n[Position \"9/9/9/9/3B5/9/1BK6/9/9 b\"]\n[Goal \"win 1\"]\n\n1... d5-d3 0-1\n"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "puzzles.txt"), []byte(puzzles), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `local ps = fixture.puzzles("puzzles.txt")
for i = 1, 5 do check_puzzle(ps[i]) end
local r = check_puzzle(ps[1], {unique = true})
eq(r.unique, false, "the fork is not unique")
eq(r.alternatives[1].ply, 1, "its alternatives are at ply 1")
eq(r.alternatives[1].move, "b7-b8")
local others = {}
for _, m in ipairs(r.alternatives[1].others) do others[m] = true end
check(others["d7-d8"] and others["d7-c7"] and others["d7-d3"] and others["d7-d2"], "the hand-checked alternatives")
eq(#r.alternatives, 1, "ply 3 has d7-a7 alone")
local u = check_puzzle(ps[6], {unique = true})
eq(u.unique, true)
eq(#u.alternatives, 0)
`
	path := filepath.Join(dir, "s.lua")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	RunMain([]string{path}, nil, &out, &errb)
	got := out.String()
	for _, want := range []string{
		`FAIL \S*puzzles.txt:\d+: wrong key: the stored solution is a winning line\n\s+move 1 "d7-e7": after it the goal cannot be forced in the 2 plies left\n\s+the solver's line: "b7-b8", "i1-i2", "d7-a7"\n`,
		`FAIL \S*puzzles.txt:\d+: into a camp: the stored solution is a winning line\n\s+move 3 "d8-d9": [^\n]*camp`,
		`FAIL \S*puzzles.txt:\d+: solver's: a single winning move at each of the solver's turns\n\s+ply 1: b7-b8, and also [^\n]*d7-d8`,
		`(?m)^20 passed, 3 failed$`,
	} {
		if !regexp.MustCompile(want).MatchString(got) {
			t.Errorf("output does not match %q:\n%s%s", want, got, errb.String())
		}
	}
	for _, name := range []string{"composer's", "key move only", "taken"} {
		if strings.Contains(got, ": "+name+": ") { // named only in a failure
			t.Errorf("%s failed:\n%s", name, got)
		}
	}
}
