package analysis

import (
	"fmt"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/record"
)

// FromRecord reads the line of play of a game record: its game (the [Game]
// tag, else info), options ([Options] then extra), start ([Position]) and
// moves, forced passes left out of the record put back. An illegal move
// stops the line there: the line up to it is returned with an error naming
// the move and its line.
func FromRecord(rec *record.Record, info *rules.Info, extra []string) (Line, error) {
	in := info
	if id := rec.Get(record.TagGame); id != "" {
		rin, err := rules.Lookup(id)
		if err != nil {
			return Line{}, err
		}
		if in != nil && rin != in {
			return Line{}, fmt.Errorf("a game of %s, not %s", rin.ID, in.ID)
		}
		in = rin
	}
	if in == nil {
		return Line{}, fmt.Errorf("the record has no [Game] tag: give the game")
	}
	opts := extra
	if o := rec.Get(record.TagOptions); o != "" {
		opts = append(strings.Fields(o), extra...)
	}
	g, err := in.NewGame(opts, rec.Get(record.TagPosition))
	if err != nil {
		return Line{}, err
	}
	l := Line{Start: g.Clone()}
	for _, m := range rec.Moves {
		mv, err := g.ParseMove(m.Text)
		if err != nil {
			if fp, ok := rules.ForcedPass(g); ok {
				l.Steps = append(l.Steps, Step{Move: fp, Forced: true})
				g.Play(fp)
				mv, err = g.ParseMove(m.Text)
			}
		}
		if err != nil {
			return l, fmt.Errorf("line %d: move %q: %v", m.Line, m.Text, err)
		}
		_, forced := rules.ForcedPass(g)
		l.Steps = append(l.Steps, Step{Move: mv, Forced: forced})
		g.Play(mv)
	}
	return l, nil
}
