package scripting

import (
	"context"
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"boardrepl/scripting/luapattern"
)

// The built-ins that can run long or allocate much are replaced or wrapped
// here, because the script's limits (--timeout, Ctrl-C, the memory cap) are
// checked by gopher-lua only between Lua instructions, never while a Go
// function runs:
//
//   - string.find, match, gmatch (gfind) and gsub run on luapattern, which
//     asks the context every few thousand steps: a backtracking pattern
//     stops at the timeout. gmatch finds one match per call (gopher-lua's
//     found them all first), gsub builds its result once (gopher-lua's
//     copied it at every match);
//   - every string a built-in or `..` makes is at most maxString bytes,
//     checked before it is made, and a big one must fit under the memory
//     cap first (reserve);
//   - table.concat is linear, and unpack and string.byte return at most
//     maxResults values;
//   - table.insert stops at the list part's end (maxArray, state.go);
//   - loadstring and load compile through compile.go (nesting bounded).

// Bounds on built-ins.
const (
	maxResults = 1 << 18 // values one call may return (unpack, string.byte)
	reserveMin = 1 << 16 // allocations smaller than this are left to the watch
)

// alive raises the context's error when the script was stopped; runError
// turns it into "timeout", "interrupted" or the memory message.
func (e *env) alive(L *lua.LState) {
	if err := e.ctx.Err(); err != nil {
		L.RaiseError("%s", err.Error())
	}
}

// reserve raises the memory error unless n more bytes fit under the cap.
func (e *env) reserve(L *lua.LState, n int) {
	if n < reserveMin {
		return
	}
	if !e.mem.fits(uint64(n)) {
		e.mem.cancel(errMemory)
		L.RaiseError("%s", context.Canceled.Error())
	}
}

// size checks that a string of n bytes made by what may be made.
func (e *env) size(L *lua.LState, what string, n int64) {
	if n > maxString {
		L.RaiseError("%s: the result would be over %d bytes", what, maxString)
	}
	e.reserve(L, int(n))
}

// bound replaces the built-ins (called by sandbox).
func (e *env) bound() {
	L := e.L
	str, _ := L.GetGlobal("string").(*lua.LTable)
	tab, _ := L.GetGlobal("table").(*lua.LTable)
	set := func(t *lua.LTable, name string, fn lua.LGFunction) { t.RawSetString(name, L.NewFunction(fn)) }
	str.RawSetString("dump", lua.LNil)
	set(str, "rep", e.strRep)
	set(str, "format", e.strFormat(str.RawGetString("format")))
	for _, name := range []string{"lower", "upper", "reverse"} {
		set(str, name, e.sameSize(str.RawGetString(name)))
	}
	set(str, "byte", e.strByte(str.RawGetString("byte")))
	set(str, "find", e.strFind)
	set(str, "match", e.strMatch)
	gmatch := L.NewFunction(e.strGmatch)
	str.RawSetString("gmatch", gmatch)
	str.RawSetString("gfind", gmatch)
	set(str, "gsub", e.strGsub)
	set(str, concatKey, e.concat)
	set(tab, "concat", e.tableConcat)
	set(tab, "insert", tableInsert)
	L.SetGlobal("unpack", L.NewFunction(e.unpack))
	L.SetGlobal("loadstring", L.NewFunction(e.loadstring))
	L.SetGlobal("load", L.NewFunction(e.load))
}

// callOrig calls a gopher-lua built-in with this call's arguments.
func callOrig(L *lua.LState, fn lua.LValue) int {
	top := L.GetTop()
	L.Push(fn)
	for i := 1; i <= top; i++ {
		L.Push(L.Get(i))
	}
	L.Call(top, lua.MultRet)
	return L.GetTop() - top
}

// string.rep(s, n [, sep])
func (e *env) strRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := float64(L.CheckNumber(2))
	sep := L.OptString(3, "")
	if n < 1 || len(s)+len(sep) == 0 {
		L.Push(lua.LString(""))
		return 1
	}
	if n*float64(len(s)+len(sep)) > maxString {
		L.RaiseError("string.rep: the result would be over %d bytes", maxString)
	}
	k := int(n)
	e.size(L, "string.rep", int64(k*len(s)+(k-1)*len(sep)))
	if sep == "" {
		L.Push(lua.LString(strings.Repeat(s, k)))
		return 1
	}
	var b strings.Builder
	b.Grow(k*len(s) + (k-1)*len(sep))
	for i := 0; i < k; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// sameSize wraps lower, upper and reverse: their result is as long as
// their argument.
func (e *env) sameSize(orig lua.LValue) lua.LGFunction {
	return func(L *lua.LState) int {
		e.reserve(L, len(L.CheckString(1)))
		return callOrig(L, orig)
	}
}

