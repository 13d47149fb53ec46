package scripting

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"

	lua "github.com/yuin/gopher-lua"
)

// Games: games() lists them, game(id, options, position) starts one,
// record.parse(text) reads a game record and record.game(rec) replays it.

func (e *env) openGames() {
	L := e.L
	e.openGameType()
	L.SetGlobal("games", L.NewFunction(e.luaGames))
	L.SetGlobal("game", L.NewFunction(e.luaGame))
	rec := L.NewTable()
	L.SetFuncs(rec, map[string]lua.LGFunction{
		"parse": e.luaRecordParse,
		"game":  e.luaRecordGame,
	})
	L.SetGlobal("record", rec)
}

// games() -> { {id=, name=, aliases={}, description=, sides={}, start=,
// options={ {name=, default=, values={}, help=} }}, ... } sorted by id.
func (e *env) luaGames(L *lua.LState) int {
	out := L.NewTable()
	for _, in := range rules.All() {
		t := L.NewTable()
		t.RawSetString("id", lua.LString(in.ID))
		t.RawSetString("name", lua.LString(in.Name))
		t.RawSetString("description", lua.LString(in.Description))
		t.RawSetString("start", lua.LString(in.Start))
		t.RawSetString("aliases", strList(L, in.Aliases))
		t.RawSetString("sides", strList(L, in.Sides[:]))
		opts := L.NewTable()
		for _, o := range in.Options {
			ot := L.NewTable()
			ot.RawSetString("name", lua.LString(o.Name))
			ot.RawSetString("default", lua.LString(o.Default))
			ot.RawSetString("type", lua.LString(o.Type.String()))
			ot.RawSetString("values", strList(L, o.Values))
			if o.Type == rules.Number {
				ot.RawSetString("min", lua.LNumber(o.Min))
				ot.RawSetString("max", lua.LNumber(o.Max))
			}
			ot.RawSetString("help", lua.LString(o.Help))
			opts.Append(ot)
		}
		t.RawSetString("options", opts)
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func strList(L *lua.LState, ss []string) *lua.LTable {
	t := L.CreateTable(len(ss), 0)
	for _, s := range ss {
		t.Append(lua.LString(s))
	}
	return t
}

// optionPairs reads options given as a table {blocks=4} or {"blocks=4"}, or
// a string "blocks=4 pattern=1".
func optionPairs(L *lua.LState, v lua.LValue) ([]string, error) {
	switch x := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LString:
		return strings.Fields(string(x)), nil
	case *lua.LTable:
		var pairs []string
		var err error
		x.ForEach(func(k, val lua.LValue) {
			switch k.(type) {
			case lua.LNumber:
				pairs = append(pairs, val.String())
			case lua.LString:
				s := val.String()
				if b, ok := val.(lua.LBool); ok {
					s = map[bool]string{true: "on", false: "off"}[bool(b)]
				}
				pairs = append(pairs, k.String()+"="+s)
			default:
				err = fmt.Errorf("options: key %s is not a name", k.String())
			}
		})
		sort.Strings(pairs) // ForEach order is not fixed
		return pairs, err
	}
	return nil, fmt.Errorf("options: want a table or a string, got %s", v.Type())
}

// game(id [, options] [, position]) -> game. options is a table
// ({blocks=4, pattern=7}) or a string ("blocks=4 pattern=7"); a string second
// argument containing '/' or spaces with no '=' is taken as the position.
func (e *env) luaGame(L *lua.LState) int {
	// game(g [, POSITION]): a game value where a game id is expected (the
	// first try with fixture.positions, whose game= is already a game):
	// a copy of g, or g's rules and options from POSITION.
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		gv, ok := ud.Value.(*gameVal)
		if !ok {
			L.ArgError(1, "want a game id such as \"ataxx\" (see games())")
		}
		if L.GetTop() > 2 || L.GetTop() == 2 && L.Get(2).Type() != lua.LTString {
			L.ArgError(2, "game(g, POSITION) takes a game value and a position string; options come from g (or write game(g:id(), OPTIONS, POSITION))")
		}
		g := gv.game()
		if L.GetTop() == 1 {
			L.Push(e.newGameVal(g.Clone()))
			return 1
		}
		pos := L.CheckString(2)
		if len(pos) > maxString {
			L.ArgError(2, "position string too long")
		}
		ng, err := g.Info().Parse(g.Options(), pos)
		if err != nil {
			L.RaiseError("game %s: position %q: %v", g.Info().ID, pos, err)
		}
		L.Push(e.newGameVal(ng))
		return 1
	}
	if L.Get(1).Type() != lua.LTString {
		L.ArgError(1, "want a game id such as \"ataxx\" (see games()), or a game value")
	}
	id := L.CheckString(1)
	info, err := rules.Lookup(id)
	if err != nil {
		L.ArgError(1, err.Error())
	}
	optsV, pos := L.Get(2), ""
	if s, ok := optsV.(lua.LString); ok && L.GetTop() == 2 && !strings.Contains(string(s), "=") {
		optsV, pos = lua.LNil, string(s)
	} else if L.GetTop() >= 3 {
		pos = L.CheckString(3)
	}
	pairs, err := optionPairs(L, optsV)
	if err != nil {
		L.ArgError(2, err.Error())
	}
	if len(pos) > maxString {
		L.ArgError(3, "position string too long")
	}
	g, err := info.NewGame(pairs, pos)
	if err != nil {
		if pos != "" {
			L.RaiseError("game %s: position %q: %v", info.ID, pos, err)
		}
		L.RaiseError("game %s: %v", info.ID, err)
	}
	L.Push(e.newGameVal(g))
	return 1
}

