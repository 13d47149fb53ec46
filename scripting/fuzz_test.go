package scripting

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// fuzzSeeds call much of the API, each step under pcall so that one error
// does not hide the rest.
var fuzzSeeds = []string{
	`local g = game("ataxx")
print(pcall(g.play, g, "f2 b6"))
print(g:position(), g:perft(2), g:hash(), g:side(), g:over(), g:winner())
print(pcall(g.play, g, "a1"))
print(g:try("g1e3"), g:legal("zz"), g:parse_move(" 0000 "), g:undo(5), g:redo(2))
print(#g:moves(), g:at("a7"), #g:squares(), g:board(), g:record({Red="a"}))
local d = g:divide(1) for k, v in pairs(d) do print(k, v) end
print(pcall(g.edit, g, "d4", "x"), pcall(g.set_side, g, "o"), tostring(g), g == g:copy())`,
	`local g = game("tablut", "9/9/9/9/3B5/9/1BK6/9/9 b")
print(pcall(g.solve, g, "win 1"))
print(pcall(g.search, g, {depth = 2}))
print(pcall(g.eval, g))
print(pcall(game, "tablut", {repetition = 3}))
print(pcall(game, "konobi", {size = 5}, "5/5/5/5/5 b -"))
print(pcall(game, "oware", "end=tournament"))
print(pcall(g.play, g, '{"from":"d5","to":"d3"}'))`,
	`local r = record.parse("[Game \"oware\"]\n\n1. A G 2. D *\n")
print(r.tags.Game, #r.moves, r.result)
local g = record.game(r)
print(g:position(), g:result().text)
print(pcall(record.game, "[Game \"nosuch\"]\n\n*"))
print(pcall(solve, g, {capture = 1, moves = 2}))
for _, x in ipairs(games()) do print(x.id, x.name, #x.options) end`,
	`local book = openings.new("ataxx")
book:add("single", "f2 f6")
book:add("bad", {"f2", "b6"})
print(#book:verify())
local g = game("ataxx") g:play("f2")
for _, m in ipairs(book:match(g)) do print(m.name, m.next, m.complete) end
print(pcall(book.play, book, g, "single"))
test("group", function() eq({1, {a = "x"}}, {1, {a = "x"}}) check(false, "no") error("boom") end)
raises(function() g:play("a1") end, "occupied")
print(show({1, 2, x = {}}))`,
	`print(pcall(fixture.read, "README.md"))
print(pcall(fixture.files, "../fixtures", ".txt"))
print(pcall(fixture.positions, "../fixtures/ataxx/positions.txt"))
print(pcall(fixture.puzzles, "../fixtures/tablut/puzzles.txt"))
print(pcall(fixture.read, "../../../../etc/passwd"))
print(pcall(string.rep, "x", 1e9))
print(pcall(string.format, "%9999d", 1))
print(in_repl(), pcall(current), pcall(set_current, 1))`,
	`print(string.find(("a"):rep(30), ("a*"):rep(30) .. "b"))
print(("x=1, y=2"):gsub("(%w+)=(%w+)", "%2=%1"), ("abc"):gsub("", "-"), ("f(a(b))"):match("%b()"))
for k, v in ("a=1 b=2"):gmatch("(%w)=(%d)") do print(k .. v, 1 .. 2) end
print(pcall(string.find, "a", "[%"), pcall(string.gsub, "a", "(a)", "%2"), ("THE fox"):find("%f[%a]%a+", 2))
print(loadstring("return " .. ("{"):rep(300) .. ("}"):rep(300)), load(function() return nil end))
print(table.concat({1, "a", 2.5}, ","), select("#", unpack({1, 2, 3}, 1, 5)), pcall(unpack, {}, 1, 1e9))
print(setmetatable({}, {__concat = function(a, b) return "mm" end}) .. "x", pcall(function() return "a" .. {} end))`,
	"while true do end",
	"local function f() return f() + 1 end f()",
	"os.execute('ls')",
	"local x = = 1",
	"error({})",
	"error(setmetatable({}, {__tostring = function() error('x') end}))",
	"local t = {} t.msg = t error(t)",
	"local a, b = {}, {} a.msg = b b.msg = a print(pcall(error, a, 0)) eq(a, b) error(b, 2)",
	"local t = {} t[67108863] = 1 table.insert(t, 1) print(#t)",
}

// FuzzChunk: running any Lua chunk never panics Go: errors are Lua errors,
// the script's output names no Go runtime error, and a short deadline stops
// it. pcall and xpcall are watched too, as they would hide a Go panic.
func FuzzChunk(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		var out, errb bytes.Buffer
		e := newEnv(ctx, &out, &errb, "../scripts")
		defer e.close()
		var goPanics []string
		watch := func(err error) {
			if ae, ok := err.(*lua.ApiError); ok && ae.Type == lua.ApiErrorPanic {
				goPanics = append(goPanics, ae.Error())
			}
		}
		L := e.L
		L.SetGlobal("pcall", L.NewFunction(func(L *lua.LState) int {
			L.CheckAny(1)
			if err := L.PCall(L.GetTop()-1, lua.MultRet, nil); err != nil {
				watch(err)
				L.Push(lua.LFalse)
				if ae, ok := err.(*lua.ApiError); ok {
					L.Push(ae.Object)
				} else {
					L.Push(lua.LString(err.Error()))
				}
				return 2
			}
			L.Insert(lua.LTrue, 1)
			return L.GetTop()
		}))
		L.SetGlobal("xpcall", L.NewFunction(func(L *lua.LState) int {
			fn := L.CheckFunction(1)
			handler := L.CheckFunction(2)
			top := L.GetTop()
			L.Push(fn)
			if err := L.PCall(0, lua.MultRet, nil); err != nil {
				watch(err)
				L.SetTop(top)
				L.Push(lua.LFalse)
				L.Push(handler)
				if ae, ok := err.(*lua.ApiError); ok {
					L.Push(ae.Object)
				} else {
					L.Push(lua.LString(err.Error()))
				}
				L.Call(1, 1)
				return 2
			}
			L.Insert(lua.LTrue, top+1)
			return L.GetTop() - top
		}))
		start := time.Now()
		fn, err := e.compile("fuzz.lua", code)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty syntax error", code)
			}
			return
		}
		L.Push(fn)
		err = L.PCall(0, 0, nil)
		if err != nil {
			watch(err)
			if se := e.runError(err); se.Error() == "" {
				t.Fatalf("%q: empty error", code)
			}
		}
		if len(goPanics) > 0 {
			t.Fatalf("%q: Go panicked: %s", code, goPanics[0])
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("%q: ran %v past its 300ms deadline", code, took)
		}
		if !strings.Contains(code, "runtime error") {
			for _, s := range []string{out.String(), errb.String()} {
				if i := strings.Index(s, "runtime error"); i >= 0 {
					t.Fatalf("%q: Go runtime error in the output: %s", code, s[i:min(len(s), i+300)])
				}
			}
		}
	})
}