// string.byte(s [, i [, j]]): at most maxResults values.
func (e *env) strByte(orig lua.LValue) lua.LGFunction {
	return func(L *lua.LState) int {
		s := L.CheckString(1)
		i := strIndex(L.OptInt(2, 1), len(s))
		j := strIndex(L.OptInt(3, i), len(s))
		if i < 1 {
			i = 1
		}
		if j > len(s) {
			j = len(s)
		}
		if j-i+1 > maxResults {
			L.RaiseError("string.byte: %d values are too many (at most %d)", j-i+1, maxResults)
		}
		return callOrig(L, orig)
	}
}

// strIndex makes a negative string position count from the end.
func strIndex(i, n int) int {
	if i < 0 {
		return n + i + 1
	}
	return i
}

// string.format(f, ...): no Go-only verbs (%[1]d, %*d), widths and
// precisions under 1000, and a result under maxString.
func (e *env) strFormat(orig lua.LValue) lua.LGFunction {
	return func(L *lua.LState) int {
		f := L.CheckString(1)
		if hugeWidth(f) {
			L.RaiseError("string.format: field widths and precisions above 999 are refused")
		}
		est := int64(len(f))
		arg := 2
		for i := 0; i < len(f); i++ {
			if f[i] != '%' {
				continue
			}
			i++
			if i < len(f) && f[i] == '%' {
				continue
			}
			for i < len(f) && strings.IndexByte("-+ #0123456789.", f[i]) >= 0 {
				i++
			}
			if i >= len(f) {
				L.RaiseError("string.format: %q ends in the middle of a format", f)
			}
			if f[i] == '*' || f[i] == '[' {
				L.RaiseError("string.format: invalid option '%%%c'", f[i])
			}
			est += 2000 // width and precision
			switch v := L.Get(arg).(type) {
			case lua.LString:
				if f[i] == 'q' {
					est += 4*int64(len(v)) + 2
				} else {
					est += int64(len(v))
				}
			default:
				est += 64
			}
			arg++
		}
		e.size(L, "string.format", est)
		return callOrig(L, orig)
	}
}

// pattern runs a Lua pattern with the script's context as its stop.
func (e *env) pattern(src, pat string, anchors bool) *luapattern.Pattern {
	return luapattern.New(src, pat, anchors, e.ctx.Err)
}

// matchErr raises a pattern's error: a malformed pattern, or the context's.
func (e *env) matchErr(L *lua.LState, fn string, err error) {
	if _, ok := err.(*luapattern.Error); ok {
		L.RaiseError("%s: %v", fn, err)
	}
	L.RaiseError("%s", err.Error())
}

// pushCaptures pushes the captures of a match (the whole match when the
// pattern has none and whole is set); it returns how many.
func (e *env) pushCaptures(L *lua.LState, fn string, p *luapattern.Pattern, src string, s, end int, whole bool) int {
	caps, err := p.Captures(s, end, whole)
	if err != nil {
		e.matchErr(L, fn, err)
	}
	for _, c := range caps {
		if c.Position {
			L.Push(lua.LNumber(c.Start + 1))
		} else {
			L.Push(lua.LString(src[c.Start:c.End]))
		}
	}
	return len(caps)
}

// initPos is Lua 5.1's start position for find and match, 0-based and
// clamped to the string.
func initPos(L *lua.LState, n int) int {
	i := strIndex(L.OptInt(3, 1), n) - 1
	if i < 0 {
		i = 0
	}
	if i > n {
		i = n
	}
	return i
}

// find and match (find set: positions first, plain search allowed).
func (e *env) strFindAux(L *lua.LState, find bool) int {
	fn := "string.match"
	if find {
		fn = "string.find"
	}
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := initPos(L, len(src))
	if find && (lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(pat, luapattern.Specials)) {
		i := strings.Index(src[init:], pat)
		if i < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(lua.LNumber(init + i + 1))
		L.Push(lua.LNumber(init + i + len(pat)))
		return 2
	}
	p := e.pattern(src, pat, true)
	for s := init; s <= len(src); s++ {
		end, err := p.Match(s)
		if err != nil {
			e.matchErr(L, fn, err)
		}
		if end >= 0 {
			if find {
				L.Push(lua.LNumber(s + 1))
				L.Push(lua.LNumber(end))
				return 2 + e.pushCaptures(L, fn, p, src, s, end, false)
			}
			return e.pushCaptures(L, fn, p, src, s, end, true)
		}
		if p.Anchored {
			break
		}
	}
	L.Push(lua.LNil)
	return 1
}

