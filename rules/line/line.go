// Package line holds the line of play: a game being played as one value.
//
// A Line is the game and its options, the start position, the moves played
// from it (their text, the side that played each and whether it was a
// forced pass), a cursor for undo, redo and goto, a result the players
// declared (an agreement, a resignation), and the game's record. Every
// front end (the prompt, Lua, the telnet table, the game protocols, the
// batch commands, the record converters) is an adapter over this one value.
//
// Forced passes follow one policy: after every move played through a Line,
// the passes that the next sides are forced to make are played at once and
// marked forced (undo takes them back with the move before them). When a
// written line of moves (a record, a move list) writes such a pass out, the
// written pass is that same pass, not a second one (PlayWritten); when it
// leaves out a pass that was not played yet (the start position is one
// where the side to move must pass), the pass is played before the next
// written move.
//
// Storage is compact: a ply is 12 bytes plus the bytes of its text; no
// position is kept per ply.
package line

import (
	"errors"
	"fmt"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/record"
)

// Ply is one move of the line.
type Ply struct {
	Move   rules.Move
	Text   string // canonical notation
	Side   int    // the side that played it (0 or 1)
	Forced bool   // a forced pass played automatically
}

// ply is how a Ply is stored: its text lives in Line.text.
type ply struct {
	move   rules.Move
	off    uint32 // offset of the text in Line.text
	n      uint16 // length of the text
	side   int8
	forced bool
}

// Line is a game being played. It is not safe for concurrent use; Clone
// gives an independent copy.
type Line struct {
	info  *rules.Info
	opts  rules.Options // every option, defaults filled in
	start string        // the start position string
	g     rules.Game    // the position at the cursor
	plies []ply         // every ply from the start, undone ones included
	text  []byte        // the plies' texts, end to end
	cur   int           // plies played on g
	// ended is the result the players declared (End, Agree); it holds
	// while the cursor stays at ended.cur.
	ended *ending
	// observe, when set, is called after each ply played (the game is
	// then in the position after it).
	observe func(Ply)
	// notes are the plies' annotations (glyphs, comments, variations) by
	// index, kept apart from the plies (most have none); comments are the
	// game's comments before its first move.
	notes    map[int]record.Annotation
	comments []string
}

type ending struct {
	res rules.Result
	cur int
}

// New starts a line of a game with options (every name and value already
// validated, as Info.ParseOptions returns them) from the start position, or
// from position when it is not empty.
func New(info *rules.Info, opts rules.Options, position string) (*Line, error) {
	full := info.Complete(opts)
	var g rules.Game
	var err error
	if position == "" {
		g, err = info.New(full)
	} else {
		g, err = info.Parse(full, position)
		if err != nil {
			err = fmt.Errorf("position %q: %w", position, err)
		}
	}
	if err != nil {
		return nil, err
	}
	return &Line{info: info, opts: full, start: g.Position(), g: g}, nil
}

// NewPairs validates options given as KEY=VALUE pairs and starts a line as
// New does.
func NewPairs(info *rules.Info, pairs []string, position string) (*Line, error) {
	opts, err := info.ParseOptions(pairs)
	if err != nil {
		return nil, err
	}
	return New(info, opts, position)
}

// FromGame starts a line at g's position, with g's rules and options. The
// line takes g over: play on it through the line only.
func FromGame(g rules.Game) *Line {
	info := g.Info()
	full := info.Complete(g.Options())
	return &Line{info: info, opts: full, start: g.Position(), g: g}
}

// Clone returns an independent copy of the line (without its observer).
func (l *Line) Clone() *Line {
	c := *l
	c.g = l.g.Clone()
	c.plies = append([]ply(nil), l.plies...)
	c.text = append([]byte(nil), l.text...)
	if l.ended != nil {
		e := *l.ended
		c.ended = &e
	}
	c.observe = nil
	if l.notes != nil {
		c.notes = make(map[int]record.Annotation, len(l.notes))
		for k, v := range l.notes {
			c.notes[k] = v
		}
	}
	c.comments = append([]string(nil), l.comments...)
	// The clone's game can take back only what l's game could; a game
	// parsed from a position string cannot go back before it. Plies before
	// what Unplay can reach are kept in the line all the same: Goto
	// replays from a fresh start when it must.
	return &c
}

