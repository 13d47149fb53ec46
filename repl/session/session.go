// Package session holds the state of a REPL session independent of any
// terminal: the current game and its line of moves (with undo, redo and
// goto), the board editor, the position slots, and game records.
package session

import (
	"fmt"
	"strings"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/record"
)

// Entry is one ply of the line.
type Entry struct {
	Move   rules.Move
	Text   string // canonical notation
	Side   int    // the side that played it
	Forced bool   // a forced pass played automatically
}

// Slot is a saved position.
type Slot struct {
	Info     *rules.Info
	Opts     rules.Options
	Position string
}

// Session is a game being played or explored.
type Session struct {
	info  *rules.Info
	opts  rules.Options // every option, defaults filled in
	start string        // the start position string
	g     rules.Game    // the current position
	line  []Entry       // every ply from start, including undone ones
	cur   int           // plies of line played on g
	Slots [10]*Slot
	// Players are the players' names for records, by side.
	Players [2]string
	// agreed is the end the players agreed on (Agree), in force while the
	// game stays where they agreed: a move, an undo or an edit ends it.
	agreed *agreement
}

type agreement struct {
	res rules.Result
	g   rules.Game
	cur int
	pos string
}

// New starts a session on a game with options (KEY=VALUE pairs) from the
// start position or from position when it is not empty.
func New(info *rules.Info, pairs []string, position string) (*Session, error) {
	s := &Session{}
	if err := s.NewGame(info, pairs, position); err != nil {
		return nil, err
	}
	return s, nil
}

// NewGame replaces the game (the slots stay).
func (s *Session) NewGame(info *rules.Info, pairs []string, position string) error {
	opts, err := info.ParseOptions(pairs)
	if err != nil {
		return err
	}
	return s.setGame(info, opts, position)
}

func (s *Session) setGame(info *rules.Info, opts rules.Options, position string) error {
	var g rules.Game
	var err error
	if position == "" {
		g, err = info.New(opts)
	} else {
		g, err = info.Parse(opts, position)
		if err != nil {
			err = fmt.Errorf("position %q: %w", position, err)
		}
	}
	if err != nil {
		return err
	}
	s.info, s.opts, s.g = info, opts, g
	s.start = g.Position()
	s.line, s.cur = nil, 0
	return nil
}

// Info is the rule set being played.
func (s *Session) Info() *rules.Info { return s.info }

// Options returns every option in force (defaults included).
func (s *Session) Options() rules.Options { return s.opts }

// OptionPairs lists the options that differ from their defaults.
func (s *Session) OptionPairs() []string { return s.info.FormatOptions(s.opts) }

// Game is the current position. Callers must not play on it; use Play.
func (s *Session) Game() rules.Game { return s.g }

// Start is the start position string of the line.
func (s *Session) Start() string { return s.start }

// Line returns the line of moves (including undone ones after Cursor).
func (s *Session) Line() []Entry { return s.line }

// Cursor is the number of plies of the line played.
func (s *Session) Cursor() int { return s.cur }

// Last returns the last ply played, if any.
func (s *Session) Last() (Entry, bool) {
	if s.cur == 0 {
		return Entry{}, false
	}
	return s.line[s.cur-1], true
}

// MoveNumber is the number of the move about to be played: 1 at the start,
// going up by one after each move of the second side (like chess).
func (s *Session) MoveNumber() int {
	// Count full moves from the line's start: the first side's plies start
	// a move.
	n := 1
	side := -1
	if s.cur > 0 {
		side = s.line[0].Side
	} else {
		side = s.g.SideToMove()
	}
	if side == 1 {
		// The line starts with the second side: its first ply is move 1.
		return (s.cur+1)/2 + 1
	}
	return n + s.cur/2
}

// ParseMove reads a move in the current position.
func (s *Session) ParseMove(text string) (rules.Move, error) {
	return s.g.ParseMove(text)
}

// Play makes a legal move, then any forced passes that follow. A move that
// is the next one of the line keeps the rest of the line (redo still works);
// any other move cuts the line there. It returns the forced passes played.
func (s *Session) Play(m rules.Move) (forced []Entry) {
	text := s.g.FormatMove(m)
	if s.cur < len(s.line) && s.line[s.cur].Text == text {
		s.g.Play(m)
		s.cur++
		for s.cur < len(s.line) && s.line[s.cur].Forced {
			e := s.line[s.cur]
			s.g.Play(e.Move)
			s.cur++
			forced = append(forced, e)
		}
		return forced
	}
	s.line = s.line[:s.cur]
	s.push(Entry{Move: m, Text: text, Side: s.g.SideToMove()})
	for !s.g.Result().Over() {
		p, ok := rules.ForcedPass(s.g)
		if !ok {
			break
		}
		e := Entry{Move: p, Text: s.g.FormatMove(p), Side: s.g.SideToMove(), Forced: true}
		s.push(e)
		forced = append(forced, e)
	}
	return forced
}

