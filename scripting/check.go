package scripting

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Checks: check, eq, ne, raises, fail and test. Each check counts as passed
// or failed; a failure is printed at once with the file:line of the check,
// and the runner ends with "N passed, N failed".

func (e *env) openChecks() {
	L := e.L
	L.SetGlobal("check", L.NewFunction(e.luaCheck))
	L.SetGlobal("eq", L.NewFunction(e.luaEq))
	L.SetGlobal("ne", L.NewFunction(e.luaNe))
	L.SetGlobal("raises", L.NewFunction(e.luaRaises))
	L.SetGlobal("fail", L.NewFunction(e.luaFail))
	L.SetGlobal("test", L.NewFunction(e.luaTest))
	L.SetGlobal("show", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(show(L.Get(1))))
		return 1
	}))
}

// where is the file:line of the Lua code that called the binding.
func (e *env) where() string {
	w := e.L.Where(1)
	return strings.TrimSuffix(w, ":")
}

// report counts a check and prints it when it failed (or always in
// verbose mode). detail lines follow the first.
func (e *env) report(ok bool, where, msg string, detail ...string) {
	if msg == "" {
		msg = "check failed"
	}
	if len(e.groups) > 0 {
		msg = strings.Join(e.groups, " / ") + ": " + msg
	}
	if ok {
		e.passed++
		if e.verbose {
			fmt.Fprintf(e.out, "ok   %s: %s\n", where, msg)
		}
		return
	}
	e.failed++
	fmt.Fprintf(e.out, "FAIL %s: %s\n", where, msg)
	for _, d := range detail {
		fmt.Fprintf(e.out, "     %s\n", d)
	}
}

// check(cond, message) -> cond
func (e *env) luaCheck(L *lua.LState) int {
	cond := L.Get(1)
	msg := L.OptString(2, "")
	e.report(lua.LVAsBool(cond), e.where(), msg)
	L.Push(lua.LBool(lua.LVAsBool(cond)))
	return 1
}

// eq(got, want, message) -> bool: values compare deeply (tables by content).
func (e *env) luaEq(L *lua.LState) int {
	got, want := L.Get(1), L.Get(2)
	msg := L.OptString(3, "")
	ok := e.equal(L, "eq", got, want)
	if msg == "" {
		msg = "values differ"
	}
	e.report(ok, e.where(), msg, "got:  "+show(got), "want: "+show(want))
	L.Push(lua.LBool(ok))
	return 1
}

// ne(got, other, message) -> bool
func (e *env) luaNe(L *lua.LState) int {
	got, other := L.Get(1), L.Get(2)
	msg := L.OptString(3, "")
	ok := !e.equal(L, "ne", got, other)
	if msg == "" {
		msg = "values are equal"
	}
	e.report(ok, e.where(), msg, "both: "+show(got))
	L.Push(lua.LBool(ok))
	return 1
}

// raises(fn, text, message) -> bool: fn must raise an error whose message
// contains text (plain text, not a pattern; "" accepts any error).
func (e *env) luaRaises(L *lua.LState) int {
	fn := L.CheckFunction(1)
	want := L.OptString(2, "")
	msg := L.OptString(3, "")
	where := e.where()
	err := e.pcall(fn)
	if err != nil && e.ctx.Err() != nil {
		L.RaiseError("%s", errText(err))
	}
	if msg == "" {
		msg = "expected an error"
		if want != "" {
			msg = fmt.Sprintf("expected an error containing %q", want)
		}
	}
	switch {
	case err == nil:
		e.report(false, where, msg, "no error was raised")
		L.Push(lua.LFalse)
	case !strings.Contains(errText(err), want):
		e.report(false, where, msg, "got: "+errText(err))
		L.Push(lua.LFalse)
	default:
		e.report(true, where, msg)
		L.Push(lua.LTrue)
	}
	return 1
}

// fail(message): a failed check.
func (e *env) luaFail(L *lua.LState) int {
	e.report(false, e.where(), L.OptString(1, "failed"))
	return 0
}

// test(name, fn): a named group of checks. An error inside counts as a
// failure of the group, reported once where it was raised, and the script
// goes on. Each failure inside is printed once, prefixed with the group's
// name; in verbose mode a line per group then says ok or FAIL.
func (e *env) luaTest(L *lua.LState) int {
	name := L.CheckString(1)
	fn := L.CheckFunction(2)
	where := e.where()
	e.groups = append(e.groups, name)
	before := e.failed
	err := e.pcall(fn)
	if err != nil {
		if e.ctx.Err() != nil {
			e.groups = e.groups[:len(e.groups)-1]
			L.RaiseError("%s", errText(err))
		}
		at, msg := where, errText(err)
		if m := errWhere.FindStringSubmatch(msg); m != nil {
			at, msg = m[1], m[2]
		}
		e.report(false, at, "error: "+msg)
	}
	e.groups = e.groups[:len(e.groups)-1]
	if e.verbose {
		status := "ok  "
		if e.failed > before {
			status = "FAIL"
		}
		fmt.Fprintf(e.out, "%s %s\n", status, name)
	}
	return 0
}

