package scripting

import (
	"time"

	lua "github.com/yuin/gopher-lua"

	"boardrepl/rules/engine"
)

// The engine's search and evaluation, as game methods:
//
//	g:search{depth=6}                 -> {best="f2", score=35, mate=nil, pv={...}, depth=6, nodes=1234}
//	g:search{time=0.5, nodes=100000}  -- seconds, and a node cap
//	g:eval()                          -> score, {material=..., mobility=...}
//
// Scores are from the side to move's view (100 = about one piece or seed);
// mate is the number of plies to a proven end (positive: the side to move
// wins), nil when nothing is proven.

// Bounds on what a script may ask of the engine.
const (
	maxSearchDepth = 64
	maxSearchNodes = 1e10
	maxSearchTime  = 3600.0
)

// g:search{depth=N, time=S, nodes=N}: at least one limit is required.
func (e *env) gameSearch(L *lua.LState) int {
	gv := checkGame(L)
	opts := L.OptTable(2, nil)
	if opts == nil {
		L.ArgError(2, "want limits, e.g. g:search{depth=4} or g:search{time=0.5}")
	}
	var lim engine.Limits
	if v := opts.RawGetString("depth"); v != lua.LNil {
		d, ok := v.(lua.LNumber)
		if !ok || d < 1 || d > maxSearchDepth || float64(d) != float64(int(d)) {
			L.ArgError(2, "depth: want a whole number from 1 to 64")
		}
		lim.Depth = int(d)
	}
	if v := opts.RawGetString("time"); v != lua.LNil {
		t, ok := v.(lua.LNumber)
		if !ok || t <= 0 || t > maxSearchTime {
			L.ArgError(2, "time: want seconds, more than 0 and at most 3600")
		}
		lim.Time = time.Duration(float64(t) * float64(time.Second))
	}
	if v := opts.RawGetString("nodes"); v != lua.LNil {
		n, ok := v.(lua.LNumber)
		if !ok || n < 1 || n > maxSearchNodes {
			L.ArgError(2, "nodes: want a number from 1 to 1e10")
		}
		lim.Nodes = int64(n)
	}
	if lim == (engine.Limits{}) {
		L.ArgError(2, "give at least one limit: depth, time or nodes")
	}
	if gv.game().Result().Over() {
		L.RaiseError("search: the game is over")
	}
	if e.engine == nil {
		e.engine = engine.New(engine.Options{})
	}
	res, err := e.engine.Search(e.ctx, gv.game(), lim, nil)
	if err != nil {
		L.RaiseError("search: %v", err)
	}
	t := L.NewTable()
	t.RawSetString("best", lua.LString(res.BestText))
	t.RawSetString("score", lua.LNumber(res.Score))
	if n := engine.MatePlies(res.Score); n != 0 {
		t.RawSetString("mate", lua.LNumber(n))
	}
	t.RawSetString("pv", strList(L, res.PVText))
	t.RawSetString("depth", lua.LNumber(res.Depth))
	t.RawSetString("nodes", lua.LNumber(res.Nodes))
	t.RawSetString("stopped", lua.LBool(res.Stopped))
	L.Push(t)
	return 1
}

// g:eval() -> score, terms: the static evaluation and its terms by name; nil
// when the game has no evaluation.
func gameEval(L *lua.LState) int {
	gv := checkGame(L)
	score, terms, ok := engine.Evaluate(gv.game())
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	t := L.NewTable()
	for _, term := range terms {
		t.RawSetString(term.Name, lua.LNumber(term.Value))
	}
	L.Push(lua.LNumber(score))
	L.Push(t)
	return 2
}