// Observe makes fn be called after each ply played on the line (moves,
// forced passes, redo and goto forward), with the game in the position
// after it; nil stops it.
func (l *Line) Observe(fn func(Ply)) { l.observe = fn }

// Info is the rule set being played.
func (l *Line) Info() *rules.Info { return l.info }

// Options returns every option in force, defaults included.
func (l *Line) Options() rules.Options { return l.opts }

// OptionPairs lists the options that differ from their defaults.
func (l *Line) OptionPairs() []string { return l.info.FormatOptions(l.opts) }

// Game is the position at the cursor. Callers must not play on it (use
// Play); an editor may change it, and Rebase then makes it the new start.
func (l *Line) Game() rules.Game { return l.g }

// Start is the start position string of the line.
func (l *Line) Start() string { return l.start }

// Len is the number of plies of the line, undone ones included.
func (l *Line) Len() int { return len(l.plies) }

// Cursor is the number of plies of the line played.
func (l *Line) Cursor() int { return l.cur }

func (l *Line) textAt(i int) []byte {
	p := l.plies[i]
	return l.text[p.off : p.off+uint32(p.n)]
}

// At returns ply i (0-based) of the line.
func (l *Line) At(i int) Ply {
	p := l.plies[i]
	return Ply{Move: p.move, Text: string(l.textAt(i)), Side: int(p.side), Forced: p.forced}
}

// Plies returns every ply of the line, undone ones after Cursor included.
func (l *Line) Plies() []Ply {
	out := make([]Ply, len(l.plies))
	for i := range l.plies {
		out[i] = l.At(i)
	}
	return out
}

// Played returns the texts of the plies played (up to the cursor).
func (l *Line) Played() []string {
	out := make([]string, l.cur)
	for i := range out {
		out[i] = l.At(i).Text
	}
	return out
}

// Last returns the last ply played, if any.
func (l *Line) Last() (Ply, bool) {
	if l.cur == 0 {
		return Ply{}, false
	}
	return l.At(l.cur - 1), true
}

// MoveNumber is the number of the move about to be played: 1 at the start,
// going up by one after each move of the second side (as in chess). A line
// that starts with the second side to move numbers its first ply 1.
func (l *Line) MoveNumber() int {
	side := l.g.SideToMove()
	if l.cur > 0 {
		side = int(l.plies[0].side)
	}
	if side == 1 {
		return (l.cur+1)/2 + 1
	}
	return 1 + l.cur/2
}

