package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"boardrepl/rules/analysis"
	"boardrepl/rules/analysis/puzzle"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// Puzzles mined from games (rules/analysis/puzzle), as `boardrepl puzzles`
// mines them:
//
//	g:puzzles([opts])              -> puzzles, counts: those of g's moves
//	                                  (from g:start() to the current one)
//	mine_puzzles(records [, opts]) -> puzzles, counts: those of a record
//	                                  table or a list of them (fixture.records),
//	                                  replayed as record.game replays them
//	opts: {depth=, nodes=, confirm=, exact=} (the analysis, as g:analyse),
//	      {scan=D, plies=N, capture=K, solve_nodes=N} (as the command's
//	      --scan, --plies, --min-capture, --solve-nodes), file="name" (for
//	      the Source tags), game="id" (of records without a Game tag)
//
// A puzzle is the table fixture.puzzles gives (name, game, goal, solution,
// source, tags, expect, where), so check_puzzle(p) checks it, with rating=
// {points, stars, depth, moves, branching}, ply= (of the mistake) and text=
// (its record in a puzzle file). Repeats (the same position up to symmetry)
// are left out, across the records of one call. counts = {records=,
// marked=, puzzles=, refused={no_goal=, over_budget=, ...}}.

func (e *env) openMining() {
	e.L.SetGlobal("mine_puzzles", e.L.NewFunction(e.luaMinePuzzles))
}

// mining is one call's miner and what it found.
type mining struct {
	m       *puzzle.Miner
	file    string
	game    string // the game of records without a Game tag (opts.game)
	set     puzzle.Set
	st      puzzle.Stats
	records int
	out     *lua.LTable
}

// newMining reads the options (argument 2).
func (e *env) newMining(L *lua.LState, opts *lua.LTable) *mining {
	exact := exactOption(L, opts)
	o := puzzle.Options{Analysis: analysis.Options{Limits: searchLimits(L, opts), Confirm: confirmOption(L, opts),
		Exact: exact, Engine: e.analysisEngine(exact)}}
	whole := func(name string, lo, hi int) int {
		v := opts.RawGetString(name)
		if v == lua.LNil {
			return 0
		}
		n, ok := v.(lua.LNumber)
		if !ok || float64(n) != float64(int(n)) || int(n) < lo || int(n) > hi {
			L.ArgError(2, fmt.Sprintf("%s: want a whole number from %d to %d", name, lo, hi))
		}
		return int(n)
	}
	o.Scan = whole("scan", 1, maxSearchDepth)
	o.MaxPlies = whole("plies", 1, 64)
	o.Capture = whole("capture", -1, 1000)
	o.Nodes = uint64(whole("solve_nodes", 1, 1e10))
	file := "game"
	if f, ok := opts.RawGetString("file").(lua.LString); ok {
		file = string(f)
	}
	game, _ := opts.RawGetString("game").(lua.LString)
	return &mining{m: puzzle.New(o), file: file, game: string(game), out: L.NewTable()}
}

// mine mines one line of play (replayed from rec, which names the
// players, or nil) and adds its puzzles.
func (e *env) mine(L *lua.LState, mn *mining, l *line.Line, rec *record.Record, src puzzle.Source) {
	al, err := analysis.FromLine(l)
	if err != nil {
		L.RaiseError("puzzles: %v", err)
	}
	if rec != nil {
		for side := range src.Players {
			name := l.SideTag(side)
			src.Players[side] = record.Tag{Name: name, Value: rec.Get(name)}
		}
	}
	found, st, err := mn.m.Mine(e.ctx, al)
	if err != nil {
		if e.ctx.Err() != nil {
			L.RaiseError("puzzles: %v", e.ctx.Err())
		}
		L.RaiseError("puzzles: %s record %d: %v", src.File, src.Record, err)
	}
	mn.records++
	mn.st.Add(st)
	for i := range found {
		p := &found[i]
		g, err := p.Game()
		if err != nil || !mn.set.Add(g) {
			mn.st.By[puzzle.Kept]--
			mn.st.By[puzzle.Repeat]++
			continue
		}
		r := p.Record(src)
		t, err := e.puzzleTable(L, r, mn.out.Len()+1, r.Get("Name"), 0)
		if err != nil {
			L.RaiseError("puzzles: %v", err)
		}
		rt := L.NewTable()
		rt.RawSetString("points", lua.LNumber(p.Rating.Points))
		rt.RawSetString("stars", lua.LNumber(p.Rating.Stars))
		rt.RawSetString("depth", lua.LNumber(p.Rating.Depth))
		rt.RawSetString("moves", lua.LNumber(p.Rating.Moves))
		rt.RawSetString("branching", lua.LNumber(p.Rating.Branching))
		t.RawSetString("rating", rt)
		t.RawSetString("ply", lua.LNumber(p.Mistake.Ply))
		t.RawSetString("text", lua.LString(p.Text(src)))
		mn.out.Append(t)
	}
}

// results pushes the puzzles and the counts.
func (mn *mining) results(L *lua.LState) int {
	c := L.NewTable()
	c.RawSetString("records", lua.LNumber(mn.records))
	c.RawSetString("marked", lua.LNumber(mn.st.Marked))
	c.RawSetString("puzzles", lua.LNumber(mn.st.By[puzzle.Kept]))
	ref := L.NewTable()
	for _, why := range puzzle.Reasons() {
		if why != puzzle.Kept {
			ref.RawSetString(why.String(), lua.LNumber(mn.st.By[why]))
		}
	}
	c.RawSetString("refused", ref)
	L.Push(mn.out)
	L.Push(c)
	return 2
}

// g:puzzles([opts]) -> puzzles, counts
func (e *env) gamePuzzles(L *lua.LState) int {
	gv := checkGame(L)
	mn := e.newMining(L, L.OptTable(2, L.NewTable()))
	e.mine(L, mn, gv.l, nil, puzzle.Source{File: mn.file, Record: 1})
	return mn.results(L)
}

// mine_puzzles(records [, opts]) -> puzzles, counts
func (e *env) luaMinePuzzles(L *lua.LState) int {
	arg := L.CheckTable(1)
	mn := e.newMining(L, L.OptTable(2, L.NewTable()))
	recs := []*lua.LTable{arg}
	if arg.RawGetString("moves") == lua.LNil && arg.RawGetString("tags") == lua.LNil {
		recs = recs[:0]
		for i := 1; i <= arg.Len() && i <= maxListLen; i++ {
			t, ok := arg.RawGetInt(i).(*lua.LTable)
			if !ok {
				L.ArgError(1, fmt.Sprintf("records[%d]: want a record table (fixture.records, record.parse)", i))
			}
			recs = append(recs, t)
		}
	}
	for i, t := range recs {
		src := puzzle.Source{File: mn.file, Record: i + 1}
		if n, ok := t.RawGetString("line").(lua.LNumber); ok {
			src.Line = int(n)
		}
		rec := tableRecord(L, t)
		l, err := gameFromRecord(rec, mn.game, fmt.Sprintf("%s record %d: ", mn.file, i+1))
		if err != nil {
			L.RaiseError("%v", err)
		}
		e.mine(L, mn, l, rec, src)
	}
	return mn.results(L)
}
