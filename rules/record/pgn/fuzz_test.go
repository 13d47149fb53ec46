package pgn

import (
	"slices"
	"testing"

	"boardrepl/rules/record"
)

var fuzzSeeds = []string{
	cutechess,
	"[Variant \"ataxx\"]\n[Black \"a\"]\n[White \"b\"]\n\n1. f2 b6 2. 0000 *\n",
	"[FEN \"x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\"]\n\n1... b2 2. f2 0-1\n",
	"[FEN \"startpos\"]\n[Date \"2024-03-04 10:02\"]\n\n1. g1e3 {+0.1/2} a7c5 1/2-1/2\n",
	"[FEN \"7/7/7/7/7/7/7 q\"]\n\n1. f2 *\n",
	"[Variant \"chess\"]\n\n1. e4 *",
	"[Options \"bogus\"]\n\n*",
	"[Black \"a\\tb\" ]\n\n1. f2 { never closed",
	"1. h9 *",
	"[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n{ g } 1. f2?! $6 { [%eval 0.2] } (1. g2 (1. a1) b2) 1... b2 $1 *\n",
	"1. f2 b2 3. g2 *",
	"",
}

// FuzzImport: any text imports or fails, never panics; an imported game
// exports and imports back to the same moves, start, players and result.
func FuzzImport(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, err := Import(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		for i, r := range rs {
			text, err := Export(r)
			if err != nil {
				t.Fatalf("%q: game %d imports but does not export: %v", s, i+1, err)
			}
			back, err := Import(text)
			if err != nil {
				t.Fatalf("%q: export of game %d does not import: %v\n%s", s, i+1, err, text)
			}
			if len(back) != 1 {
				t.Fatalf("%q: export of game %d imports as %d games:\n%s", s, i+1, len(back), text)
			}
			b := back[0]
			for _, tag := range []string{"Position", "Result", "Red", "Blue"} {
				if b.Get(tag) != r.Get(tag) {
					t.Fatalf("%q: game %d tag %s %q comes back as %q:\n%s", s, i+1, tag, r.Get(tag), b.Get(tag), text)
				}
			}
			if !slices.Equal(b.MoveTexts(), r.MoveTexts()) {
				t.Fatalf("%q: game %d moves %v come back as %v", s, i+1, r.MoveTexts(), b.MoveTexts())
			}
			for k := range b.Moves {
				x, y := r.Moves[k], b.Moves[k]
				if x.Glyph != y.Glyph || !slices.Equal(x.NAGs, y.NAGs) || !slices.Equal(x.After, y.After) || len(x.Variations) != len(y.Variations) {
					t.Fatalf("%q: game %d move %d's annotation %+v comes back as %+v", s, i+1, k+1, x.Annotation, y.Annotation)
				}
			}
		}
	})
}

// FuzzExport: any boardrepl record exports or fails, never panics; what
// exports imports back with the same moves.
func FuzzExport(f *testing.F) {
	for _, s := range []string{
		"[Game \"ataxx\"]\n[Red \"a\"]\n\n1. f2 b6 *\n",
		"[Game \"oware\"]\n\n1. A *\n",
		"[Game \"nosuch\"]\n\n*\n",
		"[Position \"x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\"]\n\n1. b2 f2 0-1\n",
		"[Position \"x5o/7/7/7/7/7/o5x\"]\n\n*\n",
		"[Options \"x=y\"]\n\n1. f2\n",
		"1. f2 a1 *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := record.Parse(s)
		if err != nil {
			return
		}
		text, err := Export(r)
		if err != nil {
			return
		}
		back, err := Import(text)
		if err != nil || len(back) != 1 {
			t.Fatalf("%q: export does not import back (%v):\n%s", s, err, text)
		}
		if len(back[0].Moves) != len(r.Moves) {
			t.Fatalf("%q: %d moves come back as %d:\n%s", s, len(r.Moves), len(back[0].Moves), text)
		}
	})
}