func (s *Session) push(e Entry) {
	s.g.Play(e.Move)
	s.line = append(s.line, e)
	s.cur++
}

// Agree ends the game by the players' agreement, with the result the game's
// rules give (rules.AgreedResult: a draw, or Oware's rows collected). It
// holds until the game moves on: undo, goto or an edit reopen the game.
func (s *Session) Agree() (rules.Result, error) {
	if res := s.Result(); res.Over() {
		return res, fmt.Errorf("the game is already over (%s)", rules.FormatResult(s.g, res))
	}
	res := rules.AgreedResult(s.g)
	s.agreed = &agreement{res: res, g: s.g, cur: s.cur, pos: s.g.Position()}
	return res, nil
}

// Withdraw takes back an agreement in force (Agree) and reports whether
// there was one; the game then goes on from where it was.
func (s *Session) Withdraw() bool {
	if s.Result(); s.agreed == nil {
		return false
	}
	s.agreed = nil
	return true
}

// Result is the game's result, or the one the players agreed on.
func (s *Session) Result() rules.Result {
	if a := s.agreed; a != nil {
		if a.g == s.g && a.cur == s.cur && a.pos == s.g.Position() {
			return a.res
		}
		s.agreed = nil
	}
	return s.g.Result()
}

// PlayText parses and plays a move.
func (s *Session) PlayText(text string) ([]Entry, error) {
	if res := s.Result(); res.Over() && !s.g.Result().Over() {
		return nil, fmt.Errorf("the game was ended by agreement (%s): undo, goto or new to go on", rules.FormatResult(s.g, res))
	}
	m, err := s.g.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return s.Play(m), nil
}

// Undo takes back n moves (a forced pass goes back with the move before
// it). It returns how many plies were taken back.
func (s *Session) Undo(n int) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("undo %d: want a count of at least 1", n)
	}
	if s.cur == 0 {
		return 0, fmt.Errorf("nothing to undo")
	}
	plies := 0
	for i := 0; i < n && s.cur > 0; i++ {
		for s.cur > 0 {
			s.cur--
			s.g.Unplay()
			plies++
			if !s.line[s.cur].Forced {
				break
			}
		}
	}
	return plies, nil
}

// Redo replays n undone moves (with the forced passes that follow them).
func (s *Session) Redo(n int) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("redo %d: want a count of at least 1", n)
	}
	if s.cur == len(s.line) {
		return 0, fmt.Errorf("nothing to redo")
	}
	plies := 0
	for i := 0; i < n && s.cur < len(s.line); i++ {
		s.g.Play(s.line[s.cur].Move)
		s.cur++
		plies++
		for s.cur < len(s.line) && s.line[s.cur].Forced {
			s.g.Play(s.line[s.cur].Move)
			s.cur++
			plies++
		}
	}
	return plies, nil
}

// Goto goes to ply n of the line (0 = the start).
func (s *Session) Goto(n int) error {
	if n < 0 || n > len(s.line) {
		return fmt.Errorf("goto %d: the line has plies 0 to %d", n, len(s.line))
	}
	for s.cur > n {
		s.cur--
		s.g.Unplay()
	}
	for s.cur < n {
		s.g.Play(s.line[s.cur].Move)
		s.cur++
	}
	return nil
}

// Reset goes back to the game's start position with the same options,
// forgetting the line.
func (s *Session) Reset() error {
	return s.setGame(s.info, s.opts, "")
}

// SetPosition replaces the position (same game and options) and forgets the
// line.
func (s *Session) SetPosition(position string) error {
	return s.setGame(s.info, s.opts, strings.TrimSpace(position))
}

// Editor returns the game's editor, or an error when the game has none.
func (s *Session) editor(g rules.Game) (rules.Editor, error) {
	ed, ok := g.(rules.Editor)
	if !ok {
		return nil, fmt.Errorf("%s has no board editor", s.info.ID)
	}
	return ed, nil
}

// Edit applies an edit to a copy of the position; when it succeeds and the
// result is a valid position, it becomes the new start and the line is
// forgotten. A refused edit changes nothing.
func (s *Session) Edit(fn func(ed rules.Editor) error) error {
	c := s.g.Clone()
	ed, err := s.editor(c)
	if err != nil {
		return err
	}
	if err := fn(ed); err != nil {
		return err
	}
	// Check the edited position is one the game accepts.
	pos := c.Position()
	g, err := s.info.Parse(s.opts, pos)
	if err != nil {
		return fmt.Errorf("the edited position is not valid: %v", err)
	}
	s.g, s.start, s.line, s.cur = g, g.Position(), nil, 0
	return nil
}

// Store saves the current position in slot i.
func (s *Session) Store(i int) error {
	if i < 0 || i >= len(s.Slots) {
		return fmt.Errorf("slot %d: want 0 to %d", i, len(s.Slots)-1)
	}
	s.Slots[i] = &Slot{Info: s.info, Opts: s.opts, Position: s.g.Position()}
	return nil
}