func (e *env) strFind(L *lua.LState) int  { return e.strFindAux(L, true) }
func (e *env) strMatch(L *lua.LState) int { return e.strFindAux(L, false) }

// string.gmatch(s, pattern): an iterator finding one match per call.
func (e *env) strGmatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	p := e.pattern(src, pat, false)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		for s := pos; s <= len(src); s++ {
			end, err := p.Match(s)
			if err != nil {
				e.matchErr(L, "string.gmatch", err)
			}
			if end >= 0 {
				pos = end
				if end == s {
					pos++ // an empty match: go on one further
				}
				return e.pushCaptures(L, "string.gmatch", p, src, s, end, true)
			}
		}
		pos = len(src) + 1
		return 0
	}))
	return 1
}

// string.gsub(s, pattern, repl [, n])
func (e *env) strGsub(L *lua.LState) int {
	const fn = "string.gsub"
	src := L.CheckString(1)
	pat := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTString, lua.LTNumber, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected, got "+repl.Type().String())
	}
	maxN := L.OptInt(4, len(src)+1)
	p := e.pattern(src, pat, true)
	var b strings.Builder
	add := func(s string) {
		if int64(b.Len())+int64(len(s)) > maxString {
			L.RaiseError("%s: the result would be over %d bytes", fn, maxString)
		}
		if b.Len()+len(s) > b.Cap() {
			e.reserve(L, 2*(b.Len()+len(s)))
		}
		b.WriteString(s)
	}
	s, n := 0, 0
	for n < maxN {
		end, err := p.Match(s)
		if err != nil {
			e.matchErr(L, fn, err)
		}
		if end >= 0 {
			n++
			add(e.replacement(L, p, repl, src, s, end))
		}
		switch {
		case end > s:
			s = end
		case s < len(src):
			add(src[s : s+1])
			s++
		default:
			s = len(src) + 1
		}
		if s > len(src) || p.Anchored {
			break
		}
	}
	if s <= len(src) {
		add(src[s:])
	}
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// replacement is what gsub puts for the match src[s:end].
func (e *env) replacement(L *lua.LState, p *luapattern.Pattern, repl lua.LValue, src string, s, end int) string {
	const fn = "string.gsub"
	capture := func(i int) lua.LValue { // capture i, 0-based; 0 is the whole match when there are none
		if i == 0 && p.Level() == 0 {
			return lua.LString(src[s:end])
		}
		c, err := p.Capture(i)
		if err != nil {
			e.matchErr(L, fn, err)
		}
		if c.Position {
			return lua.LNumber(c.Start + 1)
		}
		return lua.LString(src[c.Start:c.End])
	}
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		text := lua.LVAsString(r)
		if strings.IndexByte(text, '%') < 0 {
			return text
		}
		var b strings.Builder
		for i := 0; i < len(text); i++ {
			c := text[i]
			if c != '%' || i+1 == len(text) {
				b.WriteByte(c)
				continue
			}
			i++
			switch d := text[i]; {
			case d == '0':
				b.WriteString(src[s:end])
			case '1' <= d && d <= '9':
				b.WriteString(lua.LVAsString(capture(int(d - '1'))))
			default:
				b.WriteByte(d)
			}
			if b.Len() > maxString {
				L.RaiseError("%s: the result would be over %d bytes", fn, maxString)
			}
		}
		return b.String()
	case *lua.LTable:
		v = L.GetTable(r, capture(0))
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(r)
		k := p.Level()
		if k == 0 {
			L.Push(capture(0))
			k = 1
		} else {
			for i := 0; i < k; i++ {
				L.Push(capture(i))
			}
		}
		L.Call(k, 1)
		v = L.Get(-1)
		L.SetTop(top)
	}
	switch v.Type() {
	case lua.LTNil:
		return src[s:end]
	case lua.LTBool:
		if v == lua.LFalse {
			return src[s:end]
		}
	case lua.LTString, lua.LTNumber:
		return lua.LVAsString(v)
	}
	L.RaiseError("%s: invalid replacement value (a %s)", fn, v.Type().String())
	return ""
}

