package oware

import (
	"context"
	"slices"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// The embedded book reads: every position parses, every move is legal
// there (parseBook checks both), and it holds the start position.
func TestBook(t *testing.T) {
	b, err := loadBook()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 {
		t.Fatal("the book is empty")
	}
	g := New(rules.Options{"end": "tournament"})
	m, _, depth, ok := g.BookMove()
	if !ok || depth < 1 {
		t.Fatalf("start position: book move %v depth %d ok %v, want a move", m, depth, ok)
	}
	if !slices.Contains(g.Moves(nil), m) {
		t.Fatalf("start position: book move %v is not legal", m)
	}
	// Only the endings the book was searched under.
	if _, _, _, ok := New(nil).BookMove(); ok {
		t.Error("end=abapa: the book answers, want no book")
	}
}

func TestParseBookErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A;0", "line 1: want position;move;score;depth"},
		{"# c\n4,4,4,4,4,4/4,4,4,4,4 0 0 n;A;0;5", "line 2"},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;G;0;5", `line 1: move "G"`},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A;x;5", "line 1: score"},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A;0;0", "line 1: score"},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A;0;5\n4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;B;0;5", "line 2: position 4,4,4,4,4,4/4,4,4,4,4,4 0 0 n given twice"},
	} {
		_, err := parseBook(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseBook(%q) = %v, want an error containing %q", c.text, err, c.want)
		}
	}
}

// The playing (selective) search plays the book's move without a node;
// the exact search, and the selective one with NoBook, search.
func TestBookInSearch(t *testing.T) {
	g := New(rules.Options{"end": "tournament"})
	want, score, depth, _ := g.BookMove()
	for _, c := range []struct {
		opts engine.Options
		book bool
	}{
		{engine.Options{HashEntries: 1 << 10, Selective: true}, true},
		{engine.Options{HashEntries: 1 << 10, Selective: true, NoBook: true}, false},
		{engine.Options{HashEntries: 1 << 10}, false},
	} {
		res, err := engine.New(c.opts).Search(context.Background(), g, engine.Limits{Depth: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.book {
			if res.Best != want || res.Nodes != 0 || res.Score != score || res.Depth != depth || res.BestText != g.FormatMove(want) {
				t.Errorf("%+v: %s score %d depth %d nodes %d, want the book's %s score %d depth %d, no node",
					c.opts, res.BestText, res.Score, res.Depth, res.Nodes, g.FormatMove(want), score, depth)
			}
		} else if res.Nodes == 0 || res.Depth != 3 {
			t.Errorf("%+v: depth %d nodes %d, want a search to depth 3", c.opts, res.Depth, res.Nodes)
		}
	}
}