// Recall loads the position of slot i (and its game), forgetting the line.
func (s *Session) Recall(i int) error {
	if i < 0 || i >= len(s.Slots) {
		return fmt.Errorf("slot %d: want 0 to %d", i, len(s.Slots)-1)
	}
	sl := s.Slots[i]
	if sl == nil {
		return fmt.Errorf("slot %d is empty", i)
	}
	return s.setGame(sl.Info, sl.Opts, sl.Position)
}

// NextSlot returns the first used slot after (dir > 0) or before (dir < 0)
// slot from, wrapping around; -1 when every slot is empty.
func (s *Session) NextSlot(from, dir int) int {
	n := len(s.Slots)
	for k := 1; k <= n; k++ {
		i := ((from+dir*k)%n + n) % n
		if s.Slots[i] != nil {
			return i
		}
	}
	return -1
}

// Record returns the game as a record: tags and the moves played up to the
// cursor.
func (s *Session) Record(now time.Time) *record.Record {
	r := &record.Record{}
	r.Set(record.TagGame, s.info.ID)
	if o := s.OptionPairs(); len(o) > 0 {
		r.Set(record.TagOptions, strings.Join(o, " "))
	}
	if start := s.startOfGame(); start != s.start {
		r.Set(record.TagPosition, s.start)
	}
	r.Set(record.TagDate, now.Format("2006.01.02"))
	for side := 0; side < 2; side++ {
		name := s.Players[side]
		if name == "" {
			name = "?"
		}
		r.Set(capitalize(s.g.SideName(side)), name)
	}
	res := s.Result()
	r.Set(record.TagResult, record.ResultToken(res.Over(), res.Winner))
	if res.Over() {
		r.Set(record.TagTermination, rules.FormatResult(s.g, res))
	}
	for _, e := range s.line[:s.cur] {
		r.AddMoves(e.Text)
	}
	return r
}

func (s *Session) startOfGame() string {
	g, err := s.info.New(s.opts)
	if err != nil {
		return ""
	}
	return g.Position()
}

func capitalize(x string) string {
	if x == "" {
		return x
	}
	return strings.ToUpper(x[:1]) + x[1:]
}

// LoadRecord replaces the game with a record's: its game (or the current
// one when it names none), options, start position and moves. A move that
// is not legal stops the load with an error naming it; the session is
// unchanged then.
func (s *Session) LoadRecord(r *record.Record) error {
	info := s.info
	if id := r.Get(record.TagGame); id != "" {
		var err error
		if info, err = rules.Lookup(id); err != nil {
			return err
		}
	}
	var pairs []string
	if o := r.Get(record.TagOptions); o != "" {
		pairs = strings.Fields(o)
	} else if info == s.info && !r.Has(record.TagGame) {
		pairs = s.OptionPairs()
	}
	pos := r.Get(record.TagPosition)
	if pos == "" {
		pos = r.Get("FEN")
	}
	if pos == "" && len(r.Tags) == 0 {
		// A plain move list continues from the start of the current line.
		pos = s.start
	}
	ns := &Session{Slots: s.Slots}
	if err := ns.NewGame(info, pairs, pos); err != nil {
		return err
	}
	for i, m := range r.Moves {
		if _, err := ns.PlayTextNoForced(m.Text); err != nil {
			where := fmt.Sprintf("move %d %q", i+1, m.Text)
			if m.Line > 0 {
				where = fmt.Sprintf("line %d: %s", m.Line, where)
			}
			return fmt.Errorf("%s: %v", where, err)
		}
	}
	for side := 0; side < 2; side++ {
		if p := r.Get(capitalize(ns.g.SideName(side))); p != "" && p != "?" {
			ns.Players[side] = p
		}
	}
	*s = *ns
	return nil
}

// PlayTextNoForced plays a move from a record: a forced pass the record
// leaves out is played first.
func (s *Session) PlayTextNoForced(text string) ([]Entry, error) {
	m, err := s.g.ParseMove(text)
	if err != nil {
		if p, ok := rules.ForcedPass(s.g); ok && !s.g.Result().Over() {
			// The record left out a forced pass.
			c := s.g.Clone()
			c.Play(p)
			if _, err2 := c.ParseMove(text); err2 == nil {
				s.line = s.line[:s.cur]
				s.push(Entry{Move: p, Text: s.g.FormatMove(p), Side: s.g.SideToMove(), Forced: true})
				return s.PlayTextNoForced(text)
			}
		}
		return nil, err
	}
	// Do not auto-play passes: the record says what was played, and a
	// forced pass written in it must not be played twice.
	s.line = s.line[:s.cur]
	s.push(Entry{Move: m, Text: s.g.FormatMove(m), Side: s.g.SideToMove(), Forced: false})
	return nil, nil
}