// errWhere splits an error message into the place it was raised and the
// rest ("s.lua:3: boom").
var errWhere = regexp.MustCompile(`(?s)^([^\s:]+:\d+): (.*)$`)

// errText is the message of a Lua error without gopher-lua's traceback.
func errText(err error) string {
	if ae, ok := err.(*lua.ApiError); ok {
		return luaErrString(ae.Object)
	}
	return err.Error()
}

// maxEqualDepth bounds how deep eq and ne compare nested tables.
const maxEqualDepth = 200

// equal compares values for eq and ne: tables by content, games by game
// and position, anything else as Lua's == does. Each pair of tables is
// compared once: a pair met again (a cycle, or a part shared by both
// sides) counts as equal, as the comparison in progress decides it, so
// t = {t} equals u = {u} and a table of 2^40 paths through 40 shared ones
// takes 40 steps, not 2^40 (it used to ignore the timeout). Nesting deeper
// than maxEqualDepth is an error rather than a Go stack that grows with
// it, and the script's limits are checked every few thousand steps.
func (e *env) equal(L *lua.LState, fn string, a, b lua.LValue) bool {
	c := comparison{e: e, L: L, fn: fn, seen: map[[2]*lua.LTable]bool{}}
	return c.equal(a, b, 0)
}

type comparison struct {
	e     *env
	L     *lua.LState
	fn    string
	seen  map[[2]*lua.LTable]bool
	steps int
}

func (c *comparison) equal(a, b lua.LValue, depth int) bool {
	if a == b {
		return true
	}
	ta, ok1 := a.(*lua.LTable)
	tb, ok2 := b.(*lua.LTable)
	if !ok1 || !ok2 {
		if ua, ok := a.(*lua.LUserData); ok {
			if ub, ok := b.(*lua.LUserData); ok {
				if ga, ok := ua.Value.(*gameVal); ok {
					if gb, ok := ub.Value.(*gameVal); ok {
						return ga.game().Info() == gb.game().Info() && ga.game().Position() == gb.game().Position()
					}
				}
			}
		}
		return a.Type() == b.Type() && a.String() == b.String() && a.Type() != lua.LTFunction
	}
	pair := [2]*lua.LTable{ta, tb}
	if c.seen[pair] {
		return true
	}
	if depth >= maxEqualDepth {
		c.L.RaiseError("%s: tables nested more than %d deep", c.fn, maxEqualDepth)
	}
	c.seen[pair] = true
	n := 0
	eq := true
	ta.ForEach(func(k, v lua.LValue) {
		n++
		if c.steps++; c.steps%(1<<12) == 0 {
			c.e.alive(c.L)
		}
		if eq && !c.equal(v, tb.RawGet(k), depth+1) {
			eq = false
		}
	})
	if !eq {
		return false
	}
	m := 0
	tb.ForEach(func(k, v lua.LValue) { m++ })
	return n == m
}

// show writes a value for a failure report: strings quoted, tables in
// braces (arrays in order, then keys sorted), at most about 300 bytes.
func show(v lua.LValue) string { return showUpTo(v, 300) }

// showUpTo is show within max bytes.
func showUpTo(v lua.LValue, max int) string {
	var b strings.Builder
	showTo(&b, v, 0, max)
	s := b.String()
	if len(s) > max {
		s = s[:max-3] + "..."
	}
	return s
}

func showTo(b *strings.Builder, v lua.LValue, depth, max int) {
	if b.Len() > max+100 {
		return
	}
	switch x := v.(type) {
	case lua.LString:
		fmt.Fprintf(b, "%q", string(x))
	case *lua.LTable:
		if depth > 4 {
			b.WriteString("{...}")
			return
		}
		b.WriteString("{")
		n := x.Len()
		for i := 1; i <= n; i++ {
			if i > 1 {
				b.WriteString(", ")
			}
			showTo(b, x.RawGetInt(i), depth+1, max)
		}
		var keys []string
		vals := map[string]lua.LValue{}
		x.ForEach(func(k, val lua.LValue) {
			if kn, ok := k.(lua.LNumber); ok && float64(kn) >= 1 && float64(kn) <= float64(n) && float64(kn) == float64(int(kn)) {
				return
			}
			ks := k.String()
			if _, ok := k.(lua.LString); !ok {
				ks = "[" + ks + "]"
			}
			keys = append(keys, ks)
			vals[ks] = val
		})
		sort.Strings(keys)
		for i, k := range keys {
			if i > 0 || n > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k)
			b.WriteString("=")
			showTo(b, vals[k], depth+1, max)
		}
		b.WriteString("}")
	case *lua.LUserData:
		if g, ok := x.Value.(*gameVal); ok {
			b.WriteString(g.String())
			return
		}
		b.WriteString(v.String())
	default:
		b.WriteString(v.String())
	}
}

// pcall calls fn with no arguments in protected mode.
func (e *env) pcall(fn *lua.LFunction) error {
	return e.L.CallByParam(lua.P{Fn: fn, NRet: 0, Protect: true})
}