// stopIfDone raises the script's context's error (its timeout, Ctrl-C, the
// memory cap) when it is done, so that a long conversion in Go stops with
// the script as its Lua instructions do.
func stopIfDone(L *lua.LState) {
	if ctx := L.Context(); ctx != nil && ctx.Err() != nil {
		L.RaiseError("%v", ctx.Err())
	}
}

// recordTable converts a parsed record to Lua: {tags={Game=...},
// tag_order={...}, moves={...}, result="1-0", lines={...}, notes={...},
// comments={...}} (notes: see notesTable).
func recordTable(L *lua.LState, r *record.Record) *lua.LTable {
	t := L.NewTable()
	tags := L.NewTable()
	order := L.NewTable()
	for i, tg := range r.Tags {
		if i%4096 == 4095 {
			stopIfDone(L) // a record of a million tags takes seconds
		}
		tags.RawSetString(tg.Name, lua.LString(tg.Value))
		order.Append(lua.LString(tg.Name))
	}
	t.RawSetString("tags", tags)
	t.RawSetString("tag_order", order)
	t.RawSetString("moves", strList(L, r.MoveTexts()))
	lines := L.CreateTable(len(r.Moves), 0)
	for _, m := range r.Moves {
		lines.Append(lua.LNumber(m.Line))
	}
	t.RawSetString("lines", lines)
	res := r.Result
	if res == "" {
		res = r.Get(record.TagResult)
	}
	t.RawSetString("result", lua.LString(res))
	t.RawSetString("notes", notesTable(L, r.Moves))
	t.RawSetString("comments", strList(L, r.Comments))
	return t
}

// notesTable holds the annotations of moves by their index: notes[i] =
// {glyph="?", nags={2}, before={...}, after={...}, variations={{moves=
// {...}, notes={...}}, ...}} for each move i that has one.
func notesTable(L *lua.LState, moves []record.Move) *lua.LTable {
	t := L.NewTable()
	for i, m := range moves {
		a := m.Annotation
		if a.Empty() {
			continue
		}
		n := L.NewTable()
		if a.Glyph != "" {
			n.RawSetString("glyph", lua.LString(a.Glyph))
		}
		nags := L.CreateTable(len(a.NAGs), 0)
		for _, x := range a.NAGs {
			nags.Append(lua.LNumber(x))
		}
		n.RawSetString("nags", nags)
		n.RawSetString("before", strList(L, a.Before))
		n.RawSetString("after", strList(L, a.After))
		vs := L.CreateTable(len(a.Variations), 0)
		for _, v := range a.Variations {
			vt := L.NewTable()
			texts := make([]string, len(v))
			for k := range v {
				texts[k] = v[k].Text
			}
			vt.RawSetString("moves", strList(L, texts))
			vt.RawSetString("notes", notesTable(L, v))
			vs.Append(vt)
		}
		n.RawSetString("variations", vs)
		t.RawSetInt(i+1, n)
	}
	return t
}

// tableNotes reads the annotations of notesTable back onto moves.
func tableNotes(L *lua.LState, t *lua.LTable, moves []record.Move, depth int) {
	if t == nil || depth > 64 {
		return
	}
	strs := func(v lua.LValue) []string {
		lt, ok := v.(*lua.LTable)
		if !ok {
			return nil
		}
		var out []string
		for i := 1; i <= lt.Len() && i <= maxListLen; i++ {
			out = append(out, lt.RawGetInt(i).String())
		}
		return out
	}
	for i := range moves {
		n, ok := t.RawGetInt(i + 1).(*lua.LTable)
		if !ok {
			continue
		}
		a := &moves[i].Annotation
		if g, ok := n.RawGetString("glyph").(lua.LString); ok {
			a.Glyph = string(g)
		}
		if nags, ok := n.RawGetString("nags").(*lua.LTable); ok {
			for k := 1; k <= nags.Len() && k <= maxListLen; k++ {
				if x, ok := nags.RawGetInt(k).(lua.LNumber); ok && x >= 0 && x <= record.MaxNAG {
					a.NAGs = append(a.NAGs, int(x))
				}
			}
		}
		a.Before, a.After = strs(n.RawGetString("before")), strs(n.RawGetString("after"))
		if vs, ok := n.RawGetString("variations").(*lua.LTable); ok {
			for k := 1; k <= vs.Len() && k <= maxListLen; k++ {
				vt, ok := vs.RawGetInt(k).(*lua.LTable)
				if !ok {
					continue
				}
				var v []record.Move
				for _, m := range strs(vt.RawGetString("moves")) {
					v = append(v, record.Move{Text: m})
				}
				nt, _ := vt.RawGetString("notes").(*lua.LTable)
				tableNotes(L, nt, v, depth+1)
				a.Variations = append(a.Variations, v)
			}
		}
	}
}

