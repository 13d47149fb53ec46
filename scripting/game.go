package scripting

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"boardrepl/internal/safetext"
	"boardrepl/render"
	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"

	lua "github.com/yuin/gopher-lua"
)

// A game value: a line of play (rules/line) of one game: its moves, undo
// and redo. Its methods are called with a colon: g:play("f2"), g:moves(),
// g:position().

const gameType = "boardrepl.game"

type gameVal struct {
	l   *line.Line
	buf []rules.Move
	// fromHost is set for the value current() returns: the host's position
	// and line length when it was taken, so set_current can play the new
	// moves at the prompt instead of replacing the game.
	fromHost bool
	hostPos  string
	hostLen  int
}

// game is the position at the line's cursor.
func (gv *gameVal) game() rules.Game { return gv.l.Game() }

func (gv *gameVal) String() string {
	return gv.game().Info().ID + ": " + gv.game().Position()
}

// newGameVal wraps a new line starting at g's position.
func (e *env) newGameVal(g rules.Game) *lua.LUserData {
	return e.wrap(&gameVal{l: line.FromGame(g)})
}

func (e *env) wrap(gv *gameVal) *lua.LUserData {
	ud := e.L.NewUserData()
	ud.Value = gv
	e.L.SetMetatable(ud, e.L.GetTypeMetatable(gameType))
	return ud
}

func (e *env) openGameType() {
	L := e.L
	mt := L.NewTypeMetatable(gameType)
	methods := map[string]lua.LGFunction{
		"id":         gameID,
		"name":       func(L *lua.LState) int { L.Push(lua.LString(checkGame(L).game().Info().Name)); return 1 },
		"options":    gameOptions,
		"sides":      gameSides,
		"moves":      gameMoves,
		"play":       gamePlay,
		"try":        gameTry,
		"legal":      gameLegal,
		"undo":       gameUndo,
		"redo":       gameRedo,
		"position":   func(L *lua.LState) int { L.Push(lua.LString(checkGame(L).game().Position())); return 1 },
		"start":      func(L *lua.LState) int { L.Push(lua.LString(checkGame(L).l.Start())); return 1 },
		"side":       gameSide,
		"result":     gameResult,
		"over":       func(L *lua.LState) int { L.Push(lua.LBool(checkGame(L).l.Result().Over())); return 1 },
		"winner":     gameWinner,
		"at":         gameAt,
		"squares":    gameSquares,
		"history":    func(L *lua.LState) int { L.Push(strList(L, checkGame(L).l.Played())); return 1 },
		"ply":        func(L *lua.LState) int { L.Push(lua.LNumber(checkGame(L).l.Cursor())); return 1 },
		"captured":   func(L *lua.LState) int { L.Push(strList(L, checkGame(L).game().LastCaptured())); return 1 },
		"board":      gameBoard,
		"copy":       e.gameCopy,
		"perft":      e.gamePerft,
		"divide":     e.gameDivide,
		"hash":       gameHash,
		"record":     gameRecord,
		"edit":       gameEdit,
		"set_side":   gameSetSide,
		"solve":      e.gameSolve,
		"search":     e.gameSearch,
		"analyse":    e.gameAnalyse,
		"puzzles":    e.gamePuzzles,
		"svg":        gameSVG,
		"eval":       gameEval,
		"parse_move": gameParseMove,
	}
	L.SetField(mt, "__index", methodIndex(L, "a game", methods))
	L.SetField(mt, "__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(checkGame(L).String()))
		return 1
	}))
	L.SetField(mt, "__eq", L.NewFunction(func(L *lua.LState) int {
		a, b := checkGameAt(L, 1), checkGameAt(L, 2)
		L.Push(lua.LBool(a.game().Info() == b.game().Info() && a.game().Position() == b.game().Position()))
		return 1
	}))
}

// methodIndex is the __index of a type's metatable: its methods by name,
// and for any other key an error that names it, as Lua 5.1 names a missing
// method ("attempt to call method 'movez' (a nil value)") where gopher-lua
// says only "attempt to call a non-function object":
//
//	s.lua:2: no method 'movez' on a game (its methods: at, board, ...)
//
// Reading such a field is the same error: a game or a book has no fields.
func methodIndex(L *lua.LState, what string, methods map[string]lua.LGFunction) *lua.LFunction {
	tbl := L.SetFuncs(L.NewTable(), methods)
	names := make([]string, 0, len(methods))
	for n := range methods {
		names = append(names, n)
	}
	sort.Strings(names)
	list := strings.Join(names, ", ")
	return L.NewFunction(func(L *lua.LState) int {
		key := L.Get(2)
		if v := tbl.RawGet(key); v != lua.LNil {
			L.Push(v)
			return 1
		}
		name := key.String()
		if _, ok := key.(lua.LString); !ok {
			name = "[" + show(key) + "]"
		}
		L.RaiseError("no method '%s' on %s (its methods: %s)", safeName(name), what, list)
		return 0
	})
}

