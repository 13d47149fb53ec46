// Package ogn converts Oware games between boardrepl's records and the
// common OGN form:
//
//	[Event "?"]
//	[Date "2024.03.04"]
//	[South "Ann"]
//	[North "Bo"]
//	[Result "1-0"]
//
//	1. F f 2. A+2 d ...
//
// In OGN each player letters his own pits from his left, A-F for South (the
// first player) and a-f for North, so that seeds are sown A..F then a..f;
// a move that captures carries "+N", the seeds it took.
//
// boardrepl's letters go the other way round: its first player, north, owns
// A-F and sows F E D C B A, then the second player's G-L. Moving between the
// two is a matter of following the sowing order (boardrepl F E D C B A G H I
// J K L is OGN A B C D E F a b c d e f) and of roles: OGN's South, who moves
// first, is boardrepl's north (side 0) and OGN's North is boardrepl's south.
// The tags follow the roles: [South] holds the name in boardrepl's [North].
//
// Annotations: OGN as Aualé (Aalina's own program) writes it has one
// comment a move, and its reader skips glyphs, NAGs and a variation; Export
// writes glyphs, NAGs and a move's comments as one, Import reads them all
// (see ognNote and ImportRecord).
package ogn

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/oware"
	"boardrepl/rules/record"
)

const boardreplOrder = "FEDCBAGHIJKL"

// AualeVariant is the Variant tag of every OGN file Aualé writes; such a
// game without an Options tag is read with end=tournament.
const AualeVariant = "Oware Abapa"
const ognOrder = "ABCDEFabcdef"

// ToOGN converts a boardrepl pit letter to OGN's.
func ToOGN(pit string) (string, bool) {
	if len(pit) != 1 {
		return "", false
	}
	i := strings.IndexByte(boardreplOrder, strings.ToUpper(pit)[0])
	if i < 0 {
		return "", false
	}
	return ognOrder[i : i+1], true
}

// FromOGN converts an OGN pit letter to boardrepl's.
func FromOGN(pit string) (string, bool) {
	if len(pit) != 1 {
		return "", false
	}
	i := strings.IndexByte(ognOrder, pit[0])
	if i < 0 {
		return "", false
	}
	return boardreplOrder[i : i+1], true
}

// scores reads the two scores of an Oware position string.
func scores(g rules.Game) [2]int {
	f := strings.Fields(g.Position())
	var s [2]int
	if len(f) >= 3 {
		s[0], _ = strconv.Atoi(f[1])
		s[1], _ = strconv.Atoi(f[2])
	}
	return s
}

// newLine starts the record's game as a rules/line line.
func newLine(r *record.Record) (*line.Line, error) {
	return line.NewPairs(oware.Info, strings.Fields(r.Get(record.TagOptions)), r.Get(record.TagPosition))
}

// Export writes a boardrepl Oware record as OGN, replaying it to convert
// the letters and mark the captures.
func Export(r *record.Record) (string, error) {
	if id := r.Get(record.TagGame); id != "" {
		in, err := rules.Lookup(id)
		if err != nil {
			return "", err
		}
		if in != oware.Info {
			return "", fmt.Errorf("game %q: OGN holds Oware games only", id)
		}
	}
	l, err := newLine(r)
	if err != nil {
		return "", err
	}
	g := l.Game() // the position as the line goes on
	if g.SideToMove() != 0 {
		return "", fmt.Errorf("the start has %s to move: OGN games start with South (boardrepl's north)", g.SideName(1))
	}
	var moves []record.Move
	for i, m := range r.Moves {
		mv, err := g.ParseMove(m.Text)
		if err != nil {
			return "", &line.MoveError{Index: i + 1, Move: m, Err: err}
		}
		side := g.SideToMove()
		before := scores(g)
		text, _ := ToOGN(g.FormatMove(mv))
		l.Play(mv)
		if n := scores(g)[side] - before[side]; n > 0 {
			text += "+" + strconv.Itoa(n)
		}
		moves = append(moves, record.Move{Text: text, Annotation: ognNote(m.Annotation)})
	}
	res := r.ResultText()
	out := &record.Record{Result: res}
	get := func(name string) string { return record.OrUnknown(r.Get(name)) }
	out.Set("Event", get("Event"))
	if d := r.Get(record.TagDate); d != "" {
		out.Set("Date", d)
	}
	out.Set("South", get("North"))
	out.Set("North", get("South"))
	if o := r.Get(record.TagOptions); o != "" {
		out.Set(record.TagOptions, o)
	}
	if p := r.Get(record.TagPosition); p != "" {
		out.Set(record.TagPosition, p)
	}
	if a := r.Get("Annotator"); a != "" {
		out.Set("Annotator", a)
	}
	out.Set("Result", res)
	// No Termination: boardrepl's words name its sides, which OGN's South
	// and North would contradict; Import says it again from the replay.
	out.Moves = moves
	return out.Format(), nil
}