// The operator `..` (see compile.go): a .. b .. c is concat(a, b, c),
// joined right to left as the VM does, strings and numbers directly and
// anything else through a __concat metamethod.
func (e *env) concat(L *lua.LState) int {
	n := L.GetTop()
	acc := L.Get(n)
	for i := n - 1; i >= 1; {
		lhs := L.Get(i)
		if isStringy(lhs) && isStringy(acc) {
			j := i // the run of strings and numbers lhs ends
			for j > 1 && isStringy(L.Get(j-1)) {
				j--
			}
			parts := make([]string, 0, i-j+2)
			total := int64(0)
			for k := j; k <= i; k++ {
				s := lua.LVAsString(L.Get(k))
				total += int64(len(s))
				parts = append(parts, s)
			}
			last := lua.LVAsString(acc)
			total += int64(len(last))
			e.size(L, "string concatenation (..)", total)
			acc = lua.LString(strings.Join(append(parts, last), ""))
			i = j - 1
			continue
		}
		mm := L.GetMetaField(lhs, "__concat")
		if mm == lua.LNil {
			mm = L.GetMetaField(acc, "__concat")
		}
		if mm == lua.LNil {
			bad := lhs
			if isStringy(lhs) {
				bad = acc
			}
			L.RaiseError("attempt to concatenate a %s value", bad.Type().String())
		}
		L.Push(mm)
		L.Push(lhs)
		L.Push(acc)
		L.Call(2, 1)
		acc = L.Get(-1)
		L.Pop(1)
		i--
	}
	L.Push(acc)
	return 1
}

func isStringy(v lua.LValue) bool {
	t := v.Type()
	return t == lua.LTString || t == lua.LTNumber
}

// table.concat(t [, sep [, i [, j]]]), in one pass.
func (e *env) tableConcat(L *lua.LState) int {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	total := int64(0)
	for k := i; k <= j; k++ {
		v := t.RawGetInt(k)
		if !isStringy(v) {
			L.RaiseError("table.concat: invalid value (%s) at index %d in table for 'concat'", v.Type().String(), k)
		}
		total += int64(len(lua.LVAsString(v)))
		if k < j {
			total += int64(len(sep))
		}
		if total > maxString {
			L.RaiseError("table.concat: the result would be over %d bytes", maxString)
		}
		if k%(1<<16) == 0 {
			e.alive(L)
		}
	}
	e.size(L, "table.concat", total)
	var b strings.Builder
	b.Grow(int(total))
	for k := i; k <= j; k++ {
		b.WriteString(lua.LVAsString(t.RawGetInt(k)))
		if k < j {
			b.WriteString(sep)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// table.insert(t, [pos,] v) as gopher-lua's, but not past maxArray values:
// gopher-lua's appends to the list part whatever its length, and a value
// put past MaxArrayIndex there is out of reach of t[i].
func tableInsert(L *lua.LState) int {
	t := L.CheckTable(1)
	if L.GetTop() < 2 {
		L.RaiseError("wrong number of arguments")
	}
	if t.Len() >= maxArray {
		L.RaiseError("table.insert: a list holds at most %d values", maxArray)
	}
	if L.GetTop() == 2 {
		t.Append(L.Get(2))
		return 0
	}
	t.Insert(L.CheckInt(2), L.CheckAny(3))
	return 0
}

// unpack(t [, i [, j]]): at most maxResults values.
func (e *env) unpack(L *lua.LState) int {
	t := L.CheckTable(1)
	i := L.OptInt(2, 1)
	j := L.OptInt(3, t.Len())
	if i > j {
		return 0
	}
	if n := int64(j) - int64(i) + 1; n > maxResults {
		L.RaiseError("unpack: %d values are too many (at most %d)", n, maxResults)
	}
	for k := i; k <= j; k++ {
		L.Push(t.RawGetInt(k))
	}
	return j - i + 1
}

// loadstring(s [, name]) -> the compiled chunk, or nil and the error.
func (e *env) loadstring(L *lua.LState) int {
	return e.loadResult(L, L.OptString(2, "<string>"), L.CheckString(1))
}

// load(f [, name]): the chunk is the concatenation of what f returns until
// it returns nil or "".
func (e *env) load(L *lua.LState) int {
	f := L.CheckFunction(1)
	name := L.OptString(2, "=(load)")
	var b strings.Builder
	for {
		L.Push(f)
		L.Call(0, 1)
		v := L.Get(-1)
		L.Pop(1)
		if v == lua.LNil {
			break
		}
		if !isStringy(v) {
			L.Push(lua.LNil)
			L.Push(lua.LString("reader function must return a string"))
			return 2
		}
		s := lua.LVAsString(v)
		if s == "" {
			break
		}
		if b.Len()+len(s) > maxChunk {
			L.Push(lua.LNil)
			L.Push(lua.LString(fmt.Sprintf("%s: more than %d bytes is too big for a chunk", name, maxChunk)))
			return 2
		}
		b.WriteString(s)
	}
	return e.loadResult(L, name, b.String())
}

func (e *env) loadResult(L *lua.LState, name, code string) int {
	fn, err := e.compile(name, code)
	if err != nil {
		e.alive(L) // stopped while compiling
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	L.Push(fn)
	return 1
}