// safeName is a key as an error shows it: printable, at most 40 bytes.
func safeName(s string) string {
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return safetext.Printable(s)
}

func checkGame(L *lua.LState) *gameVal { return checkGameAt(L, 1) }

func checkGameAt(L *lua.LState, n int) *gameVal {
	ud, ok := L.Get(n).(*lua.LUserData)
	if ok {
		if gv, ok := ud.Value.(*gameVal); ok {
			return gv
		}
	}
	if n == 1 {
		L.ArgError(1, "want a game (call methods with a colon: g:moves())")
	}
	L.ArgError(n, "want a game")
	return nil
}

func gameID(L *lua.LState) int {
	L.Push(lua.LString(checkGame(L).game().Info().ID))
	return 1
}

// g:options() -> {name=value} for every option in force.
func gameOptions(L *lua.LState) int {
	gv := checkGame(L)
	t := L.NewTable()
	in := gv.game().Info()
	set := in.Complete(gv.game().Options())
	for _, o := range in.Options {
		t.RawSetString(o.Name, lua.LString(set[o.Name]))
	}
	L.Push(t)
	return 1
}

func gameSides(L *lua.LState) int {
	gv := checkGame(L)
	L.Push(strList(L, []string{gv.game().SideName(0), gv.game().SideName(1)}))
	return 1
}

// g:moves() -> {"f2", "g1e3", ...} in the game's order.
func gameMoves(L *lua.LState) int {
	gv := checkGame(L)
	gv.buf = gv.game().Moves(gv.buf[:0])
	t := L.CreateTable(len(gv.buf), 0)
	for _, m := range gv.buf {
		t.Append(lua.LString(gv.game().FormatMove(m)))
	}
	L.Push(t)
	return 1
}

// moveArgs collects the moves given from argument n on: strings (split at
// white space) or tables of strings.
func moveArgs(L *lua.LState, n int) []string {
	var out []string
	add := func(v lua.LValue) {
		s, ok := v.(lua.LString)
		if !ok {
			if num, ok := v.(lua.LNumber); ok {
				s = lua.LString(num.String())
			} else {
				L.ArgError(n, "moves are strings, got "+v.Type().String())
			}
		}
		if strings.ContainsAny(string(s), " \t\n,") {
			out = append(out, strings.FieldsFunc(string(s), func(r rune) bool {
				return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ','
			})...)
		} else {
			out = append(out, string(s))
		}
		if len(out) > maxListLen {
			L.RaiseError("more than %d moves in one call", maxListLen)
		}
	}
	for i := n; i <= L.GetTop(); i++ {
		switch v := L.Get(i).(type) {
		case *lua.LTable:
			for j := 1; j <= v.Len(); j++ {
				add(v.RawGetInt(j))
			}
		default:
			add(v)
		}
	}
	return out
}

// play parses and plays one move as a written line does (line.PlayWritten:
// the forced passes that follow are played too, and a pass written out
// after one is that pass); it returns the reason when it is not legal.
func (gv *gameVal) play(text string) error {
	if _, err := gv.l.PlayWritten(text); err != nil {
		return fmt.Errorf("move %q: %v", strings.TrimSpace(text), err)
	}
	return nil
}

// g:play(m, ...) -> g: plays each move (strings, "f2 b6" lists or tables);
// an illegal move raises `move "x": reason`, after the moves before it.
func gamePlay(L *lua.LState) int {
	gv := checkGame(L)
	if L.GetTop() == 2 {
		if s, ok := L.Get(2).(lua.LString); ok && !strings.ContainsAny(string(s), " \t\n,") {
			// The common case: one move, no list to build.
			if err := gv.play(string(s)); err != nil {
				L.RaiseError("%v", err)
			}
			L.Push(L.Get(1))
			return 1
		}
	}
	for _, s := range moveArgs(L, 2) {
		if err := gv.play(s); err != nil {
			L.RaiseError("%v", err)
		}
	}
	L.Push(L.Get(1))
	return 1
}

// g:try(m, ...) -> true, or nil and the reason (the moves before the bad
// one stay played).
func gameTry(L *lua.LState) int {
	gv := checkGame(L)
	for _, s := range moveArgs(L, 2) {
		if err := gv.play(s); err != nil {
			L.Push(lua.LNil)
			L.Push(lua.LString(err.Error()))
			return 2
		}
	}
	L.Push(lua.LTrue)
	return 1
}