// SideTag is the record tag naming the player of a side: the side's name,
// capitalised ("Red", "North").
func (l *Line) SideTag(side int) string {
	n := l.g.SideName(side)
	if n == "" {
		return n
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// Swapped reports whether ply i (below the cursor, or followed by another
// ply) exchanged the players: after it, the side that played it is to move
// again (the Konobi swap: the players exchange colours, and the one who
// moved first places the next stone, of the other colour). A forced pass
// never does: the side that passes is not to move after it.
func (l *Line) Swapped(i int) bool {
	switch {
	case i < 0 || i >= len(l.plies):
		return false
	case i+1 < len(l.plies):
		return l.plies[i+1].side == l.plies[i].side
	case i == l.cur-1:
		return l.g.SideToMove() == int(l.plies[i].side)
	}
	return false
}

// PlayerAt is the player who plays side after the first n plies of the
// line: 0 for the one who had the first side (side 0) at the line's
// start, 1 for the other. Each ply that exchanged the players (Swapped)
// exchanges them.
func (l *Line) PlayerAt(n, side int) int {
	for i := 0; i < n && i < len(l.plies); i++ {
		if l.Swapped(i) {
			side = 1 - side
		}
	}
	return side
}

// SwapText says who plays which side after ply n-1 (1-based: ply n of
// the line), which exchanged the players (Swapped), as the telnet table
// says it: "the players swapped: bob now plays black, ann white". names
// are the players' (names[0] had the first side at the start); a player
// without one is "the first player" or "the second player".
func (l *Line) SwapText(n int, names [2]string) string {
	s := int(l.plies[n-1].side) // swapped, and is to move again
	name := func(side int) string {
		p := l.PlayerAt(n, side)
		if names[p] != "" {
			return names[p]
		}
		return [2]string{"the first player", "the second player"}[p]
	}
	return fmt.Sprintf("the players swapped: %s now plays %s, %s %s", name(1-s), l.g.SideName(1-s), name(s), l.g.SideName(s))
}

// push plays p (a legal move) at the cursor, after cutting the line there.
func (l *Line) push(m rules.Move, forced bool) Ply {
	if l.cur < len(l.plies) {
		l.text = l.text[:l.plies[l.cur].off]
		l.plies = l.plies[:l.cur]
		for k := range l.notes {
			if k >= l.cur {
				delete(l.notes, k) // a new move over an annotated one
			}
		}
	}
	p := Ply{Move: m, Text: l.g.FormatMove(m), Side: l.g.SideToMove(), Forced: forced}
	l.plies = append(l.plies, ply{move: m, off: uint32(len(l.text)), n: uint16(len(p.Text)), side: int8(p.Side), forced: forced})
	l.text = append(l.text, p.Text...)
	l.ended = nil
	l.g.Play(m)
	l.cur++
	if l.observe != nil {
		l.observe(p)
	}
	return p
}

// forward replays the next ply of the line.
func (l *Line) forward() {
	l.g.Play(l.plies[l.cur].move)
	l.cur++
	if l.observe != nil {
		l.observe(l.At(l.cur - 1))
	}
}

// Play makes a legal move (one the game listed or parsed), then the forced
// passes that follow. A move that is the next one of the line keeps the
// rest of the line (redo still works); any other move cuts the line there.
// It returns the plies played: the move, then the forced passes.
func (l *Line) Play(m rules.Move) []Ply {
	if l.cur < len(l.plies) && string(l.textAt(l.cur)) == l.g.FormatMove(m) {
		l.ended = nil
		l.forward()
		out := []Ply{l.At(l.cur - 1)}
		for l.cur < len(l.plies) && l.plies[l.cur].forced {
			l.forward()
			out = append(out, l.At(l.cur-1))
		}
		return out
	}
	out := []Ply{l.push(m, false)}
	return append(out, l.PassForced()...)
}

// PassForced plays the passes the sides to move are forced to make now (none
// when the game is over or the side to move has a choice) and returns them.
// Play does this after every move; a front end calls it for a start
// position where the side to move must pass.
func (l *Line) PassForced() []Ply {
	var out []Ply
	for !l.g.Result().Over() {
		p, ok := rules.ForcedPass(l.g)
		if !ok {
			break
		}
		out = append(out, l.push(p, true))
	}
	return out
}

// ErrEnded is returned (wrapped) for a move made after the players ended
// the game (End, Agree).
var ErrEnded = errors.New("the game was ended")

// PlayText parses a move in the position at the cursor and plays it as
// Play does.
func (l *Line) PlayText(text string) ([]Ply, error) {
	if err := l.checkEnded(); err != nil {
		return nil, err
	}
	m, err := l.g.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return l.Play(m), nil
}

func (l *Line) checkEnded() error {
	if res := l.Result(); res.Over() && !l.g.Result().Over() {
		how := "by agreement"
		if res.Reason != rules.AgreedResult(l.g).Reason {
			how = "by the players"
		}
		return fmt.Errorf("%w %s (%s): undo, goto or new to go on", ErrEnded, how, rules.FormatResult(l.g, res))
	}
	return nil
}

// PlayWritten plays a move of a written line (a record, a move list): a
// pass written out where the line has just played that forced pass is the
// same pass (it is then marked as written, and nothing more is played); a
// forced pass left out before the move is played first. It returns the
// plies played.
func (l *Line) PlayWritten(text string) ([]Ply, error) {
	if err := l.checkEnded(); err != nil {
		return nil, err
	}
	m, err := l.g.ParseMove(text)
	if err == nil {
		return l.Play(m), nil
	}
	if i := l.cur - 1; i >= 0 && l.plies[i].forced && l.g.Ply() > 0 {
		// The pass just played for the side that had to: is this it?
		c := l.g.Clone()
		c.Unplay()
		if pm, perr := c.ParseMove(text); perr == nil && rules.IsPass(c, pm) {
			l.plies[i].forced = false
			return nil, nil
		}
	}
	if _, ok := rules.ForcedPass(l.g); ok && !l.g.Result().Over() {
		// A forced pass left out: play it, then the move.
		out := l.PassForced()
		m, err = l.g.ParseMove(text)
		if err != nil {
			return out, err
		}
		return append(out, l.Play(m)...), nil
	}
	return nil, err
}

// PlayMoves plays the moves of a written line (PlayWritten). The first
// move that is not legal stops it with an error naming the move's number
// (counting from first), its line when known, and the reason; the moves
// before it stay played.
//
// Each move's annotation goes with the ply it wrote. Its variations are
// played too, each from the position before the move (on a copy: the line
// does not change); the first illegal move of a variation stops it with a
// *VariationError naming the move it is an alternative to and the position
// it starts from.
func (l *Line) PlayMoves(moves []record.Move, first int) error {
	for i, m := range moves {
		var before rules.Game
		if len(m.Variations) > 0 {
			before = l.g.Clone()
		}
		c0 := l.cur
		played, err := l.PlayWritten(m.Text)
		if err != nil {
			return &MoveError{Index: first + i, Move: m, Err: err}
		}
		if !m.Annotation.Empty() {
			a := m.Annotation
			if len(a.Variations) > 0 {
				start := before.Position()
				for _, v := range a.Variations {
					vl := FromGame(before.Clone())
					if err := vl.PlayMoves(v, 1); err != nil {
						return &VariationError{Of: first + i, OfMove: m, Start: start, Err: err}
					}
				}
			}
			l.Annotate(WrittenIndex(c0, played), a)
		}
	}
	return nil
}

// WrittenIndex is the index of the ply a written move played (PlayWritten
// returned played when the line was at ply c0): its first ply that is not
// a forced pass, or the forced pass just before it that the move wrote out.
func WrittenIndex(c0 int, played []Ply) int {
	for i, p := range played {
		if !p.Forced {
			return c0 + i
		}
	}
	return c0 - 1
}

// VariationError is a move of a variation that could not be played.
type VariationError struct {
	Of     int         // the number of the move the variation is an alternative to
	OfMove record.Move // that move
	Start  string      // the position the variation starts from
	Err    error       // the move of the variation that failed (*MoveError, or a VariationError deeper)
}

func (e *VariationError) Error() string {
	return fmt.Sprintf("%v (in a variation of move %d %q, from %s)", e.Err, e.Of, e.OfMove.Text, e.Start)
}

func (e *VariationError) Unwrap() error { return e.Err }

// Annotate sets the annotation of ply i (glyph, NAGs, comments,
// variations: record.Annotation); an empty one removes it. Playing another
// move where ply i was drops it.
func (l *Line) Annotate(i int, a record.Annotation) {
	if i < 0 || i >= len(l.plies) {
		return
	}
	if a.Empty() {
		delete(l.notes, i)
		return
	}
	if l.notes == nil {
		l.notes = map[int]record.Annotation{}
	}
	l.notes[i] = a
}

// Note is the annotation of ply i (empty when it has none).
func (l *Line) Note(i int) record.Annotation { return l.notes[i] }

// SetComments sets the game's comments (before its first move); Comments
// returns them.
func (l *Line) SetComments(c []string) { l.comments = append([]string(nil), c...) }

// Comments are the game's comments, before its first move.
func (l *Line) Comments() []string { return l.comments }

// MoveError is a move of a written line that could not be played.
type MoveError struct {
	Index int         // its number in the written line, from 1
	Move  record.Move // its text and line
	Err   error       // why
}

func (e *MoveError) Error() string {
	where := fmt.Sprintf("move %d %q", e.Index, e.Move.Text)
	if e.Move.Line > 0 {
		where = fmt.Sprintf("line %d: %s", e.Move.Line, where)
	}
	return where + ": " + e.Err.Error()
}

func (e *MoveError) Unwrap() error { return e.Err }

// Undo takes back n moves (a forced pass goes back with the move before
// it). It returns how many plies were taken back.
func (l *Line) Undo(n int) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("undo %d: want a count of at least 1", n)
	}
	if l.cur == 0 {
		return 0, fmt.Errorf("nothing to undo")
	}
	plies := 0
	for i := 0; i < n && l.cur > 0; i++ {
		for l.cur > 0 {
			l.back()
			plies++
			if !l.plies[l.cur].forced {
				break
			}
		}
	}
	l.ended = nil
	return plies, nil
}