// ognNote is what OGN keeps of a move's annotation: its glyph, NAGs and
// comments after it, these as one comment, since Aualé (Aalina's own
// program, whose OGN this is) keeps one comment a move. Variations are not
// written (Aualé skips a variation to its first ')', so a nested one would
// be read as moves), nor is a comment before the first move (Aualé has no
// place for it).
func ognNote(a record.Annotation) record.Annotation {
	out := record.Annotation{Glyph: a.Glyph, NAGs: a.NAGs}
	if len(a.After) > 0 {
		out.After = []string{strings.Join(a.After, " ")}
	}
	return out
}

// Import reads an OGN game into a boardrepl record (ImportRecord).
func Import(text string) (*record.Record, error) {
	p, err := record.Parse(text)
	if err != nil {
		return nil, err
	}
	r, _, err := ImportRecord(p)
	return r, err
}

// ImportRecord turns an OGN game, as record.Scanner read it, into a
// boardrepl record, replaying it: a capture count that the move does not
// make is an error, and so is a result the moves contradict
// (line.CheckResult, whose warning it returns). Glyphs, NAGs and comments
// are kept; the moves of variations are given boardrepl's letters (their
// capture counts dropped), and are checked when the record is replayed.
func ImportRecord(p *record.Record) (*record.Record, string, error) {
	r := &record.Record{Line: p.Line, Comments: p.Comments}
	r.Set(record.TagGame, oware.Info.ID)
	if o := p.Get(record.TagOptions); o != "" {
		r.Set(record.TagOptions, o)
	} else if p.Get("Variant") == AualeVariant {
		// Aualé ends a game when a player has more than 24 seeds, as
		// boardrepl's tournament endings do.
		r.Set(record.TagOptions, "end=tournament")
	}
	if pos := p.Get(record.TagPosition); pos != "" {
		r.Set(record.TagPosition, pos)
	}
	l, err := newLine(r)
	if err != nil {
		return nil, "", err
	}
	g := l.Game() // the position as the line goes on
	if d := p.Get("Date"); d != "" {
		r.Set(record.TagDate, d)
	}
	r.Set("North", record.OrUnknown(p.Get("South")))
	r.Set("South", record.OrUnknown(p.Get("North")))
	for _, t := range p.Tags {
		switch t.Name {
		case "South", "North", "Date", "Result", "Options", "Position", "Termination", "Game":
		default:
			r.Set(t.Name, t.Value)
		}
	}
	for i, m := range p.Moves {
		pit, capt, hasCapt := strings.Cut(m.Text, "+")
		where := fmt.Sprintf("line %d: move %d %q", m.Line, i+1, m.Text)
		bpit, ok := FromOGN(pit)
		if !ok {
			return nil, "", fmt.Errorf("%s: want a pit A-F (South) or a-f (North), then +N for a capture", where)
		}
		if want := "ABCDEF"; g.SideToMove() == 1 {
			if strings.Contains(want, pit) {
				return nil, "", fmt.Errorf("%s: North's turn, North plays a-f", where)
			}
		} else if !strings.Contains(want, pit) {
			return nil, "", fmt.Errorf("%s: South's turn, South plays A-F", where)
		}
		mv, err := g.ParseMove(bpit)
		if err != nil {
			return nil, "", fmt.Errorf("%s (boardrepl's %s): %v", where, bpit, err)
		}
		side := g.SideToMove()
		before := scores(g)
		l.Play(mv)
		took := scores(g)[side] - before[side]
		if hasCapt {
			n, err := strconv.Atoi(capt)
			if err != nil || n <= 0 {
				return nil, "", fmt.Errorf("%s: capture %q: want a positive number", where, capt)
			}
			if n != took {
				return nil, "", fmt.Errorf("%s: the move takes %d seeds, not %d", where, took, n)
			}
		} else if took > 0 {
			return nil, "", fmt.Errorf("%s: the move takes %d seeds (write %s+%d)", where, took, pit, took)
		}
		a := m.Annotation
		a.Variations = fromOGNLines(a.Variations)
		r.Moves = append(r.Moves, record.Move{Text: bpit, Line: m.Line, Col: m.Col, Annotation: a})
	}
	warn, err := line.CheckResult(p, l)
	if err != nil {
		return nil, "", err
	}
	res := p.ResultText()
	r.Set(record.TagResult, res)
	r.Result = res
	term := p.Get(record.TagTermination)
	if gr := g.Result(); gr.Over() && record.ResultToken(true, gr.Winner) == res && term == "" {
		term = rules.FormatResult(g, gr)
	}
	if term != "" {
		r.Set(record.TagTermination, term)
	}
	return r, warn, nil
}

// fromOGNLines gives the moves of variations boardrepl's letters (a move
// that is not a pit letter stays as written, for the replay to refuse).
func fromOGNLines(vs [][]record.Move) [][]record.Move {
	if vs == nil {
		return nil
	}
	out := make([][]record.Move, len(vs))
	for i, v := range vs {
		out[i] = make([]record.Move, len(v))
		for j, m := range v {
			pit, _, _ := strings.Cut(m.Text, "+")
			if b, ok := FromOGN(pit); ok {
				m.Text = b
			}
			m.Variations = fromOGNLines(m.Variations)
			out[i][j] = m
		}
	}
	return out
}
