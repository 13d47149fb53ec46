package session

import (
	"strings"
	"testing"
	"time"

	"boardrepl/repl/internal/toygame"
	"boardrepl/rules"
	"boardrepl/rules/record"

	"pgregory.net/rapid"
)

func init() { toygame.Register() }

// model is the simple truth the session must agree with: a list of moves
// and how many of them are played.
type model struct {
	line []string
	cur  int
}

func (m *model) position(t *rapid.T) string {
	g, err := toygame.Info.New(rules.Options{"first": "x", "slow": "off"})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range m.line[:m.cur] {
		mv, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("model replay %q: %v", text, err)
		}
		g.Play(mv)
	}
	return g.Position()
}

func TestPlayUndoRedoGotoAgreeWithModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(toygame.Info, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		m := &model{}
		steps := rapid.IntRange(1, 60).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			switch op := rapid.IntRange(0, 3).Draw(t, "op"); op {
			case 0: // play
				moves := s.Game().Moves(nil)
				if len(moves) == 0 {
					continue
				}
				mv := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
				text := s.Game().FormatMove(mv)
				s.Play(mv)
				if m.cur < len(m.line) && m.line[m.cur] == text {
					m.cur++
				} else {
					m.line = append(m.line[:m.cur:m.cur], text)
					m.cur++
				}
			case 1: // undo
				n := rapid.IntRange(0, 4).Draw(t, "n")
				_, err := s.Undo(n)
				if (err != nil) != (n < 1 || m.cur == 0) {
					t.Fatalf("undo %d at %d: err %v", n, m.cur, err)
				}
				if err == nil {
					m.cur -= min(n, m.cur)
				}
			case 2: // redo
				n := rapid.IntRange(0, 4).Draw(t, "n")
				_, err := s.Redo(n)
				if (err != nil) != (n < 1 || m.cur == len(m.line)) {
					t.Fatalf("redo %d at %d/%d: err %v", n, m.cur, len(m.line), err)
				}
				if err == nil {
					m.cur += min(n, len(m.line)-m.cur)
				}
			case 3: // goto
				n := rapid.IntRange(-1, len(m.line)+1).Draw(t, "n")
				err := s.Goto(n)
				if (err != nil) != (n < 0 || n > len(m.line)) {
					t.Fatalf("goto %d of %d: err %v", n, len(m.line), err)
				}
				if err == nil {
					m.cur = n
				}
			}
			if s.Cursor() != m.cur || len(s.Plies()) != len(m.line) {
				t.Fatalf("cursor %d/%d, model %d/%d", s.Cursor(), len(s.Plies()), m.cur, len(m.line))
			}
			for j, e := range s.Plies() {
				if e.Text != m.line[j] {
					t.Fatalf("ply %d: %q, model %q", j, e.Text, m.line[j])
				}
			}
			if got, want := s.Game().Position(), m.position(t); got != want {
				t.Fatalf("position %q, model %q", got, want)
			}
			if s.Game().Ply() != m.cur {
				t.Fatalf("game ply %d, model %d", s.Game().Ply(), m.cur)
			}
		}
	})
}

func TestEditRefusedChangesNothing(t *testing.T) {
	s, _ := New(toygame.Info, nil, "")
	s.PlayText("a1")
	before := s.Game().Position()
	err := s.Edit(func(ed rules.Editor) error { return ed.SetSquare("b2", "o") })
	if err == nil || err.Error() != "o may not stand on the castle b2" {
		t.Errorf("edit: %v", err)
	}
	if s.Game().Position() != before || s.Cursor() != 1 {
		t.Error("a refused edit changed the session")
	}
	if err := s.Edit(func(ed rules.Editor) error { return ed.SetSquare("c3", "o") }); err != nil {
		t.Fatal(err)
	}
	if s.Cursor() != 0 || len(s.Plies()) != 0 || s.Start() != "2o/3/x2 o" {
		t.Errorf("after edit: cursor %d, start %q", s.Cursor(), s.Start())
	}
}

func TestSlots(t *testing.T) {
	s, _ := New(toygame.Info, nil, "")
	if s.NextSlot(9, 1) != -1 {
		t.Error("empty slots")
	}
	s.PlayText("a1")
	s.Store(3)
	s.PlayText("b1")
	s.Store(7)
	if s.NextSlot(3, 1) != 7 || s.NextSlot(7, 1) != 3 || s.NextSlot(3, -1) != 7 || s.NextSlot(9, 1) != 3 {
		t.Error("NextSlot")
	}
	if err := s.Recall(3); err != nil {
		t.Fatal(err)
	}
	if s.Game().Position() != "3/3/x2 o" || s.Cursor() != 0 {
		t.Errorf("recall: %q", s.Game().Position())
	}
	if err := s.Recall(4); err == nil || err.Error() != "slot 4 is empty" {
		t.Errorf("recall 4: %v", err)
	}
	if err := s.Store(10); err == nil {
		t.Error("store 10")
	}
}

func TestRecordRoundTrip(t *testing.T) {
	s, _ := New(toygame.Info, []string{"first=o"}, "")
	s.Players = [2]string{"Ann", ""}
	for _, m := range []string{"a1", "b2", "c1", "b1", "c3", "b3"} {
		if _, err := s.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	text := s.Record(time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)).Format()
	want := `[Game "toy"]
[Options "first=o"]
[Date "2025.02.01"]
[X "Ann"]
[O "?"]
[Result "1-0"]
[Termination "x wins (three in a row b1-b3)"]

1. a1 b2 2. c1 b1 3. c3 b3 1-0
`
	if text != want {
		t.Errorf("record:\n%s\nwant:\n%s", text, want)
	}
	rec, err := record.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := New(toygame.Info, nil, "")
	if err := s2.LoadRecord(rec); err != nil {
		t.Fatal(err)
	}
	if s2.Game().Position() != s.Game().Position() || s2.Cursor() != 6 || s2.Players[0] != "Ann" || s2.OptionPairs()[0] != "first=o" {
		t.Errorf("loaded %q cursor %d players %q", s2.Game().Position(), s2.Cursor(), s2.Players)
	}
	if !strings.Contains(s2.Record(time.Now()).Format(), "1. a1 b2") {
		t.Error("reloaded record")
	}
}
