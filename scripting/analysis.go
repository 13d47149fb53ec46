package scripting

import (
	"strings"

	lua "github.com/yuin/gopher-lua"

	"boardrepl/render"
	"boardrepl/rules/analysis"
	"boardrepl/rules/engine"
)

// Game analysis and pictures, as game methods:
//
//	g:analyse{depth=3}  -> {plies={{ply=1, side="red", move="f2", best="f2",
//	                        score=35, best_score=35, mark="", note="", loss=0, ...}, ...},
//	                        dubious=0, blunders=1, now={best=..., score=...}}
//	g:svg()             -> the board as an SVG picture (text), last move marked
//
// analyse judges every move of the game's history (from g:start()) as the
// REPL's analyse does (rules/analysis): a score is score (units) only when
// nothing is proven, else mate (plies) or margin; *_text as printed. With
// exact=true the exact search judges (as analyse --exact).

// g:analyse{depth=N, time=S, nodes=N, confirm=K, exact=true}
func (e *env) gameAnalyse(L *lua.LState) int {
	gv := checkGame(L)
	opts := L.OptTable(2, L.NewTable())
	lim := searchLimits(L, opts)
	confirm := confirmOption(L, opts)
	l, err := analysis.FromLine(gv.l)
	if err != nil {
		L.RaiseError("analyse: %v", err)
	}
	exact := exactOption(L, opts)
	a := analysis.New(analysis.Options{Limits: lim, Confirm: confirm, Exact: exact, Engine: e.analysisEngine(exact)})
	rep, err := a.Analyse(e.ctx, l, nil)
	if err != nil {
		L.RaiseError("analyse: %v", err)
	}
	t := L.NewTable()
	plies := L.NewTable()
	for _, p := range rep.Plies {
		pt := L.NewTable()
		pt.RawSetString("ply", lua.LNumber(p.Ply))
		pt.RawSetString("side", lua.LString(p.SideName))
		pt.RawSetString("move", lua.LString(p.Move))
		pt.RawSetString("forced", lua.LBool(p.Forced))
		if !p.Forced {
			pt.RawSetString("best", lua.LString(p.Best))
			pt.RawSetString("pv", strList(L, p.PV))
			setScore(pt, "", p.Score)
			setScore(pt, "best_", p.BestScore)
			pt.RawSetString("loss", lua.LNumber(p.Loss))
			pt.RawSetString("mark", lua.LString(p.Mark))
			pt.RawSetString("note", lua.LString(p.Note))
			pt.RawSetString("depth", lua.LNumber(p.Depth))
		}
		plies.Append(pt)
	}
	t.RawSetString("plies", plies)
	d, b := rep.Count()
	t.RawSetString("dubious", lua.LNumber(d))
	t.RawSetString("blunders", lua.LNumber(b))
	if rep.Over {
		t.RawSetString("result", lua.LString(rep.Result))
	} else if n := rep.Now; n != nil {
		nt := L.NewTable()
		nt.RawSetString("best", lua.LString(n.Best))
		nt.RawSetString("pv", strList(L, n.PV))
		setScore(nt, "", n.BestScore)
		t.RawSetString("now", nt)
	}
	L.Push(t)
	return 1
}

// confirmOption reads opts.confirm as analysis.Options.Confirm: 0 (the
// default) when absent, -1 (none) for confirm=0.
func confirmOption(L *lua.LState, opts *lua.LTable) int {
	v := opts.RawGetString("confirm")
	if v == lua.LNil {
		return 0
	}
	c, ok := v.(lua.LNumber)
	if !ok || c < 0 || c > 8 || float64(c) != float64(int(c)) {
		L.ArgError(2, "confirm: want a whole number of plies from 0 to 8")
	}
	if c == 0 {
		return -1
	}
	return int(c)
}

// analysisEngine is the script's engine of analyses, exact or selective,
// made on first use.
func (e *env) analysisEngine(exact bool) *engine.Engine {
	eng := &e.anaEng
	if exact {
		eng = &e.anaExactEng
	}
	if *eng == nil {
		*eng = analysis.NewEngine(exact, 1)
	}
	return *eng
}

// g:svg() -> the board as an SVG picture (text): scripts have no files;
// the REPL's 'export svg FILE' and 'boardrepl diagram' write them.
func gameSVG(L *lua.LState) int {
	gv := checkGame(L)
	g := gv.game()
	st := render.Style{Sides: [2]string{g.SideName(0), g.SideName(1)}}
	if gv.l.Cursor() > 0 {
		st.Captured = g.LastCaptured() // the board names the last move's squares
	}
	b := g.Board()
	var sb strings.Builder
	if err := render.BoardSVG(&sb, &b, st, render.DiagramTitle(g)); err != nil {
		L.RaiseError("svg: %v", err)
	}
	L.Push(lua.LString(sb.String()))
	return 1
}
