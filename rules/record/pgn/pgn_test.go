package pgn

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules/ataxx"
	"boardrepl/rules/record"
)

// A game as cutechess writes Ataxx PGN (tags, engine comments, a second
// game from a FEN with o to move).
const cutechess = `[Event "Ataxx match"]
[Site "?"]
[Date "2024.03.04"]
[Round "1"]
[White "engineB"]
[Black "engineA"]
[Result "*"]
[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
[GameDuration "00:00:01"]
[PlyCount "6"]
[SetUp "1"]
[Termination "unterminated"]
[Variant "ataxx"]

1. f2 {+0.50/5 0.012s} b2 {-0.40/5 0.011s} 2. g1e3 {+1.00/5 0.010s}
a1c3 {-0.80/5 0.013s} 3. d4 {+2.00/5 0.009s} b3 {-1.50/5 0.010s} *

[Event "Ataxx match"]
[Site "?"]
[Date "2024-03-04 10:05"]
[Round "2"]
[Black "engineB"]
[White "engineA"]
[Result "0-1"]
[FEN "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1"]

1... b2 2. f2 0-1
`

func TestImport(t *testing.T) {
	rs, err := Import(cutechess)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("%d games", len(rs))
	}
	a, b := rs[0], rs[1]
	if got := strings.Join(a.MoveTexts(), " "); got != "f2 b2 g1e3 a1c3 d4 b3" {
		t.Errorf("moves %s", got)
	}
	if a.Get("Red") != "engineA" || a.Get("Blue") != "engineB" || a.Get("Game") != "ataxx" || a.Has("Position") || a.Get("Event") != "Ataxx match" || a.Get("Result") != "*" {
		t.Errorf("tags %+v", a.Tags)
	}
	if b.Get("Position") != "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1" || b.Get("Date") != "2024.03.04" || b.Get("Result") != "0-1" || len(b.Moves) != 2 {
		t.Errorf("second game %+v", b)
	}
	if _, err := Import(strings.Replace(cutechess, "3. d4", "3. d7", 1)); err == nil || !strings.Contains(err.Error(), `game 1: line 16: move 5 "d7"`) {
		t.Errorf("illegal move: %v", err)
	}
	// A PGN without player tags: PGN's "?" for an unknown player, as its
	// seven-tag roster writes it.
	if rs, err := Import("1. f2 *"); err != nil || len(rs) != 1 || rs[0].Get("Red") != "?" || rs[0].Get("Blue") != "?" {
		t.Errorf("no players: %v, %+v", err, rs)
	}
	if _, err := Import(`[Variant "chess"]` + "\n\n1. e4 *"); err == nil {
		t.Error("chess accepted")
	}
}

func TestRoundTrip(t *testing.T) {
	rs, err := Import(cutechess)
	if err != nil {
		t.Fatal(err)
	}
	// A whole random game too, to its end.
	g, _ := ataxx.Info.New(nil)
	r := &record.Record{}
	r.Set("Game", "ataxx")
	r.Set("Red", "a")
	r.Set("Blue", "b")
	rng := rand.New(rand.NewPCG(1, 2))
	for !g.Result().Over() {
		ms := g.Moves(nil)
		m := ms[rng.IntN(len(ms))]
		r.AddMoves(g.FormatMove(m))
		g.Play(m)
	}
	res := g.Result()
	r.Set("Result", record.ResultToken(true, res.Winner))
	rs = append(rs, r)
	for i, r := range rs {
		text, err := Export(r)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		for _, want := range []string{`[Variant "ataxx"]`, `[FEN "`, `[PlyCount "` + itoa(len(r.Moves)) + `"]`} {
			if !strings.Contains(text, want) {
				t.Errorf("game %d: no %s in\n%s", i, want, text)
			}
		}
		back, err := Import(text)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, text)
		}
		if !slices.Equal(back[0].MoveTexts(), r.MoveTexts()) || back[0].Get("Result") != r.Get("Result") || back[0].Get("Red") != r.Get("Red") || back[0].Get("Position") != r.Get("Position") {
			t.Errorf("game %d round trip:\n%s\n%+v\n%+v", i, text, back[0], r)
		}
		for _, l := range strings.Split(text, "\n") {
			if len(l) > 79 {
				t.Errorf("long line %q", l)
			}
		}
	}
	if text, _ := Export(rs[1]); !strings.Contains(text, "\n1... b2 2. f2 0-1\n") {
		t.Errorf("o first:\n%s", text)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