// back takes back the last ply played.
func (l *Line) back() {
	l.cur--
	if l.g.Ply() > 0 {
		l.g.Unplay()
		return
	}
	// The game cannot go back that far (a clone of a parsed position):
	// replay from the start.
	g, err := l.info.Parse(l.opts, l.start)
	if err != nil {
		return // the start was parsed once; cannot happen
	}
	for i := 0; i < l.cur; i++ {
		g.Play(l.plies[i].move)
	}
	l.g = g
}

// Redo replays n undone moves (with the forced passes that follow them).
// It returns how many plies were played.
func (l *Line) Redo(n int) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("redo %d: want a count of at least 1", n)
	}
	if l.cur == len(l.plies) {
		return 0, fmt.Errorf("nothing to redo")
	}
	plies := 0
	for i := 0; i < n && l.cur < len(l.plies); i++ {
		l.forward()
		plies++
		for l.cur < len(l.plies) && l.plies[l.cur].forced {
			l.forward()
			plies++
		}
	}
	l.ended = nil
	return plies, nil
}

// Goto goes to ply n of the line (0 = the start). Going to the ply where
// the line is keeps a declared result.
func (l *Line) Goto(n int) error {
	if n < 0 || n > len(l.plies) {
		return fmt.Errorf("goto %d: the line has plies 0 to %d", n, len(l.plies))
	}
	if n != l.cur {
		l.ended = nil
	}
	for l.cur > n {
		l.back()
	}
	for l.cur < n {
		l.forward()
	}
	return nil
}

