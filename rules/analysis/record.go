package analysis

import (
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// FromLine is the part of a line of play up to its cursor, to analyse.
func FromLine(l *line.Line) (Line, error) {
	g, err := l.Info().Parse(l.Options(), l.Start())
	if err != nil {
		return Line{}, err
	}
	out := Line{Start: g}
	for i := 0; i < l.Cursor(); i++ {
		p := l.At(i)
		out.Steps = append(out.Steps, Step{Move: p.Move, Forced: p.Forced, Swap: l.Swapped(i)})
	}
	return out, nil
}

// FromRecord replays a game record (line.Replay: its game, options, start
// and moves, forced passes written or not) into a line to analyse.
func FromRecord(rec *record.Record) (Line, error) {
	l, err := line.Replay(rec, nil)
	if err != nil {
		return Line{}, err
	}
	return FromLine(l)
}
