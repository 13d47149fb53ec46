package solve_test

import (
	"testing"

	"boardrepl/rules/solve"
)

// FuzzParseGoal: any text gives a goal or an error, never a panic; a goal is
// within the horizon limit and reads back from its String form.
func FuzzParseGoal(f *testing.F) {
	for _, s := range []string{
		"win 3", "win 1 move", "win 5 plies", "capture 2 in 3", "Capture 1 in 64 ply",
		"win 64", "win 65 plies", "win 0", "win -1", "win 9223372036854775807",
		"capture 0 in 3", "capture x in 3", "capture 2 on 3", "", "plies", "win", "win 3 4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := solve.ParseGoal(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		if g.Plies < 1 || g.Plies > solve.MaxPlies {
			t.Fatalf("%q: horizon %d plies out of range", s, g.Plies)
		}
		if g.Kind == solve.Capture && g.Count < 1 {
			t.Fatalf("%q: capture count %d", s, g.Count)
		}
		back, err := solve.ParseGoal(g.String())
		if err != nil || back != g {
			t.Fatalf("%q -> %q does not round-trip: %+v vs %+v (%v)", s, g.String(), g, back, err)
		}
	})
}
