package ogn

import (
	"slices"
	"strings"
	"testing"

	"boardrepl/rules/record"
)

// FuzzImport: any text imports or fails, never panics; an imported game
// that exports imports back to the same moves and players, and exports
// again to the same text.
func FuzzImport(f *testing.F) {
	for _, s := range []string{
		"[South \"Ann\"]\n[North \"Bo\"]\n\n1. F f 2. E e *",
		"[Event \"x\"]\n[Date \"2024.03.04\"]\n\n1. A b 2. C+2 1-0\n",
		"[Position \"0,4,4,4,4,4/5,5,5,5,4,4 0 0 s\"]\n\n1. a *",
		"[Position \"bogus\"]\n\n*",
		"[Options \"nosuch\"]\n\n*",
		"1. f", "1. F F", "1. F+2", "1. G", "1. F+x", "1. F+-1", "1. F+",
		"1. F? { a } { b } (1. E e) f $1 2. E!! *",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Import(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		text, err := Export(r)
		if err != nil {
			// A start with boardrepl's south to move imports but has no
			// OGN form.
			return
		}
		back, err := Import(text)
		if err != nil {
			t.Fatalf("%q: export does not import: %v\n%s", s, err, text)
		}
		if !slices.Equal(back.MoveTexts(), r.MoveTexts()) || back.Get("Result") != r.Get("Result") || back.Get("North") != r.Get("North") || back.Get("South") != r.Get("South") || back.Get("Position") != r.Get("Position") {
			t.Fatalf("%q: round trip\n%s\n%+v\n%+v", s, text, r, back)
		}
		if again, err := Export(back); err != nil || again != text {
			t.Fatalf("%q: export of the import differs (%v):\n%s\n%s", s, err, text, again)
		}
	})
}

// FuzzExport: any boardrepl record exports or fails, never panics; what
// exports imports back with the same moves.
func FuzzExport(f *testing.F) {
	for _, s := range []string{
		"[Game \"oware\"]\n[North \"a\"]\n\n1. A L 2. B K *\n",
		"[Game \"ataxx\"]\n\n1. f2 *\n",
		"[Position \"0,4,4,4,4,4/5,5,5,5,4,4 0 0 s\"]\n\n1. L *\n",
		"[Options \"nosuch\"]\n\n*\n",
		"1. A A *",
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
		if err != nil {
			t.Fatalf("%q: export does not import back (%v):\n%s", s, err, text)
		}
		want := r.MoveTexts()
		for i := range want {
			want[i] = strings.ToUpper(want[i])
		}
		if !slices.Equal(back.MoveTexts(), want) {
			t.Fatalf("%q: moves %v come back as %v:\n%s", s, want, back.MoveTexts(), text)
		}
	})
}
