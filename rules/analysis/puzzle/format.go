package puzzle

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules/record"
	"boardrepl/rules/solve"
)

// Source says where a line of play comes from.
type Source struct {
	File   string // the file, as named
	Record int    // the record's number in the file, from 1
	Line   int    // the line of the file it starts on (0: unknown)
	// Players are the tags naming each side's player in the record
	// ([White "..."]: line.Line.SideTag), empty when it has none.
	Players [2]record.Tag
}

// Record is the puzzle as a record of a puzzle file (fixtures/*/puzzles.txt,
// read by fixture.puzzles and check_puzzle): Game, Options, Name,
// Position, Goal and Source, the tags of where it comes from (SourceFile,
// SourceRecord, SourceLine, SourcePly, Mistake, the players under their
// sides' names) and of its rating (Rating: the points, Stars, RatingTerms),
// then the solution as its moves.
func (p *Puzzle) Record(src Source) *record.Record {
	r := &record.Record{}
	r.Set(record.TagGame, p.Info.ID)
	if len(p.Options) > 0 {
		r.Set(record.TagOptions, strings.Join(p.Options, " "))
	}
	r.Set("Name", Name(src.File, src.Record, p.Mistake.Ply))
	r.Set(record.TagPosition, p.Position)
	r.Set("Goal", GoalText(p.Goal))
	r.Set("Source", p.sourceText(src))
	r.Set("SourceFile", src.File)
	r.Set("SourceRecord", strconv.Itoa(src.Record))
	if src.Line > 0 {
		r.Set("SourceLine", strconv.Itoa(src.Line))
	}
	r.Set("SourcePly", strconv.Itoa(p.Mistake.Ply))
	r.Set("Mistake", p.Mistake.Move+p.Mistake.Mark)
	for _, t := range src.Players {
		if t.Name != "" && t.Value != "" {
			r.Set(t.Name, t.Value)
		}
	}
	r.Set("Rating", strconv.Itoa(p.Rating.Points))
	r.Set("Stars", strconv.Itoa(p.Rating.Stars))
	r.Set("RatingTerms", fmt.Sprintf("depth=%d moves=%d branching=%.1f", p.Rating.Depth, p.Rating.Moves, p.Rating.Branching))
	r.AddMoves(p.Solution...)
	r.Result = record.Unfinished
	if p.Goal.Kind == solve.Win {
		r.Result = record.ResultToken(true, p.Side)
	}
	return r
}

// Text writes the puzzle's record (Record) with its moves numbered from 1,
// "1... d5-d3" when the second side solves it.
func (p *Puzzle) Text(src Source) string {
	r := p.Record(src)
	var b strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, record.Quote(t.Value))
	}
	b.WriteByte('\n')
	record.WriteWords(&b, record.Movetext(nil, r.Moves, 1, p.Side == 1, r.Result))
	return b.String()
}

// sourceText is the Source tag: where the puzzle comes from in words.
func (p *Puzzle) sourceText(src Source) string {
	m := p.Mistake
	why := fmt.Sprintf("loss %d", m.Loss)
	if m.Note != "" {
		why = m.Note
	}
	about := fmt.Sprintf("record %d", src.Record)
	if a, b := src.Players[0].Value, src.Players[1].Value; a != "" || b != "" {
		about += fmt.Sprintf(", %s %s, %s %s", p.Info.Sides[0], record.OrUnknown(a), p.Info.Sides[1], record.OrUnknown(b))
	}
	where := src.File
	if src.Line > 0 {
		where += ":" + strconv.Itoa(src.Line)
	}
	side := p.Info.Sides[p.Side]
	return fmt.Sprintf("mined by boardrepl puzzles from %s (%s): after ply %d, %s %s%s (%s), %s to move; "+
		"the exact solver proves %s against every defence, and every other move of %s at each of its turns fails",
		where, about, m.Ply, m.SideName, m.Move, m.Mark, why, side, GoalText(p.Goal), side)
}
