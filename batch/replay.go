package batch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// claimedGame is a finished game of a match as a record (match --record)
// or a JSON line (match --json) says it went: what replayGame checks.
type claimedGame struct {
	index       int // 0-based
	p1Side      int
	start       string // the start position ("": the game's start)
	moves       []string
	winner      string // "p1", "p2" or "draw"
	winnerSide  int    // -1 for a draw
	result      string // the result in words: "red wins 8-0 (blue has no pieces)"
	reason      string // why it ended
	score       string // the game's score ("8-0"), "" for none
	end         engine.Ending
	adjudicated bool
	fields      *claimFields // what the claim calls its fields, for messages
}

// claimFields name the fields of a claim: a record's tags, a JSON line's
// keys.
type claimFields struct{ winnerSide, winner, result, reason, score, ending, adjudicated string }

var (
	recordFields = &claimFields{"Result", "Winner", "Termination", "Termination", "Score", "Ending", "Adjudicated"}
	jsonFields   = &claimFields{"winner_side", "winner", "result", "reason", "score", "ending", "adjudicated"}
)

// replayGame replays the moves of a game of match cfg and returns its
// result as the replay gives it. The moves must be legal and the game not
// over before the last one. A game the rules ended must say what they say
// (winner, side, result, reason, score; no ending of the match's); one
// they did not end must have been ended by the match (an adjudication or a
// loss on time, which the moves alone cannot prove): its ending must be
// one this match can reach (a rule it has, the move cap it has, a clock)
// and agree with the rest (adjudicated or not, a winner or a draw, the
// side that lost, the reason's words). What disagrees is an error that
// names it.
func replayGame(cfg *engine.MatchConfig, c claimedGame) (engine.GameResult, error) {
	f := c.fields
	refuse := func(format string, a ...any) (engine.GameResult, error) {
		return engine.GameResult{}, fmt.Errorf(format, a...)
	}
	l, err := line.NewPairs(cfg.Info, cfg.Options, c.start)
	if err != nil {
		return refuse("start %q: %v", c.start, err)
	}
	g := l.Game()
	// owner[side] is the player (1 or 2) who has that side: a move after
	// which its side is to move again (the Konobi swap) exchanges them, as
	// the match does (engine.MatchConfig.PlayGame).
	var owner [2]int
	owner[c.p1Side], owner[1-c.p1Side] = 1, 2
	lastMover, lastAt := 0, -1 // the player of the last move that was not a forced pass, and its ply
	for k, text := range c.moves {
		if r := g.Result(); r.Over() {
			return refuse("move %d %q: the game was over before it (%s)", k+1, text, rules.FormatResult(g, r))
		}
		before := l.Len()
		played, err := l.PlayWritten(text)
		if err != nil {
			return refuse("move %d %q: %v", k+1, text, err)
		}
		for j, p := range played {
			if p.Forced {
				continue
			}
			lastMover, lastAt = owner[p.Side], before+j
			again := g.SideToMove() == p.Side // no pass after it
			if j+1 < len(played) {
				again = played[j+1].Side == p.Side
			}
			if again {
				owner[0], owner[1] = owner[1], owner[0]
			}
		}
	}
	res := engine.GameResult{Index: c.index, P1Side: c.p1Side, Seed: engine.GameSeed(cfg.Seed, c.index), Start: l.Start(),
		Moves: c.moves, Plies: len(c.moves), WinnerSide: -1, Final: g.Position()}
	if r := g.Result(); r.Over() {
		if c.end != engine.EndRules || c.adjudicated {
			return refuse("the rules ended the game (%s), but %s says %s", rules.FormatResult(g, r), f.ending, endingWords(c))
		}
		res.Reason, res.Score, res.Text = r.Reason, r.Score, rules.FormatResult(g, r)
		if r.Status == rules.Win {
			res.WinnerSide, res.Winner = r.Winner, owner[r.Winner]
		}
	} else {
		if err := declaredEnding(cfg, g, c, lastMover, lastAt, owner); err != nil {
			return engine.GameResult{}, err
		}
		res.End, res.Adjudicated, res.Reason, res.WinnerSide = c.end, c.adjudicated, c.reason, c.winnerSide
		st := rules.Result{Status: rules.Draw, Winner: -1, Reason: c.reason}
		if c.winnerSide >= 0 {
			st = rules.Result{Status: rules.Win, Winner: c.winnerSide, Reason: c.reason}
			res.Winner = owner[c.winnerSide]
		}
		res.Text = rules.FormatResult(g, st)
	}
	switch {
	case c.winnerSide != res.WinnerSide:
		return refuse("%s says %s, but the replay gives %s (%s)", f.winnerSide, winsWord(g, c.winnerSide), winsWord(g, res.WinnerSide), res.Text)
	case c.winner != winnerName(res.Winner):
		return refuse("%s says %s, but the replay gives %s (%s)", f.winner, c.winner, winnerName(res.Winner), res.Text)
	case c.reason != res.Reason:
		return refuse("%s says the reason is %q, but the replay gives %q", f.reason, c.reason, res.Reason)
	case c.score != res.Score:
		return refuse("%s says %q, but the replay gives %q", f.score, c.score, res.Score)
	case c.result != res.Text:
		return refuse("%s says %q, but the replay gives %q", f.result, c.result, res.Text)
	}
	return res, nil
}

