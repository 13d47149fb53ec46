package scripting

import (
	"fmt"
	"sort"
	"strings"

	"boardrepl/rules"

	lua "github.com/yuin/gopher-lua"
)

// Openings: named move sequences from a game's start.
//
//	local book = openings.new("ataxx" [, options] [, position])
//	book:add(name, "f2 b6 g1e3")      or a table of moves; -> book
//	book:names()                       sorted names
//	book:moves(name)                   the moves of one opening
//	book:verify()                      {} when every opening is legal, else
//	                                   {"name: move 3 \"a1\": why", ...}
//	book:match(g)                      the openings g's moves so far agree with:
//	                                   { {name=, moves=, played=k, next=, complete=}, ... }
//	book:play(name [, g])              plays the rest of the opening on g (or on
//	                                   the REPL's current game); -> g

const bookType = "boardrepl.openings"

type opening struct {
	name  string
	moves []string
}

type book struct {
	start rules.Game
	list  []*opening
}

func (b *book) find(name string) *opening {
	for _, o := range b.list {
		if o.name == name {
			return o
		}
	}
	return nil
}

func (e *env) openOpenings() {
	L := e.L
	mt := L.NewTypeMetatable(bookType)
	L.SetField(mt, "__index", methodIndex(L, "an opening book", map[string]lua.LGFunction{
		"add":    bookAdd,
		"names":  bookNames,
		"moves":  bookMoves,
		"verify": bookVerify,
		"match":  bookMatch,
		"play":   e.bookPlay,
	}))
	L.SetField(mt, "__tostring", L.NewFunction(func(L *lua.LState) int {
		b := checkBook(L)
		L.Push(lua.LString(fmt.Sprintf("openings for %s (%d)", b.start.Info().ID, len(b.list))))
		return 1
	}))
	t := L.NewTable()
	t.RawSetString("new", L.NewFunction(e.bookNew))
	t.RawSetString("tree", L.NewFunction(e.openingsTree)) // openingtree.go
	L.SetGlobal("openings", t)
}

func checkBook(L *lua.LState) *book {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if b, ok := ud.Value.(*book); ok {
			return b
		}
	}
	L.ArgError(1, "want an opening book (call methods with a colon: book:add(...))")
	return nil
}

// openings.new(id [, options] [, position]) or openings.new(g): a book for
// the game's start (or g's start).
func (e *env) bookNew(L *lua.LState) int {
	var start rules.Game
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		gv, ok := ud.Value.(*gameVal)
		if !ok {
			L.ArgError(1, "want a game id or a game")
		}
		in := gv.game().Info()
		g, err := in.Parse(gv.game().Options(), gv.l.Start())
		if err != nil {
			L.RaiseError("openings: %v", err)
		}
		start = g
	} else {
		e.luaGame(L)
		start = L.Get(-1).(*lua.LUserData).Value.(*gameVal).game()
		L.Pop(1)
	}
	ud := L.NewUserData()
	ud.Value = &book{start: start}
	L.SetMetatable(ud, L.GetTypeMetatable(bookType))
	L.Push(ud)
	return 1
}

func bookAdd(L *lua.LState) int {
	b := checkBook(L)
	name := L.CheckString(2)
	moves := moveArgs(L, 3)
	if o := b.find(name); o != nil {
		o.moves = moves
	} else {
		b.list = append(b.list, &opening{name, moves})
	}
	L.Push(L.Get(1))
	return 1
}

func bookNames(L *lua.LState) int {
	b := checkBook(L)
	var names []string
	for _, o := range b.list {
		names = append(names, o.name)
	}
	sort.Strings(names)
	L.Push(strList(L, names))
	return 1
}

func bookMoves(L *lua.LState) int {
	b := checkBook(L)
	o := b.find(L.CheckString(2))
	if o == nil {
		L.RaiseError("no opening named %q", L.CheckString(2))
	}
	L.Push(strList(L, o.moves))
	return 1
}

// replay plays moves on a clone of start; it returns the canonical moves or
// the first problem.
func replay(start rules.Game, moves []string) ([]string, error) {
	g := start.Clone()
	out := make([]string, 0, len(moves))
	for i, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			return out, fmt.Errorf("move %d %q: %v", i+1, s, err)
		}
		out = append(out, g.FormatMove(m))
		g.Play(m)
	}
	return out, nil
}

func bookVerify(L *lua.LState) int {
	b := checkBook(L)
	out := L.NewTable()
	for _, o := range b.list {
		if _, err := replay(b.start, o.moves); err != nil {
			out.Append(lua.LString(o.name + ": " + err.Error()))
		}
	}
	L.Push(out)
	return 1
}

// book:match(g): openings that agree with g's history so far (one is a
// prefix of the other), in the order they were added.
func bookMatch(L *lua.LState) int {
	b := checkBook(L)
	gv := checkGameAt(L, 2)
	out := L.NewTable()
	if gv.l.Start() != b.start.Position() {
		L.Push(out)
		return 1
	}
	hist := gv.l.Played()
	for _, o := range b.list {
		canon, err := replay(b.start, o.moves)
		if err != nil {
			continue
		}
		n := len(hist)
		if n > len(canon) {
			n = len(canon)
		}
		agree := true
		for i := 0; i < n; i++ {
			if canon[i] != hist[i] {
				agree = false
				break
			}
		}
		if !agree {
			continue
		}
		t := L.NewTable()
		t.RawSetString("name", lua.LString(o.name))
		t.RawSetString("moves", strList(L, canon))
		t.RawSetString("played", lua.LNumber(n))
		t.RawSetString("complete", lua.LBool(len(hist) >= len(canon)))
		if len(hist) < len(canon) {
			t.RawSetString("next", lua.LString(canon[len(hist)]))
		}
		out.Append(t)
	}
	L.Push(out)
	return 1
}

// book:play(name [, g]): plays what is left of the opening on g (its moves
// so far must be the opening's first ones). Without g it plays on the
// REPL's current game, at the prompt.
func (e *env) bookPlay(L *lua.LState) int {
	b := checkBook(L)
	name := L.CheckString(2)
	o := b.find(name)
	if o == nil {
		L.RaiseError("no opening named %q", name)
	}
	canon, err := replay(b.start, o.moves)
	if err != nil {
		L.RaiseError("opening %q: %v", name, err)
	}
	var ud *lua.LUserData
	if L.GetTop() >= 3 {
		checkGameAt(L, 3)
		ud = L.Get(3).(*lua.LUserData)
	} else {
		ud = e.currentGame(L)
	}
	gv := ud.Value.(*gameVal)
	hist := gv.l.Played()
	if gv.l.Start() != b.start.Position() {
		L.RaiseError("opening %q: the game does not start from the book's position", name)
	}
	if len(hist) > len(canon) || strings.Join(hist, " ") != strings.Join(canon[:len(hist)], " ") {
		L.RaiseError("opening %q: the game has left it (moves so far: %s)", name, strings.Join(hist, " "))
	}
	for _, m := range canon[len(hist):] {
		if err := gv.play(m); err != nil {
			L.RaiseError("opening %q: %v", name, err)
		}
	}
	if L.GetTop() < 3 {
		e.setCurrent(L, gv)
	}
	L.Push(ud)
	return 1
}
