package line

import (
	"errors"
	"strings"
	"testing"

	"boardrepl/rules/ataxx"
	"boardrepl/rules/record"
)

// Annotations go from a record to the line and back; a new move played
// over an annotated one drops its annotation, redoing the same move keeps
// it, a clone has its own.
func TestNotes(t *testing.T) {
	r, err := record.Parse("[Game \"ataxx\"]\n\n{ start } 1. f2? $2 { slow } (1. g2 b2) 1... b2!! 2. g1e3 *\n")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Replay(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	back := l.Record()
	if got := strings.TrimSpace(strings.SplitN(back.Format(), "\n\n", 2)[1]); got != "{ start } 1. f2? $2 { slow } (1. g2 b2) 1... b2!! 2. g1e3 *" {
		t.Errorf("record: %q", got)
	}
	c := l.Clone()
	if _, err := l.Undo(2); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Redo(1); err != nil { // b2 again: its glyph stays
		t.Fatal(err)
	}
	if l.Note(1).Glyph != "!!" {
		t.Errorf("redo lost the note: %+v", l.Note(1))
	}
	if _, err := l.PlayText("a7a5"); err != nil { // over g1e3 (no note): fine
		t.Fatal(err)
	}
	if _, err := l.Undo(2); err != nil {
		t.Fatal(err)
	}
	if _, err := l.PlayText("a2"); err != nil { // over b2!!
		t.Fatal(err)
	}
	if n := l.Note(1); !n.Empty() {
		t.Errorf("a new move kept the old note: %+v", n)
	}
	if c.Note(1).Glyph != "!!" || c.Note(0).Glyph != "?" {
		t.Errorf("the clone's notes changed: %+v %+v", c.Note(0), c.Note(1))
	}
}

// A variation is played from the position before the move it replaces;
// an illegal move in it names the move and that position.
func TestVariationErrors(t *testing.T) {
	r, err := record.Parse("[Game \"ataxx\"]\n\n1. f2 b2 (1... b2 2. g2 (2. a1)) 2. g2 *\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Replay(r, nil)
	var ve *VariationError
	if !errors.As(err, &ve) || ve.Of != 2 {
		t.Fatalf("got %v", err)
	}
	for _, want := range []string{`line 3: move 1 "a1": `, `occupied`, `(in a variation of move 2 "g2", from `,
		`(in a variation of move 2 "b2", from x5o/7/7/7/7/5x1/o5x o 0 1)`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q, want %q", err, want)
		}
	}
	if _, err := record.Parse("1. f2 (1. zz) *"); err != nil {
		t.Fatal(err) // read unplayed: only a replay checks it
	}
}

// CheckResult: a result the rules contradict is an error; one the moves do
// not reach, with nothing saying why, a warning.
func TestCheckResult(t *testing.T) {
	for _, c := range []struct{ res, warn, err string }{
		{"1-0", "", ""},
		{"0-1", "", "the result 0-1 contradicts the moves: they end the game with 1-0 (red wins"},
		{"1/2-1/2", "", "the result 1/2-1/2 contradicts the moves"},
		{"*", "the moves end the game (red wins", ""},
	} {
		// a6 converts blue's only piece (fixtures/ataxx/puzzles.txt).
		checkOne(t, "[Game \"ataxx\"]\n[Position \"xo5/7/7/7/7/7/7 x 0 1\"]\n[Result \""+c.res+"\"]\n\n1. a6 "+c.res+"\n", c.warn, c.err)
	}
	going := "[Game \"ataxx\"]\n[Result \"1-0\"]\n%s\n1. f2 %s1-0\n"
	checkOne(t, strings.Replace(strings.Replace(going, "%s", "", 1), "%s", "", 1), "the result is 1-0, but the game goes on", "")
	checkOne(t, strings.Replace(strings.Replace(going, "%s", "[Termination \"adjudication\"]", 1), "%s", "", 1), "", "")
	checkOne(t, strings.Replace(strings.Replace(going, "%s", "", 1), "%s", "{ Blue resigns. } ", 1), "", "")
	checkOne(t, "1. f2 b2\n", "", "")
}

func checkOne(t *testing.T, text, warn, wantErr string) {
	t.Helper()
	r, err := record.Parse(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	l, err := startOf(r, FromGame(mustNew(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.PlayMoves(r.Moves, 1); err != nil {
		t.Fatal(err)
	}
	w, err := CheckResult(r, l)
	if (wantErr == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), wantErr) {
		t.Errorf("%q: error %v, want %q", text, err, wantErr)
	}
	if (warn == "") != (w == "") || !strings.Contains(w, warn) {
		t.Errorf("%q: warning %q, want %q", text, w, warn)
	}
}

func mustNew(t *testing.T) *ataxx.Game {
	g, err := ataxx.Info.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*ataxx.Game)
}