// declaredEnding checks an ending the match declared (the game is not over
// by the rules after its moves): what the moves and the match's settings
// can say about it.
func declaredEnding(cfg *engine.MatchConfig, g rules.Game, c claimedGame, lastMover, lastAt int, owner [2]int) error {
	f := c.fields
	plies := len(c.moves)
	end := f.ending + " " + engine.Endings[c.end]
	switch c.end {
	case engine.EndRules:
		return fmt.Errorf("the game is not over after its %d plies, and no %s says how the match ended it", plies, f.ending)
	case engine.EndTime:
		if c.adjudicated {
			return fmt.Errorf("%s (a loss on time) is not an adjudication, but %s says it is", end, f.adjudicated)
		}
		if !cfg.TC.Timed() && cfg.TC.MoveTime == 0 {
			return fmt.Errorf("%s, but this match has no clock (--tc)", end)
		}
		// The player to move ran out of time.
		stm := g.SideToMove()
		if want := g.SideName(stm) + " loses on time"; c.reason != want || c.winnerSide != 1-stm {
			return fmt.Errorf("%s: %s was to move and lost on time (%s wins (%s)), but %s says %q", end, g.SideName(stm), g.SideName(1-stm), want, f.result, c.result)
		}
		return nil
	}
	if !c.adjudicated {
		return fmt.Errorf("%s is an adjudication, but %s does not say so", end, f.adjudicated)
	}
	switch c.end {
	case engine.EndMoveCap:
		maxPlies := cfg.MaxPlies
		if maxPlies == 0 {
			maxPlies = engine.DefaultMaxPlies
		}
		// The cap stops the game before the move that would start at ply
		// maxPlies: the last move started below it, the plies reach it.
		if plies < maxPlies || lastAt >= maxPlies {
			return fmt.Errorf("%s after %d plies, but this match's cap is %d plies (--max-plies)", end, plies, maxPlies)
		}
		if p := fmt.Sprintf("adjudicated at the move cap of %d plies, ", maxPlies); !strings.HasPrefix(c.reason, p) {
			return fmt.Errorf("%s: the reason %q does not begin %q", end, c.reason, p)
		}
	case engine.EndResign:
		if cfg.Resign.MoveCount == 0 {
			return fmt.Errorf("%s, but this match has no --resign rule", end)
		}
		// The player who made the last move resigned after it.
		if lastMover == 0 || c.winnerSide < 0 || owner[c.winnerSide] == lastMover {
			return fmt.Errorf("%s: the player of the last move resigns, but %s says %s", end, f.winnerSide, winsWord(g, c.winnerSide))
		}
		if p := "adjudication: " + g.SideName(1-c.winnerSide) + " resigns, "; !strings.HasPrefix(c.reason, p) {
			return fmt.Errorf("%s: the reason %q does not begin %q", end, c.reason, p)
		}
	case engine.EndDraw:
		if cfg.Draw.MoveCount == 0 {
			return fmt.Errorf("%s, but this match has no --draw rule", end)
		}
		if c.winnerSide >= 0 {
			return fmt.Errorf("%s, but %s says %s", end, f.winnerSide, winsWord(g, c.winnerSide))
		}
		if plies/2 < cfg.Draw.MoveNumber || plies < 2*cfg.Draw.MoveCount {
			return fmt.Errorf("%s after %d plies, before this match's --draw rule (%s) can end a game", end, plies, cfg.Draw)
		}
		if p := "adjudication: a draw, "; !strings.HasPrefix(c.reason, p) {
			return fmt.Errorf("%s: the reason %q does not begin %q", end, c.reason, p)
		}
	}
	return nil
}

// endingWords says how a claim says a game ended, for a message.
func endingWords(c claimedGame) string {
	if c.end != engine.EndRules {
		return engine.Endings[c.end]
	}
	return "an adjudication (" + c.fields.adjudicated + ")"
}

// winsWord says who won: "red wins", "a draw".
func winsWord(g rules.Game, side int) string {
	if side < 0 {
		return "a draw"
	}
	return g.SideName(side) + " wins"
}

