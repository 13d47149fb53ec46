package session

import (
	"slices"
	"testing"
	"time"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/record"
)

// FuzzLoadRecord: loading any record (as 'load FILE' does) never panics; a
// refused record leaves the session as it was, and a loaded one saves to a
// record that loads back to the same game, options, position and players.
func FuzzLoadRecord(f *testing.F) {
	for _, s := range []string{
		"[Game \"oware\"]\n[Options \"end=tournament\"]\n[North \"Ann\"]\n\n1. A G 2. D *\n",
		"[Game \"ataxx\"]\n[Position \"7/7/7/7/---4/---4/x--3o x 0 1\"]\n\nb7 *\n",
		"[Game \"tablut\"]\n[FEN \"9/9/9/9/3B5/9/1BK6/9/9 b\"]\n\n1... d5-d3 0-1\n",
		"[Game \"konobi\"]\n[Options \"size=5\"]\n\n1. a1 b2 c3 *\n",
		"f2 b6 g1e3\n",
		"e3-f3 a4-a3\n",
		"[Game \"nosuch\"]\n\n*\n",
		"[Game \"ataxx\"]\n[Options \"fifty=maybe\"]\n\n*\n",
		"[Game \"ataxx\"]\n\n1. f2 a1 *\n",
		"[Red \"?\"]\n\n",
	} {
		f.Add(uint8(0), s)
		f.Add(uint8(3), s)
	}
	now := time.Date(2025, 1, 31, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, game uint8, text string) {
		rec, err := record.Parse(text)
		if err != nil {
			return
		}
		all := rules.All()
		s, err := New(all[int(game)%len(all)], nil, "")
		if err != nil {
			t.Fatal(err)
		}
		before := s.Record(now).Format()
		if err := s.LoadRecord(rec); err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", text)
			}
			if after := s.Record(now).Format(); after != before {
				t.Fatalf("%q: refused (%v) but the session changed:\n%s\n%s", text, err, before, after)
			}
			return
		}
		saved := s.Record(now).Format()
		back, err := record.Parse(saved)
		if err != nil {
			t.Fatalf("%q: saved record does not parse: %v\n%s", text, err, saved)
		}
		s2, _ := New(all[0], nil, "")
		if err := s2.LoadRecord(back); err != nil {
			t.Fatalf("%q: saved record does not load: %v\n%s", text, err, saved)
		}
		if s2.Info() != s.Info() || !slices.Equal(s2.OptionPairs(), s.OptionPairs()) || s2.Start() != s.Start() ||
			s2.Game().Position() != s.Game().Position() || s2.Cursor() != s.Cursor() || s2.Players != s.Players {
			t.Fatalf("%q: reload differs:\n%s\n%s", text, saved, s2.Record(now).Format())
		}
	})
}
