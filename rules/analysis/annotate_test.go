package analysis

import (
	"reflect"
	"testing"

	"boardrepl/rules/engine"
	"boardrepl/rules/record"
)

// The notes of judged moves, hand-checked against lichess's form: scores
// from the first side's view in hundreds of units, mates in moves.
func TestNote(t *testing.T) {
	for _, c := range []struct {
		p    Ply
		want record.Annotation
	}{
		{Ply{Side: 0, Move: "f2", Best: "f2", Score: 87, BestScore: 87}, record.Annotation{After: []string{"[%eval 0.87]"}}},
		// The depth of the scores, as chessops writes it ([%eval 0.87,6]).
		{Ply{Side: 0, Move: "f2", Best: "f2", Score: 87, BestScore: 87, At: 6}, record.Annotation{After: []string{"[%eval 0.87,6]"}}},
		{Ply{Side: 1, Move: "g7g5", Best: "a2", Score: -113, BestScore: 53, Mark: "?", At: 8, Rechecked: true, FirstMark: "??", FirstDepth: 6},
			record.Annotation{Glyph: "?", After: []string{"(-0.53 → 1.13) Mistake. a2 was best.", "[%eval 1.13,8]"}}},
		{Ply{Side: 1, Move: "g7g5", Best: "a2", Score: -113, BestScore: 53, Mark: "?", PV: []string{"a2", "e1"}},
			record.Annotation{Glyph: "?", After: []string{"(-0.53 → 1.13) Mistake. a2 was best.", "[%eval 1.13]"},
				Variations: [][]record.Move{{{Text: "a2"}, {Text: "e1"}}}}},
		// A win in 5 plies is a win in 3 moves; thrown away, it is ??.
		{Ply{Side: 0, Move: "a1", Best: "b2", Score: -20, BestScore: engine.Mate - 5, Mark: "??", Note: "missed a win in 5 plies"},
			record.Annotation{Glyph: "??", After: []string{"(#3 → -0.20) Blunder: missed a win in 5 plies. b2 was best.", "[%eval -0.20]"}}},
		{Ply{Side: 1, Move: "c3", Best: "c3", Score: engine.Mate - 1, BestScore: engine.Mate - 1}, record.Annotation{After: []string{"[%eval #-1]"}}},
		{Ply{Side: 0, Move: "0000", Forced: true}, record.Annotation{}},
	} {
		if got := Note(c.p); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v:\n got %+v\nwant %+v", c.p, got, c.want)
		}
	}
	m := record.Move{Text: "f2", Annotation: record.Annotation{Glyph: "!", After: []string{"mine"}}}
	Annotate(&m, Ply{Side: 0, Move: "f2", Best: "g2", Score: 0, BestScore: 300, Mark: "??", PV: []string{"g2"}})
	if m.Glyph != "??" || len(m.After) != 3 || m.After[0] != "mine" || len(m.Variations) != 1 {
		t.Errorf("Annotate: %+v", m)
	}
}