// g:legal(m) -> true, or false and the reason, without playing.
func gameLegal(L *lua.LState) int {
	gv := checkGame(L)
	if _, err := gv.game().ParseMove(L.CheckString(2)); err != nil {
		L.Push(lua.LFalse)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	L.Push(lua.LTrue)
	return 1
}

// g:parse_move(m) -> the move in canonical notation, or nil and the reason.
func gameParseMove(L *lua.LState) int {
	gv := checkGame(L)
	m, err := gv.game().ParseMove(L.CheckString(2))
	if err != nil {
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	L.Push(lua.LString(gv.game().FormatMove(m)))
	return 1
}

// g:undo([n]) -> the number of moves taken back (0 at the start); a
// forced pass goes back with the move before it.
func gameUndo(L *lua.LState) int {
	gv := checkGame(L)
	n := L.OptInt(2, 1)
	done := 0
	for ; done < n; done++ {
		if _, err := gv.l.Undo(1); err != nil {
			break
		}
	}
	if gv.fromHost && gv.l.Cursor() < gv.hostLen {
		gv.fromHost = false // set_current will replace the game
	}
	L.Push(lua.LNumber(done))
	return 1
}

// g:redo([n]) -> the number of moves played again.
func gameRedo(L *lua.LState) int {
	gv := checkGame(L)
	n := L.OptInt(2, 1)
	done := 0
	for ; done < n; done++ {
		if _, err := gv.l.Redo(1); err != nil {
			break
		}
	}
	L.Push(lua.LNumber(done))
	return 1
}

// g:side() -> the name of the side to move ("red"), and its index (0 or 1).
func gameSide(L *lua.LState) int {
	gv := checkGame(L)
	s := gv.game().SideToMove()
	L.Push(lua.LString(gv.game().SideName(s)))
	L.Push(lua.LNumber(s))
	return 2
}

// g:result() -> {over=, status="ongoing"|"win"|"draw", winner=name or nil,
// winner_index=, reason=, score=, text="red wins 25-24 (...)"}
func gameResult(L *lua.LState) int {
	gv := checkGame(L)
	r := gv.l.Result()
	t := L.NewTable()
	t.RawSetString("over", lua.LBool(r.Over()))
	t.RawSetString("status", lua.LString(r.Status.String()))
	if r.Status == rules.Win {
		t.RawSetString("winner", lua.LString(gv.game().SideName(r.Winner)))
		t.RawSetString("winner_index", lua.LNumber(r.Winner))
	}
	t.RawSetString("reason", lua.LString(r.Reason))
	t.RawSetString("score", lua.LString(r.Score))
	t.RawSetString("text", lua.LString(rules.FormatResult(gv.game(), r)))
	L.Push(t)
	return 1
}

// g:winner() -> the winner's name, or nil (ongoing or a draw).
func gameWinner(L *lua.LState) int {
	gv := checkGame(L)
	r := gv.l.Result()
	if r.Status != rules.Win {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LString(gv.game().SideName(r.Winner)))
	return 1
}

// g:at(square) -> the piece ("x", "K"; "" when empty; a seed count for a
// pit) and its owner's name (nil when none). An unknown square raises.
func gameAt(L *lua.LState) int {
	gv := checkGame(L)
	name := strings.TrimSpace(L.CheckString(2))
	b := gv.game().Board()
	for i := range b.Cells {
		c := &b.Cells[i]
		if !strings.EqualFold(c.Name, name) {
			continue
		}
		if c.Label != "" {
			if n, err := strconv.Atoi(c.Piece); err == nil || c.Piece == "" {
				L.Push(lua.LNumber(n))
				owner := c.Owner
				if owner < 0 {
					L.Push(lua.LNil)
				} else {
					L.Push(lua.LString(gv.game().SideName(owner)))
				}
				return 2
			}
		}
		L.Push(lua.LString(c.Piece))
		if c.Owner < 0 || c.Piece == "" {
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LString(gv.game().SideName(c.Owner)))
		}
		return 2
	}
	L.RaiseError("no square or pit %q in %s", name, gv.game().Info().ID)
	return 0
}

// g:squares() -> the names of every square or pit, top row first.
func gameSquares(L *lua.LState) int {
	gv := checkGame(L)
	b := gv.game().Board()
	t := L.CreateTable(len(b.Cells), 0)
	for _, c := range b.Cells {
		t.Append(lua.LString(c.Name))
	}
	L.Push(t)
	return 1
}

// g:board() -> the board as text, without colour.
func gameBoard(L *lua.LState) int {
	gv := checkGame(L)
	st := render.Style{Sides: [2]string{gv.game().SideName(0), gv.game().SideName(1)}}
	L.Push(lua.LString(render.Board(gv.game().Board(), st)))
	return 1
}

// g:copy() -> an independent game with the same history.
func (e *env) gameCopy(L *lua.LState) int {
	gv := checkGame(L)
	L.Push(e.wrap(&gameVal{l: gv.l.Clone()}))
	return 1
}

func checkDepth(L *lua.LState, n int) int {
	d := L.CheckInt(n)
	if d < 0 || d > maxPerftDepth {
		L.ArgError(n, fmt.Sprintf("depth %d: want 0 to %d", d, maxPerftDepth))
	}
	return d
}

// g:perft(depth) -> the number of leaf nodes (depth 0 to 12; the run's
// timeout stops it).
func (e *env) gamePerft(L *lua.LState) int {
	gv := checkGame(L)
	d := checkDepth(L, 2)
	n, err := rules.PerftContext(e.ctx, gv.game().Clone(), d)
	if err != nil {
		L.RaiseError("perft %d: %v", d, err)
	}
	L.Push(lua.LNumber(n))
	return 1
}

// g:divide(depth) -> {move=count, ...} for each root move (depth >= 1).
func (e *env) gameDivide(L *lua.LState) int {
	gv := checkGame(L)
	d := checkDepth(L, 2)
	if d < 1 {
		L.ArgError(2, "divide needs depth >= 1")
	}
	c := gv.game().Clone()
	t := L.NewTable()
	for _, m := range c.Moves(nil) {
		c.Play(m)
		n, err := rules.PerftContext(e.ctx, c, d-1)
		c.Unplay()
		if err != nil {
			L.RaiseError("divide %d: %v", d, err)
		}
		t.RawSetString(c.FormatMove(m), lua.LNumber(n))
	}
	L.Push(t)
	return 1
}

// g:hash() -> the position's key as 16 hex digits (a string: Lua numbers
// cannot hold 64 bits), or nil when the game has none.
func gameHash(L *lua.LState) int {
	gv := checkGame(L)
	h, ok := gv.game().(rules.Hasher)
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LString(fmt.Sprintf("%016x", h.Hash())))
	return 1
}

