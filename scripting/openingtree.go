package scripting

import (
	"io"
	"math"

	"boardrepl/rules"
	"boardrepl/rules/openings"

	lua "github.com/yuin/gopher-lua"
)

// The opening tree of fixture records (rules/openings):
//
//	local t = openings.tree(files [, {plies=N, game=ID, options=...}])
//	t.game, t.options, t.plies, t.games, t.key, t.refused (the records
//	left out, as "file:line: why")
//	t.positions     every position, as openings --json orders them:
//	                {position=, key=, ply=, side=, games=, wins=, draws=,
//	                losses=, unfinished=, score=, side_wins={side=n},
//	                avg_plies=, starts=, moves={ {move=, to=, games=, ...}, ... }}
//	t.at(g)         the position of game g, or nil (t:at(g) works too)

// openings.tree(files [, opts]) builds the tree of the records in files (a
// path or a list of paths, read as fixtures are).
func (e *env) openingsTree(L *lua.LState) int {
	var paths []string
	switch v := L.CheckAny(1).(type) {
	case lua.LString:
		paths = []string{string(v)}
	case *lua.LTable:
		for i := 1; i <= v.Len(); i++ {
			s, ok := v.RawGetInt(i).(lua.LString)
			if !ok {
				L.ArgError(1, "want a path or a list of paths")
			}
			paths = append(paths, string(s))
		}
	default:
		L.ArgError(1, "want a path or a list of paths")
	}
	if len(paths) == 0 {
		L.ArgError(1, "no file")
	}
	o := openings.BuildOptions{Plies: -1}
	opts := L.OptTable(2, L.NewTable())
	if v := opts.RawGetString("plies"); v != lua.LNil {
		n, ok := v.(lua.LNumber)
		if !ok || n < 0 || n > 100 || float64(n) != math.Trunc(float64(n)) {
			L.ArgError(2, "plies: want a whole number from 0 to 100")
		}
		o.Plies = int(n)
	}
	if v := opts.RawGetString("game"); v != lua.LNil {
		id, ok := v.(lua.LString)
		if !ok {
			L.ArgError(2, "game: want a game id")
		}
		info, err := rules.Lookup(string(id))
		if err != nil {
			L.RaiseError("openings.tree: %v", err)
		}
		pairs, err := optionPairs(L, opts.RawGetString("options"))
		if err != nil {
			L.RaiseError("openings.tree: %v", err)
		}
		o.Info, o.Options = info, pairs
	} else if opts.RawGetString("options") != lua.LNil {
		L.ArgError(2, "options: give the game too")
	}
	srcs := make([]openings.Source, len(paths))
	for i, p := range paths {
		text, err := e.readFile(p)
		if err != nil {
			L.RaiseError("%v", err)
		}
		srcs[i] = openings.Source{Name: p, Open: func() (io.ReadCloser, error) { return io.NopCloser(e.textReader(text)), nil }}
	}
	var refused []string
	o.Refused = func(err error) { refused = append(refused, err.Error()) }
	t, err := openings.Build(e.ctx, srcs, o)
	if err != nil {
		L.RaiseError("openings.tree: %v", err)
	}
	out := L.NewTable()
	sum := t.Summary()
	out.RawSetString("game", lua.LString(sum.Game))
	out.RawSetString("options", strList(L, sum.Options))
	out.RawSetString("plies", lua.LNumber(sum.Plies))
	out.RawSetString("games", lua.LNumber(sum.Games))
	out.RawSetString("key", lua.LString(sum.Key))
	out.RawSetString("refused", strList(L, refused))
	byKey := map[uint64]*lua.LTable{}
	list := L.CreateTable(t.Len(), 0)
	for _, n := range t.Nodes() {
		e.alive(L)
		j := t.NodeJSON(n)
		pt := L.NewTable()
		pt.RawSetString("position", lua.LString(j.Position))
		pt.RawSetString("key", lua.LString(j.Key))
		pt.RawSetString("ply", lua.LNumber(j.Ply))
		pt.RawSetString("side", lua.LString(j.Side))
		pt.RawSetString("starts", lua.LNumber(j.Starts))
		statsTable(L, pt, j.StatsJSON)
		moves := L.CreateTable(len(j.Moves), 0)
		for _, m := range j.Moves {
			mt := L.NewTable()
			mt.RawSetString("move", lua.LString(m.Move))
			mt.RawSetString("to", lua.LString(t.Node(n.Move(m.Move).To).Position))
			statsTable(L, mt, m.StatsJSON)
			moves.Append(mt)
		}
		pt.RawSetString("moves", moves)
		list.Append(pt)
		byKey[n.Key] = pt
	}
	out.RawSetString("positions", list)
	out.RawSetString("at", L.NewFunction(func(L *lua.LState) int {
		n := 1
		if _, self := L.Get(1).(*lua.LTable); self {
			n = 2
		}
		gv := checkGameAt(L, n)
		if node := t.Lookup(gv.game()); node != nil {
			L.Push(byKey[node.Key])
		} else {
			L.Push(lua.LNil)
		}
		return 1
	}))
	L.Push(out)
	return 1
}

// statsTable sets the counts of a position or move on t.
func statsTable(L *lua.LState, t *lua.LTable, s openings.StatsJSON) {
	for k, v := range map[string]int{"games": s.Games, "wins": s.Wins, "draws": s.Draws, "losses": s.Losses,
		"unfinished": s.Unfinished, "plies": s.Plies} {
		t.RawSetString(k, lua.LNumber(v))
	}
	if s.Score != nil {
		t.RawSetString("score", lua.LNumber(*s.Score))
	}
	t.RawSetString("avg_plies", lua.LNumber(s.AvgPlies))
	sw := L.NewTable()
	for side, n := range s.SideWins {
		sw.RawSetString(side, lua.LNumber(n))
	}
	t.RawSetString("side_wins", sw)
}
