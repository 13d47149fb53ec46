package ogn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"boardrepl/rules/oware"
	"boardrepl/rules/record"
)

func TestLetters(t *testing.T) {
	// Sowing order: boardrepl A is followed by G (the rules file), OGN F
	// by a; boardrepl L by F, OGN f by A.
	for b, o := range map[string]string{"F": "A", "A": "F", "G": "a", "L": "f", "d": "C"} {
		if got, ok := ToOGN(b); !ok || got != o {
			t.Errorf("ToOGN(%s) = %s", b, got)
		}
		if back, _ := FromOGN(o); back != strings.ToUpper(b) {
			t.Errorf("FromOGN(%s) = %s", o, back)
		}
	}
	if _, ok := FromOGN("g"); ok {
		t.Error("g accepted")
	}
}

// TestOpening: South (boardrepl's north) opens with OGN F, boardrepl A, whose
// four seeds go to a b c d (boardrepl G H I J).
func TestOpening(t *testing.T) {
	r, err := Import("[South \"Ann\"]\n[North \"Bo\"]\n\n1. F f 2. E e *")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.MoveTexts(), " "); got != "A L B K" {
		t.Errorf("moves %s", got)
	}
	if r.Get("North") != "Ann" || r.Get("South") != "Bo" {
		t.Errorf("names %+v", r.Tags)
	}
	g, _ := oware.Info.New(nil)
	for _, m := range r.MoveTexts()[:1] {
		mv, _ := g.ParseMove(m)
		g.Play(mv)
	}
	if p := g.Position(); p != "0,4,4,4,4,4/5,5,5,5,4,4 0 0 s" {
		t.Errorf("after F: %s", p)
	}
	for _, c := range []struct{ in, want string }{
		{"1. f", "South's turn"},
		{"1. F F", "North's turn"},
		{"1. F+2", "takes 0 seeds, not 2"},
		{"1. G", "want a pit A-F"},
	} {
		if _, err := Import(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.in, err, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, _ := oware.Info.New(nil)
		r := &record.Record{}
		r.Set("Game", "oware")
		r.Set("North", "first")
		r.Set("South", "second")
		rng := rand.New(rand.NewPCG(seed, 9))
		captures := 0
		for !g.Result().Over() && g.Ply() < 300 {
			ms := g.Moves(nil)
			m := ms[rng.IntN(len(ms))]
			r.AddMoves(g.FormatMove(m))
			g.Play(m)
			if len(g.LastCaptured()) > 0 {
				captures++
			}
		}
		res := g.Result()
		r.Set("Result", record.ResultToken(res.Over(), res.Winner))
		text, err := Export(r)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(text, "+"); n != captures {
			t.Errorf("seed %d: %d captures marked, %d made:\n%s", seed, n, captures, text)
		}
		if !strings.Contains(text, `[South "first"]`) {
			t.Errorf("tags:\n%s", text)
		}
		back, err := Import(text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if !slices.Equal(back.MoveTexts(), r.MoveTexts()) || back.Get("Result") != r.Get("Result") || back.Get("North") != "first" {
			t.Errorf("seed %d: round trip\n%s\n%+v", seed, text, back)
		}
		again, _ := Export(back)
		if again != text {
			t.Errorf("seed %d: export of the import differs:\n%s\n%s", seed, text, again)
		}
	}
}