// g:edit(square, piece) -> g: puts a piece on a square ("" clears it),
// ignoring the rules; the history is cleared.
func gameEdit(L *lua.LState) int {
	gv := checkGame(L)
	ed, ok := gv.game().(rules.Editor)
	if !ok {
		L.RaiseError("%s has no board editor", gv.game().Info().ID)
	}
	if err := ed.SetSquare(L.CheckString(2), L.OptString(3, "")); err != nil {
		L.RaiseError("edit: %v", err)
	}
	gv.resetHistory()
	L.Push(L.Get(1))
	return 1
}

// g:set_side(name or index) -> g
func gameSetSide(L *lua.LState) int {
	gv := checkGame(L)
	ed, ok := gv.game().(rules.Editor)
	if !ok {
		L.RaiseError("%s has no board editor", gv.game().Info().ID)
	}
	side := -1
	switch v := L.Get(2).(type) {
	case lua.LNumber:
		side = int(v)
	case lua.LString:
		for s := 0; s < 2; s++ {
			if strings.EqualFold(gv.game().SideName(s), string(v)) {
				side = s
			}
		}
	}
	if side != 0 && side != 1 {
		L.ArgError(2, fmt.Sprintf("want %s, %s, 0 or 1", gv.game().SideName(0), gv.game().SideName(1)))
	}
	if err := ed.SetSideToMove(side); err != nil {
		L.RaiseError("set_side: %v", err)
	}
	gv.resetHistory()
	L.Push(L.Get(1))
	return 1
}

// resetHistory makes the edited position the start of a new line.
func (gv *gameVal) resetHistory() {
	gv.l.Rebase()
	gv.fromHost = false
}

// g:record([tags]) -> the game as a record text (line.Record: Game,
// Options, Position when not the start, the tags given in name order,
// Result, Termination), with its history.
func gameRecord(L *lua.LState) int {
	gv := checkGame(L)
	var tags []record.Tag
	if extra := L.OptTable(2, nil); extra != nil {
		extra.ForEach(func(k, v lua.LValue) { tags = append(tags, record.Tag{Name: k.String(), Value: v.String()}) })
		sort.Slice(tags, func(i, j int) bool { return tags[i].Name < tags[j].Name })
	}
	L.Push(lua.LString(gv.l.Record(tags...).Format()))
	return 1
}