// Rebase makes the position at the cursor (as an editor left it) the start
// of a new line: the moves are forgotten.
func (l *Line) Rebase() {
	l.start = l.g.Position()
	l.plies, l.text, l.cur, l.ended = nil, nil, 0, nil
	l.notes, l.comments = nil, nil
}

// Edit applies an editor's changes to a copy of the position. When they
// succeed and give a position the game accepts, it becomes the start of a
// new line; a refused edit changes nothing.
func (l *Line) Edit(fn func(ed rules.Editor) error) error {
	c := l.g.Clone()
	ed, ok := c.(rules.Editor)
	if !ok {
		return fmt.Errorf("%s has no board editor", l.info.ID)
	}
	if err := fn(ed); err != nil {
		return err
	}
	g, err := l.info.Parse(l.opts, c.Position())
	if err != nil {
		return fmt.Errorf("the edited position is not valid: %v", err)
	}
	l.g = g
	l.Rebase()
	return nil
}

// End ends the game here with a result the players declared (a
// resignation, a loss on time). It holds until the line moves: a move,
// undo, redo or goto elsewhere takes it back. It cannot end a finished
// game.
func (l *Line) End(res rules.Result) error {
	if cur := l.Result(); cur.Over() {
		return fmt.Errorf("the game is already over (%s)", rules.FormatResult(l.g, cur))
	}
	if !res.Over() {
		return fmt.Errorf("end: %s is not the end of a game", res.Status)
	}
	if res.Status != rules.Win {
		res.Winner = -1
	}
	l.ended = &ending{res: res, cur: l.cur}
	return nil
}

// Agree ends the game by the players' agreement, with the result the
// game's rules give (rules.AgreedResult: a draw, or Oware's rows
// collected). Like End, it holds until the line moves.
func (l *Line) Agree() (rules.Result, error) {
	res := rules.AgreedResult(l.g)
	if err := l.End(res); err != nil {
		return l.Result(), err
	}
	return res, nil
}

// Withdraw takes back a declared result in force (End, Agree) and reports
// whether there was one; the game then goes on from where it was.
func (l *Line) Withdraw() bool {
	if l.Result(); l.ended == nil {
		return false
	}
	l.ended = nil
	return true
}

// Declared reports whether the result is one the players declared (End,
// Agree) rather than the rules'.
func (l *Line) Declared() bool {
	l.Result()
	return l.ended != nil
}

// Result is the game's result at the cursor, or the one the players
// declared there.
func (l *Line) Result() rules.Result {
	if e := l.ended; e != nil {
		if e.cur == l.cur {
			return e.res
		}
		l.ended = nil
	}
	return l.g.Result()
}

// FormatResult writes the result in words ("red wins 29-20 (no moves left
// for either side)", "ongoing").
func (l *Line) FormatResult() string { return rules.FormatResult(l.g, l.Result()) }
