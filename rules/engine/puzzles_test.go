package engine

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/record"
	"boardrepl/rules/solve"
)

// TestPuzzleFixtures: the search finds the forced wins of the puzzle
// fixtures (hand-checked, see their Source tags) at the shortest distance,
// which is the length of the stored solution, and finds none where the
// puzzle says the goal is refuted.
func TestPuzzleFixtures(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/*/puzzles.txt")
	if len(files) == 0 {
		t.Fatal("no puzzle fixtures")
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs, starts, err := record.ParseAll(string(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, r := range recs {
			where := f + ":" + strconv.Itoa(starts[i])
			goal, err := solve.ParseGoal(r.Get("Goal"))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if goal.Kind != solve.Win {
				continue // capture goals are the solver's, not the search's
			}
			info, err := rules.Lookup(r.Get("Game"))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			var opts []string
			if o := r.Get("Options"); o != "" {
				opts = strings.Fields(o)
			}
			g, err := info.NewGame(opts, r.Get("Position"))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			res, err := Search(context.Background(), g, Limits{Depth: goal.Plies}, nil)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			n := MatePlies(res.Score)
			if r.Get("Expect") == "refuted" {
				if n > 0 && n <= goal.Plies {
					t.Errorf("%s (%s): refuted, but the search wins in %d plies with %v", where, r.Get("Name"), n, res.PVText)
				}
			} else if want := len(r.Moves); n != want {
				t.Errorf("%s (%s): search gives %d plies to the win (score %s, pv %v), the solution has %d",
					where, r.Get("Name"), n, FormatScore(res.Score), res.PVText, want)
			}
			// The selective search (as players search) never claims a win
			// shorter than the shortest, and still finds the win with two
			// plies to spare.
			sel, err := New(Options{HashEntries: 1 << 16, Selective: true}).Search(context.Background(), g, Limits{Depth: goal.Plies + 2}, nil)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			sn := MatePlies(sel.Score)
			switch {
			case r.Get("Expect") == "refuted" && sn > 0 && sn <= goal.Plies:
				t.Errorf("%s (%s): refuted, but the selective search wins in %d plies with %v", where, r.Get("Name"), sn, sel.PVText)
			case r.Get("Expect") != "refuted" && (sn <= 0 || sn < len(r.Moves)):
				t.Errorf("%s (%s): the selective search gives %s (pv %v), the solution wins in %d plies",
					where, r.Get("Name"), FormatScore(sel.Score), sel.PVText, len(r.Moves))
			}
			checked++
		}
	}
	if checked < 5 {
		t.Errorf("only %d puzzles checked", checked)
	}
}