// tableRecord reads a record table back (tags, moves, notes, comments,
// result).
func tableRecord(L *lua.LState, t *lua.LTable) *record.Record {
	r := &record.Record{}
	tags, _ := t.RawGetString("tags").(*lua.LTable)
	if order, ok := t.RawGetString("tag_order").(*lua.LTable); ok && tags != nil {
		for i := 1; i <= order.Len(); i++ {
			name := order.RawGetInt(i).String()
			if v := tags.RawGetString(name); v != lua.LNil {
				r.Set(name, v.String())
			}
		}
	}
	if tags != nil {
		var names []string
		tags.ForEach(func(k, v lua.LValue) {
			if !r.Has(k.String()) {
				names = append(names, k.String())
			}
		})
		sort.Strings(names)
		for _, n := range names {
			r.Set(n, tags.RawGetString(n).String())
		}
	}
	lines, _ := t.RawGetString("lines").(*lua.LTable)
	if ms, ok := t.RawGetString("moves").(*lua.LTable); ok {
		for i := 1; i <= ms.Len() && i <= maxListLen; i++ {
			m := record.Move{Text: ms.RawGetInt(i).String()}
			if lines != nil {
				if n, ok := lines.RawGetInt(i).(lua.LNumber); ok {
					m.Line = int(n)
				}
			}
			r.Moves = append(r.Moves, m)
		}
	}
	notes, _ := t.RawGetString("notes").(*lua.LTable)
	tableNotes(L, notes, r.Moves, 0)
	if cs, ok := t.RawGetString("comments").(*lua.LTable); ok {
		for i := 1; i <= cs.Len() && i <= maxListLen; i++ {
			r.Comments = append(r.Comments, cs.RawGetInt(i).String())
		}
	}
	if res, ok := t.RawGetString("result").(lua.LString); ok {
		r.Result = string(res)
	}
	return r
}

// record.parse(text) -> record table, or raises with the line.
func (e *env) luaRecordParse(L *lua.LState) int {
	text := L.CheckString(1)
	r, err := record.Parse(text)
	if err != nil {
		L.RaiseError("record: %v", err)
	}
	L.Push(recordTable(L, r))
	return 1
}

// record.game(rec [, game_id]) -> game: starts the record's game (Game,
// Options and Position tags) and plays its moves. rec is a record table or
// its text. A record without a Game tag needs game_id.
func (e *env) luaRecordGame(L *lua.LState) int {
	var r *record.Record
	switch v := L.Get(1).(type) {
	case lua.LString:
		var err error
		if r, err = record.Parse(string(v)); err != nil {
			L.RaiseError("record: %v", err)
		}
	case *lua.LTable:
		r = tableRecord(L, v)
	default:
		L.ArgError(1, "want a record table or its text")
	}
	l, err := gameFromRecord(r, L.OptString(2, ""), "")
	if err != nil {
		L.RaiseError("%v", err)
	}
	L.Push(e.wrap(&gameVal{l: l}))
	return 1
}

// gameFromRecord replays a record (line.Replay). id is the game of a record
// without a Game tag; where prefixes errors ("file.rec: ").
func gameFromRecord(r *record.Record, id, where string) (*line.Line, error) {
	var base *line.Line
	if tag := r.Get(record.TagGame); tag != "" {
		if _, err := rules.Lookup(tag); err != nil {
			return nil, fmt.Errorf("%s%v", where, err)
		}
	} else {
		if id == "" {
			return nil, fmt.Errorf("%srecord has no Game tag (give the game id)", where)
		}
		info, err := rules.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("%s%v", where, err)
		}
		if base, err = line.New(info, nil, ""); err != nil {
			return nil, fmt.Errorf("%srecord: %v", where, err)
		}
	}
	l, err := line.Replay(r, base)
	var me *line.MoveError
	switch {
	case errors.As(err, &me):
		return nil, fmt.Errorf("%s%v", where, err)
	case err != nil:
		return nil, fmt.Errorf("%srecord: %v", where, err)
	}
	return l, nil
}
