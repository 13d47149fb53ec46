// Package session holds the state of a REPL session independent of any
// terminal: the current line of play (rules/line), the position slots and
// the players' names.
package session

import (
	"fmt"
	"strings"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// Slot is a saved position.
type Slot struct {
	Info     *rules.Info
	Opts     rules.Options
	Position string
}

// Session is a game being played or explored at the prompt: the line of
// play (rules/line: moves, undo, redo, goto, agreement, records) and what
// only the prompt keeps, the position slots and the players' names.
type Session struct {
	*line.Line
	Slots [10]*Slot
	// Players are the players' names for records: Players[0] is the one
	// who had the first side at the line's start (a Konobi swap exchanges
	// the sides they play: PlayerName).
	Players [2]string
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
	l, err := line.NewPairs(info, pairs, position)
	if err != nil {
		return err
	}
	s.Line = l
	return nil
}

func (s *Session) setGame(info *rules.Info, opts rules.Options, position string) error {
	l, err := line.New(info, opts, position)
	if err != nil {
		return err
	}
	s.Line = l
	return nil
}

// Reset goes back to the game's start position with the same options,
// forgetting the line.
func (s *Session) Reset() error {
	return s.setGame(s.Info(), s.Options(), "")
}

// SetPosition replaces the position (same game and options) and forgets the
// line.
func (s *Session) SetPosition(position string) error {
	return s.setGame(s.Info(), s.Options(), strings.TrimSpace(position))
}

// Store saves the current position in slot i.
func (s *Session) Store(i int) error {
	if i < 0 || i >= len(s.Slots) {
		return fmt.Errorf("slot %d: want 0 to %d", i, len(s.Slots)-1)
	}
	s.Slots[i] = &Slot{Info: s.Info(), Opts: s.Options(), Position: s.Game().Position()}
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

// PlayerName is the name of the player of side at the cursor ("" when
// unknown): after a Konobi swap, the one who started on the other side.
func (s *Session) PlayerName(side int) string { return s.Players[s.PlayerAt(s.Cursor(), side)] }

// SetPlayerName names the player of side at the cursor.
func (s *Session) SetPlayerName(side int, name string) {
	s.Players[s.PlayerAt(s.Cursor(), side)] = name
}

// SwapText says who plays which side after ply n (1-based), which
// exchanged the players, by their names (line.Line.SwapText).
func (s *Session) SwapText(n int) string { return s.Line.SwapText(n, s.Players) }

// Record returns the game as a record: the line's record (rules/line) with
// the date and the players' names ("?" when unknown), each in the tag of
// the side it plays at the end of the line (after a Konobi swap, the
// other side than it started with).
func (s *Session) Record(now time.Time) *record.Record {
	tags := []record.Tag{{Name: record.TagDate, Value: now.Format("2006.01.02")}}
	for side := 0; side < 2; side++ {
		tags = append(tags, record.Tag{Name: s.SideTag(side), Value: record.OrUnknown(s.PlayerName(side))})
	}
	return s.Line.Record(tags...)
}

// LoadRecord replaces the game with a record's (line.Replay: a record
// without a Game tag is of the current game, a plain move list continues
// from the start of the current line) and takes the players' names from
// it, each tag naming the player of its side at the end of the moves. A
// move that is not legal stops the load with an error naming it; the
// session is unchanged then.
func (s *Session) LoadRecord(r *record.Record) error {
	l, err := line.Replay(r, s.Line)
	if err != nil {
		return err
	}
	s.Line, s.Players = l, [2]string{}
	for side := 0; side < 2; side++ {
		if p := r.Get(l.SideTag(side)); p != "" && p != "?" {
			s.SetPlayerName(side, p)
		}
	}
	return nil
}
