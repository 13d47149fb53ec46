package scripting

import (
	"fmt"
	"time"

	lua "github.com/yuin/gopher-lua"

	"boardrepl/rules/engine"
)

// The engine's search and evaluation, as game methods:
//
//	g:search{depth=6}                 -> {best="f2", score=35, score_text="+35", pv={...}, depth=6, nodes=1234}
//	g:search{time=0.5, nodes=100000}  -- seconds, and a node cap
//	g:search{depth=5, exact=true}     -- the exact search
//	g:search{depth=4, multipv=3}      -- and lines={{move="f2", score=35, score_text="+35", pv={...}}, ...}
//	g:eval()                          -> score, {material=..., mobility=...}
//
// g:search is the REPL's go: the engine's playing search (selective, as
// match and uai play; it searches even where the game has an opening
// book), or with exact=true the exact search (the minimax value of the depth, every win
// within it at its shortest distance). Each keeps its table for the script.
//
// Scores are from the side to move's view (100 = about one piece or seed);
// score is nil when the result is proven: then mate is the number of plies
// to a proven end (positive: the side to move wins), or margin the final
// margin the game's endgame tables prove (Oware: seeds); score_text is the
// score as the REPL writes it ("+35", "#5", "win+3"). With multipv=N the
// result also holds lines, the N best moves (all, when there are fewer),
// best first, each with its move, score (or mate, margin), score_text and
// pv; the rest of the result is the first line's.

// Bounds on what a script may ask of the engine.
const (
	maxSearchDepth = 64
	maxSearchNodes = 1e10
	maxSearchTime  = 3600.0
)

// g:search{depth=N, time=S, nodes=N, exact=B, multipv=N}: at least one
// limit is required.
func (e *env) gameSearch(L *lua.LState) int {
	gv := checkGame(L)
	opts := L.OptTable(2, nil)
	if opts == nil {
		L.ArgError(2, "want limits, e.g. g:search{depth=4} or g:search{time=0.5}")
	}
	lim := searchLimits(L, opts)
	if lim == (engine.Limits{}) {
		L.ArgError(2, "give at least one limit: depth, time or nodes")
	}
	lim.MultiPV = multiPVOption(L, opts)
	if gv.game().Result().Over() {
		L.RaiseError("search: the game is over")
	}
	eng, eopts := &e.engine, engine.Options{Selective: true, NoBook: true}
	if exactOption(L, opts) {
		eng, eopts = &e.exactEngine, engine.Options{}
	}
	if *eng == nil {
		*eng = engine.New(eopts)
	}
	res, err := (*eng).Search(e.ctx, gv.game(), lim, nil)
	if err != nil {
		L.RaiseError("search: %v", err)
	}
	t := L.NewTable()
	t.RawSetString("best", lua.LString(res.BestText))
	setScore(t, "", res.Score)
	t.RawSetString("pv", strList(L, res.PVText))
	t.RawSetString("depth", lua.LNumber(res.Depth))
	t.RawSetString("nodes", lua.LNumber(res.Nodes))
	t.RawSetString("stopped", lua.LBool(res.Stopped))
	if lim.MultiPV > 0 {
		lines := res.Lines
		if lines == nil { // one line: the result's
			lines = []engine.Info{res.Info}
		}
		lt := L.NewTable()
		for _, l := range lines {
			line := L.NewTable()
			line.RawSetString("move", lua.LString(l.PVText[0]))
			setScore(line, "", l.Score)
			line.RawSetString("pv", strList(L, l.PVText))
			lt.Append(line)
		}
		t.RawSetString("lines", lt)
	}
	L.Push(t)
	return 1
}

// multiPVOption reads multipv=N (0 when absent).
func multiPVOption(L *lua.LState, opts *lua.LTable) int {
	v := opts.RawGetString("multipv")
	if v == lua.LNil {
		return 0
	}
	n, ok := v.(lua.LNumber)
	if !ok || n < 1 || n > engine.MaxMultiPV || float64(n) != float64(int(n)) {
		L.ArgError(2, fmt.Sprintf("multipv: want a whole number from 1 to %d", engine.MaxMultiPV))
	}
	return int(n)
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

// setScore sets prefix.."score" (evaluation units), prefix.."mate" or
// prefix.."margin" (proven results) and prefix.."score_text": never an
// internal value.
func setScore(t *lua.LTable, prefix string, score int) {
	v := engine.ValueOf(score)
	switch {
	case v.Units != nil:
		t.RawSetString(prefix+"score", lua.LNumber(*v.Units))
	case v.Mate != nil:
		t.RawSetString(prefix+"mate", lua.LNumber(*v.Mate))
	case v.Margin != nil:
		t.RawSetString(prefix+"margin", lua.LNumber(*v.Margin))
	}
	t.RawSetString(prefix+"score_text", lua.LString(v.Text))
}

// searchLimits reads the limits depth, time and nodes of the options table
// at argument 2 (g:search, g:analyse); missing ones stay zero.
// exactOption reads exact=true|false (false when absent).
func exactOption(L *lua.LState, opts *lua.LTable) bool {
	switch v := opts.RawGetString("exact"); v {
	case lua.LNil, lua.LFalse:
		return false
	case lua.LTrue:
		return true
	}
	L.ArgError(2, "exact: want true or false")
	return false
}

func searchLimits(L *lua.LState, opts *lua.LTable) engine.Limits {
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
	return lim
}
