package line

import (
	"fmt"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/record"
)

// Record returns the line as a game record: the Game tag, Options (when
// any differs from its default), Position (when the line does not start at
// the game's start position), the tags given (in their order: Date,
// players...), Result and, when the game is over, Termination with the
// result in words ("south wins 20-28 (agreed: ...)"); then the moves played
// up to the cursor, with their annotations, and the game's comments.
func (l *Line) Record(tags ...record.Tag) *record.Record {
	r := &record.Record{}
	r.Set(record.TagGame, l.info.ID)
	if o := l.OptionPairs(); len(o) > 0 {
		r.Set(record.TagOptions, strings.Join(o, " "))
	}
	if g, err := l.info.New(l.opts); err != nil || g.Position() != l.start {
		r.Set(record.TagPosition, l.start)
	}
	for _, t := range tags {
		r.Set(t.Name, t.Value)
	}
	res := l.Result()
	r.Set(record.TagResult, record.ResultToken(res.Over(), res.Winner))
	if res.Over() {
		r.Set(record.TagTermination, rules.FormatResult(l.g, res))
	}
	r.Moves = make([]record.Move, l.cur)
	for i := range r.Moves {
		r.Moves[i].Text = string(l.textAt(i))
		r.Moves[i].Annotation = l.notes[i]
	}
	r.Comments = l.comments
	return r
}

// Replay starts the game a record describes and plays its moves
// (PlayWritten: forced passes may be written or left out). base, which may
// be nil, supplies what the record leaves out: its game when the record has
// no Game tag, its options when the record names neither a game nor
// options, and its start position for a plain move list (a record without
// tags). The start position is the Position tag, else a FEN tag. A record
// whose Result says the game ended by the players' agreement, where the
// rules have not ended it, is ended so again (Agree).
//
// The line keeps the moves' annotations and the record's comments.
//
// The first move that is not legal stops the replay: the error (a
// *MoveError, or a *VariationError for a move of a variation) names its
// number, its line in the text and the reason. A result that contradicts
// the moves is an error too (CheckResult).
func Replay(r *record.Record, base *Line) (*Line, error) {
	l, err := startOf(r, base)
	if err != nil {
		return nil, err
	}
	if err := l.PlayMoves(r.Moves, 1); err != nil {
		return nil, err
	}
	l.agreedIn(r)
	if _, err := CheckResult(r, l); err != nil {
		return nil, err
	}
	l.SetComments(r.Comments)
	return l, nil
}

// CheckResult compares a record's result with the end of its moves as l
// (the record replayed) reaches it. It is an error when the rules end the
// game with another result than the record's (1-0 where the second side
// has won). It is a warning when the record gives a result the moves do
// not reach (resignation, adjudication, time) and nothing says why: no
// Termination or Adjudicated tag and no comment after the last move (match
// runners and game sites write one of these); and when the moves end the
// game but the result is "*". A plain move list (no result) is not checked.
func CheckResult(r *record.Record, l *Line) (warning string, err error) {
	res := r.ResultText()
	if r.Result == "" && !r.Has(record.TagResult) {
		return "", nil
	}
	gr := l.Result()
	if gr.Over() {
		if want := record.ResultToken(true, gr.Winner); res != want {
			if res == record.Unfinished {
				return fmt.Sprintf("the moves end the game (%s), but the result is *", l.FormatResult()), nil
			}
			if record.IsResult(res) {
				return "", fmt.Errorf("the result %s contradicts the moves: they end the game with %s (%s)", res, want, l.FormatResult())
			}
		}
		return "", nil
	}
	if res == record.Unfinished || !record.IsResult(res) {
		return "", nil
	}
	if r.Get(record.TagTermination) != "" || r.Get("Adjudicated") != "" {
		return "", nil
	}
	if n := len(r.Moves); n > 0 && len(r.Moves[n-1].After) > 0 {
		return "", nil
	}
	return fmt.Sprintf("the result is %s, but the game goes on after the last move and no Termination tag says why", res), nil
}

// startOf starts the line a record's moves are played on.
func startOf(r *record.Record, base *Line) (*Line, error) {
	var info *rules.Info
	if base != nil {
		info = base.info
	}
	if id := r.Get(record.TagGame); id != "" {
		var err error
		if info, err = rules.Lookup(id); err != nil {
			return nil, err
		}
	}
	if info == nil {
		return nil, fmt.Errorf("the record has no Game tag")
	}
	var pairs []string
	if o := r.Get(record.TagOptions); o != "" {
		pairs = strings.Fields(o)
	} else if base != nil && info == base.info && !r.Has(record.TagGame) {
		pairs = base.OptionPairs()
	}
	pos := r.Get(record.TagPosition)
	if pos == "" {
		pos = r.Get("FEN")
	}
	if pos == "" && len(r.Tags) == 0 && base != nil {
		pos = base.start
	}
	return NewPairs(info, pairs, pos)
}

// agreedIn ends the line by agreement when the record says it was.
func (l *Line) agreedIn(r *record.Record) {
	if l.Result().Over() {
		return
	}
	agreed := rules.AgreedResult(l.g)
	term := r.Get(record.TagTermination)
	if record.ResultToken(true, agreed.Winner) != r.ResultText() || term == "" {
		return
	}
	if TerminationReason(term) == agreed.Reason {
		l.ended = &ending{res: agreed, cur: l.cur}
	}
}

// ReplayTexts starts a line like New and plays a plain list of moves on it
// (PlayWritten); the first illegal one stops it with a *MoveError.
func ReplayTexts(info *rules.Info, opts rules.Options, position string, moves []string) (*Line, error) {
	l, err := New(info, opts, position)
	if err != nil {
		return nil, err
	}
	ms := make([]record.Move, len(moves))
	for i, m := range moves {
		ms[i].Text = m
	}
	if err := l.PlayMoves(ms, 1); err != nil {
		return nil, err
	}
	return l, nil
}

// TerminationReason is the reason a Termination tag gives: the words in
// parentheses of a result in words ("red wins 29-20 (no moves left for
// either side)" gives "no moves left for either side"), or the whole tag
// when it holds only a reason (as older records wrote it).
func TerminationReason(term string) string {
	head, reason, ok := strings.Cut(term, " (")
	if !ok || !strings.HasSuffix(reason, ")") || (!strings.Contains(head, " wins") && !strings.HasPrefix(head, "draw")) {
		return term
	}
	return strings.TrimSuffix(reason, ")")
}
