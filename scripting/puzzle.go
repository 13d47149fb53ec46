package scripting

import (
	"errors"
	"fmt"
	"strings"

	"boardrepl/rules/record"
	"boardrepl/rules/solve"

	lua "github.com/yuin/gopher-lua"
)

// Puzzles: the exact solver (solve.Solve) and puzzle files.
//
//	solve(g, goal [, opts])  or  g:solve(goal [, opts])
//	    goal: "win 2", "capture 3 in 2", "win 3 plies", or a table
//	    {win=2}, {capture=3, moves=2}, {win=3, plies=true}
//	    opts: {nocache=true, max_nodes=N}
//	    -> {proved=, plies=, line={...}, nodes=, goal="win 3 plies"}
//	fixture.puzzles(path) -> { {name=, game=, goal=, solution={...},
//	    source=, tags=, line=, where=}, ... }
//	check_puzzle(p [, opts]) -> result: solves p and checks that the goal is
//	    proved and that p.solution (when it has moves) is a line the solver
//	    proves, its own or another (two checks), or, for a puzzle tagged
//	    [Expect "refuted"], that it is refuted (one check). With
//	    opts.unique, one more check: a single winning move at each of the
//	    solver's turns along the solution; result.alternatives lists the
//	    others.

func (e *env) openPuzzles() {
	L := e.L
	L.SetGlobal("solve", L.NewFunction(e.gameSolve))
	L.SetGlobal("check_puzzle", L.NewFunction(e.luaCheckPuzzle))
}

// goalArg reads a goal given as a string or a table.
func goalArg(L *lua.LState, v lua.LValue) (solve.Goal, error) {
	switch x := v.(type) {
	case lua.LString:
		return solve.ParseGoal(string(x))
	case *lua.LTable:
		plies := lua.LVAsBool(x.RawGetString("plies"))
		suffix := ""
		if plies {
			suffix = " plies"
		}
		if w, ok := x.RawGetString("win").(lua.LNumber); ok {
			return solve.ParseGoal(fmt.Sprintf("win %d%s", int(w), suffix))
		}
		if c, ok := x.RawGetString("capture").(lua.LNumber); ok {
			m, ok := x.RawGetString("moves").(lua.LNumber)
			if !ok {
				return solve.Goal{}, errors.New("goal: capture needs moves=N")
			}
			return solve.ParseGoal(fmt.Sprintf("capture %d in %d%s", int(c), int(m), suffix))
		}
		return solve.Goal{}, errors.New("goal: want {win=N} or {capture=K, moves=N}")
	}
	return solve.Goal{}, fmt.Errorf("goal: want a string or a table, got %s", v.Type())
}

func solveOpts(t *lua.LTable) solve.Options {
	var o solve.Options
	if t == nil {
		return o
	}
	o.NoCache = lua.LVAsBool(t.RawGetString("nocache"))
	if n, ok := t.RawGetString("max_nodes").(lua.LNumber); ok && n > 0 {
		o.MaxNodes = uint64(n)
	}
	return o
}

func (e *env) runSolve(L *lua.LState, gv *gameVal, goal solve.Goal, opts solve.Options) *lua.LTable {
	res, err := solve.Solve(e.ctx, gv.game(), goal, opts)
	if err != nil {
		if e.ctx.Err() != nil {
			L.RaiseError("solve: %v", e.ctx.Err())
		}
		L.RaiseError("solve %s: %v", goal, err)
	}
	t := L.NewTable()
	t.RawSetString("proved", lua.LBool(res.Proved))
	if res.Proved {
		t.RawSetString("plies", lua.LNumber(res.Plies))
	}
	t.RawSetString("line", strList(L, res.Line))
	t.RawSetString("nodes", lua.LNumber(res.Nodes))
	t.RawSetString("goal", lua.LString(goal.String()))
	return t
}

// solve(g, goal [, opts]) / g:solve(goal [, opts])
func (e *env) gameSolve(L *lua.LState) int {
	gv := checkGame(L)
	goal, err := goalArg(L, L.Get(2))
	if err != nil {
		L.ArgError(2, err.Error())
	}
	L.Push(e.runSolve(L, gv, goal, solveOpts(L.OptTable(3, nil))))
	return 1
}

// fixture.puzzles(path): a file of records, each a puzzle:
//
//	[Game "tablut"]
//	[Name "escape in one"]
//	[Position "3BBB3/9/9/9/9/9/2K6/9/9 w"]
//	[Goal "win 1"]
//	[Source "hand-checked: ..."]
//
//	c3-c1 *
//
// The moves are the solution: a line the solver proves, its canonical one
// or another (check_puzzle).
func (e *env) fxPuzzles(L *lua.LState) int {
	p, text := e.mustRead(L)
	recs, starts, err := e.parseRecords(p, text)
	if err != nil {
		L.RaiseError("%v", err)
	}
	out := L.NewTable()
	for i, r := range recs {
		t, err := e.puzzleTable(L, r, i+1, fmt.Sprintf("%s:%d", p, starts[i]), starts[i])
		if err != nil {
			L.RaiseError("%v", err)
		}
		out.Append(t)
	}
	L.Push(out)
	return 1
}

