package engine

import (
	"context"
	"testing"

	"boardrepl/rules"
)

// TestNewGameForgetsHistory: in a game whose search keeps its history from
// one search to the next (SearchTuning.KeepHistory: Ataxx), a search after
// NewGame is the search of a new engine, node for node; without NewGame the
// history the last search left is where the next one starts.
func TestNewGameForgetsHistory(t *testing.T) {
	ps := randomPositions(t, "ataxx", 5, []int{4, 9, 14})
	if st, ok := ps[0].(rules.SearchTuner); !ok || !st.SearchTuning().KeepHistory {
		t.Fatal("ataxx does not keep its history: the test needs a game that does")
	}
	lim := Limits{Depth: 8}
	used := New(Options{Selective: true, HashEntries: 1 << 16})
	for i, g := range ps {
		used.NewGame()
		a, err := used.Search(context.Background(), g, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		fresh := New(Options{Selective: true, HashEntries: 1 << 16})
		b, err := fresh.Search(context.Background(), g, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Nodes != b.Nodes || a.Score != b.Score || a.Best != b.Best {
			t.Errorf("position %d after NewGame: %d nodes, score %d, %s; a new engine: %d nodes, score %d, %s",
				i, a.Nodes, a.Score, a.BestText, b.Nodes, b.Score, b.BestText)
		}
	}

	// Without NewGame the next search starts from the history left.
	e := New(Options{Selective: true, HashEntries: 1 << 16})
	if _, err := e.Search(context.Background(), ps[0], lim, nil); err != nil {
		t.Fatal(err)
	}
	left := e.threads[0].history
	if left == ([2][historySize]int32{}) {
		t.Fatal("a search of depth 8 left no history")
	}
	e.threads[0].reset(ps[1].Clone(), &shared{})
	if e.threads[0].history != left {
		t.Error("the next search of the same game did not start from the history left")
	}
	e.NewGame()
	e.threads[0].reset(ps[1].Clone(), &shared{})
	if e.threads[0].history != ([2][historySize]int32{}) {
		t.Error("after NewGame the next search did not start from an empty history")
	}

	// Other games and the exact search start from nothing every time.
	x := New(Options{HashEntries: 1 << 16})
	if _, err := x.Search(context.Background(), ps[0], lim, nil); err != nil {
		t.Fatal(err)
	}
	x.threads[0].reset(ps[1].Clone(), &shared{})
	if x.threads[0].history != ([2][historySize]int32{}) {
		t.Error("the exact search kept a history from one search to the next")
	}
}