// parseEnding reads the name of an ending ("" for the rules').
func parseEnding(name string) (engine.Ending, bool) {
	for e, n := range engine.Endings {
		if n == name {
			return engine.Ending(e), true
		}
	}
	return 0, false
}

// errUnfinished is a record whose result is "*": its game is played again.
var errUnfinished = errors.New("unfinished")

// resumeRecord reads record rec of game i of match cfg (whose seed is
// known) for a resume: its tags must be this match's and this game's (the
// players, the options, the round, the side p1 had, the opening the book
// gives it), and its result is the replay's (replayGame), which the record
// must agree with. A record of an unfinished game is errUnfinished.
func resumeRecord(cfg *engine.MatchConfig, i int, rec *record.Record) (engine.GameResult, error) {
	c := claimedGame{index: i, winnerSide: -1, moves: rec.MoveTexts(), winner: rec.Get("Winner"),
		result: rec.Get(record.TagTermination), score: rec.Get("Score"), fields: recordFields}
	c.reason = line.TerminationReason(c.result)
	switch rec.Get(record.TagResult) {
	case record.FirstWins:
		c.winnerSide = 0
	case record.SecondWins:
		c.winnerSide = 1
	case record.DrawResult:
	default:
		return engine.GameResult{}, errUnfinished
	}
	sides := cfg.Info.Sides
	if got, want := rec.Get("Round"), strconv.Itoa(i+1); got != want {
		return engine.GameResult{}, fmt.Errorf("%s says %q, but the file is game %s's", "Round", got, want)
	}
	if got, want := rec.Get("P1Side"), sides[i%2]; got != want {
		return engine.GameResult{}, fmt.Errorf("%s says %q, but in game %d p1 has %s (p1 moves first in the odd games)", "P1Side", got, i+1, want)
	}
	c.p1Side = i % 2
	opts, err := cfg.Info.ParseOptions(cfg.Options)
	if err != nil {
		return engine.GameResult{}, err
	}
	if got, want := rec.Get(record.TagOptions), strings.Join(cfg.Info.FormatOptions(opts), " "); got != want {
		return engine.GameResult{}, fmt.Errorf("%s says %q, but this match plays %q", record.TagOptions, got, want)
	}
	// The start and the first moves are the opening's.
	op, name := cfg.OpeningOf(i)
	if got := rec.Get("Opening"); got != name {
		return engine.GameResult{}, fmt.Errorf("%s says %q, but game %d of this match starts from %q (another --openings?)", "Opening", got, i+1, name)
	}
	start := op.Position
	if start == "" {
		start = cfg.Position
	}
	book, err := line.New(cfg.Info, opts, start)
	if err != nil {
		return engine.GameResult{}, err
	}
	c.start = rec.Get(record.TagPosition)
	if got, err := line.New(cfg.Info, opts, c.start); err != nil || got.Start() != book.Start() {
		return engine.GameResult{}, fmt.Errorf("%s says %q, but game %d of this match starts from %q", record.TagPosition, c.start, i+1, book.Start())
	}
	for k, m := range op.Moves {
		if _, err := book.PlayWritten(m); err != nil {
			return engine.GameResult{}, fmt.Errorf("opening %s: move %d %q: %v", name, k+1, m, err)
		}
	}
	for k, want := range book.Played() {
		if k >= len(c.moves) || c.moves[k] != want {
			return engine.GameResult{}, fmt.Errorf("the moves do not begin with the opening %s: ply %d is not %s", name, k+1, want)
		}
	}
	names := [2]string{cfg.P1, cfg.P2}
	if c.p1Side == 1 {
		names = [2]string{cfg.P2, cfg.P1}
	}
	for side, n := range names {
		if tag := book.SideTag(side); rec.Get(tag) != n {
			return engine.GameResult{}, fmt.Errorf("%s says %q, but %s is %s in game %d", tag, rec.Get(tag), n, sides[side], i+1)
		}
	}
	switch rec.Get("Adjudicated") {
	case "yes":
		c.adjudicated = true
		c.end = engine.EndMoveCap // records before resignation and draw adjudication
	case "":
	default:
		return engine.GameResult{}, fmt.Errorf("%s says %q: want yes (or no such tag)", "Adjudicated", rec.Get("Adjudicated"))
	}
	if e := rec.Get("Ending"); e != "" {
		var ok bool
		if c.end, ok = parseEnding(e); !ok || c.end == engine.EndRules {
			return engine.GameResult{}, fmt.Errorf("%s says %q: want move cap, resign, draw or time", "Ending", e)
		}
	}
	r, err := replayGame(cfg, c)
	if err != nil {
		return r, err
	}
	r.Opening = name
	return r, nil
}