// puzzleTable is the table of puzzle record r, the i-th of its file, read
// at where (line: its line in the file, 0 when it was not read from one).
func (e *env) puzzleTable(L *lua.LState, r *record.Record, i int, where string, line int) (*lua.LTable, error) {
	goalText := r.Get("Goal")
	if goalText == "" {
		return nil, fmt.Errorf("%s: puzzle has no Goal tag", where)
	}
	if _, err := solve.ParseGoal(goalText); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	// The game is the puzzle's position: the moves are its solution,
	// not moves to replay.
	start := *r
	start.Moves = nil
	l, err := gameFromRecord(&start, "", where+": ")
	if err != nil {
		return nil, err
	}
	t := L.NewTable()
	name := r.Get("Name")
	if name == "" {
		name = fmt.Sprintf("puzzle %d", i)
	}
	t.RawSetString("name", lua.LString(name))
	t.RawSetString("game", e.wrap(&gameVal{l: l}))
	t.RawSetString("goal", lua.LString(goalText))
	t.RawSetString("solution", strList(L, r.MoveTexts()))
	t.RawSetString("source", lua.LString(r.Get("Source")))
	expect := strings.ToLower(r.Get("Expect"))
	switch expect {
	case "", "proved":
		expect = "proved"
	case "refuted":
	default:
		return nil, fmt.Errorf("%s: Expect %q: want proved or refuted", where, r.Get("Expect"))
	}
	t.RawSetString("expect", lua.LString(expect))
	t.RawSetString("line", lua.LNumber(line))
	t.RawSetString("where", lua.LString(where))
	t.RawSetString("tags", recordTable(L, r).RawGetString("tags"))
	return t, nil
}

// check_puzzle(p [, opts]) -> the solver's result table. The checks: the
// goal is proved; the stored solution, when there is one, is a winning line
// (solve.Verify: each of the attacker's moves keeps the goal forced, so a
// composer's line other than the solver's passes); with {unique=true},
// every turn of the attacker along it has a single winning move.
func (e *env) luaCheckPuzzle(L *lua.LState) int {
	p := L.CheckTable(1)
	where := e.where()
	ud, ok := p.RawGetString("game").(*lua.LUserData)
	if !ok {
		L.ArgError(1, "want a puzzle (from fixture.puzzles)")
	}
	gv, ok := ud.Value.(*gameVal)
	if !ok {
		L.ArgError(1, "want a puzzle (from fixture.puzzles)")
	}
	goal, err := goalArg(L, p.RawGetString("goal"))
	if err != nil {
		L.ArgError(1, err.Error())
	}
	name := p.RawGetString("name").String()
	optTable := L.OptTable(2, nil)
	opts := solveOpts(optTable)
	unique := optTable != nil && lua.LVAsBool(optTable.RawGetString("unique"))
	res := e.runSolve(L, gv, goal, opts)
	proved := lua.LVAsBool(res.RawGetString("proved"))
	if pw, ok := p.RawGetString("where").(lua.LString); ok {
		where = string(pw)
	}
	if exp, ok := p.RawGetString("expect").(lua.LString); ok && exp == "refuted" {
		e.report(!proved, where, fmt.Sprintf("%s: %s is refuted", name, goal),
			"the solver found: "+strings.Trim(show(res.RawGetString("line")), "{}"))
		L.Push(res)
		return 1
	}
	e.report(proved, where, fmt.Sprintf("%s: %s is proved", name, goal))
	if !proved {
		L.Push(res)
		return 1
	}
	var solution []string
	if st, ok := p.RawGetString("solution").(*lua.LTable); ok {
		for i := 1; i <= st.Len(); i++ {
			solution = append(solution, st.RawGetInt(i).String())
		}
	}
	if len(solution) == 0 && !unique {
		L.Push(res)
		return 1
	}
	v, err := solve.Verify(e.ctx, gv.game(), goal, solution, unique, opts)
	if err != nil {
		if e.ctx.Err() != nil {
			L.RaiseError("check_puzzle: %v", e.ctx.Err())
		}
		L.RaiseError("check_puzzle %s: %v", goal, err)
	}
	solverLine := strings.Trim(show(res.RawGetString("line")), "{}")
	if len(solution) > 0 {
		var detail []string
		if v.Bad >= 0 {
			detail = []string{fmt.Sprintf("move %d %q: %s", v.Bad+1, solution[v.Bad], v.Why), "the solver's line: " + solverLine}
		}
		e.report(v.Bad < 0, where, name+": the stored solution is a winning line", detail...)
	}
	if unique && v.Bad < 0 {
		alts := L.NewTable()
		var detail []string
		for _, t := range v.Turns {
			if len(t.Others) == 0 {
				continue
			}
			a := L.NewTable()
			a.RawSetString("ply", lua.LNumber(t.Ply))
			a.RawSetString("move", lua.LString(t.Move))
			a.RawSetString("others", strList(L, t.Others))
			alts.Append(a)
			detail = append(detail, fmt.Sprintf("ply %d: %s, and also %s", t.Ply, t.Move, strings.Join(t.Others, " ")))
		}
		res.RawSetString("unique", lua.LBool(v.Unique()))
		res.RawSetString("alternatives", alts)
		e.report(v.Unique(), where, name+": a single winning move at each of the solver's turns", detail...)
	}
	L.Push(res)
	return 1
}
