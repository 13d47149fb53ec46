package engine

import (
	"context"
	"os"
	"strings"
	"testing"

	"boardrepl/rules"
)

// A position in a file book gets the book's move without a search; one
// outside it is searched, as without a book.
func TestFileBook(t *testing.T) {
	ctx := context.Background()
	start := "x5o/7/7/7/7/7/o5x x 0 1"
	// a7c5 is a jump, which no search prefers to a clone at the start.
	b, err := ParseBook("b.txt", "# a book\n\n"+start+";a7c5;-12;5\n")
	if err != nil {
		t.Fatal(err)
	}
	lim := Limits{Depth: 3}
	e := New(Options{HashEntries: 1 << 16, Selective: true, Book: b})
	res, err := e.Search(ctx, newGame(t, "ataxx", start), lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Book || res.BestText != "a7c5" || res.Score != -12 || res.Depth != 5 || res.Nodes != 0 {
		t.Errorf("in the book: got %s score %d depth %d nodes %d book %v, want the book's a7c5 -12 at depth 5, no nodes",
			res.BestText, res.Score, res.Depth, res.Nodes, res.Book)
	}
	// The same board with other move counters is the same book position.
	res, err = e.Search(ctx, newGame(t, "ataxx", "x5o/7/7/7/7/7/o5x x 6 9"), lim, nil)
	if err != nil || !res.Book || res.BestText != "a7c5" {
		t.Errorf("the start with other clocks: got %s book %v (%v), want the book's a7c5", res.BestText, res.Book, err)
	}
	// Outside the book: searched, as an engine without a book searches.
	out := "x5o/7/7/7/7/5x1/o5x o 0 1"
	res, err = e.Search(ctx, newGame(t, "ataxx", out), lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := New(Options{HashEntries: 1 << 16, Selective: true}).Search(ctx, newGame(t, "ataxx", out), lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Book || res.Nodes == 0 || res.BestText != plain.BestText || res.Score != plain.Score || res.Depth != 3 {
		t.Errorf("outside the book: got %s %d depth %d nodes %d book %v, want the search's %s %d at depth 3",
			res.BestText, res.Score, res.Depth, res.Nodes, res.Book, plain.BestText, plain.Score)
	}
	// NoBook turns a file book off too; the exact search never asks.
	for _, o := range []Options{{Selective: true, NoBook: true, Book: b}, {Book: b}} {
		o.HashEntries = 1 << 16
		res, err := New(o).Search(ctx, newGame(t, "ataxx", start), lim, nil)
		if err != nil || res.Book {
			t.Errorf("%+v: played from the book (%v)", o, err)
		}
	}
}

// Oware's book.txt read as a file book gives, in every position, the move,
// score and depth the game's own book gives; a file book replaces the
// game's own.
func TestFileBookReadsOwareBook(t *testing.T) {
	text, err := os.ReadFile("../oware/book.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseBook("book.txt", string(text))
	if err != nil {
		t.Fatal(err)
	}
	info, err := rules.Lookup("oware")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ln := range strings.Split(string(text), "\n") {
		if ln == "" || ln[0] == '#' {
			continue
		}
		pos := strings.Split(ln, ";")[0]
		g, err := info.Parse(rules.Options{"end": "tournament"}, pos)
		if err != nil {
			t.Fatal(err)
		}
		m, score, depth, ok := g.(rules.Booker).BookMove()
		res, fok, err := b.Move(g)
		if err != nil || !ok || !fok || res.Best != m || res.Score != score || res.Depth != depth {
			t.Fatalf("%s: the file book gives %s %d %d (%v, %v), the game's own %s %d %d (%v)", pos,
				res.BestText, res.Score, res.Depth, fok, err, g.FormatMove(m), score, depth, ok)
		}
		n++
	}
	if n != b.Len() || n < 50 {
		t.Fatalf("%d positions compared of %d in the file", n, b.Len())
	}
	// A file book that gives another move at the start: the file's move.
	g, _ := info.Parse(rules.Options{"end": "tournament"}, "4,4,4,4,4,4/4,4,4,4,4,4 0 0 n")
	other, _ := ParseBook("mine.txt", g.Position()+";F\n")
	res, err := New(Options{HashEntries: 1 << 16, Selective: true, Book: other}).Search(context.Background(), g, Limits{Depth: 2}, nil)
	if err != nil || !res.Book || res.BestText != "F" {
		t.Errorf("the file book's F at the start: got %s book %v (%v)", res.BestText, res.Book, err)
	}
}

func TestBookErrors(t *testing.T) {
	for _, c := range []struct{ text, err string }{
		{"", "b.txt: no entry in the book"},
		{"# nothing\n", "b.txt: no entry in the book"},
		{"x5o/7/7/7/7/7/o5x x 0 1\n", `b.txt:1: want position;move or position;move;score;depth, got "x5o/7/7/7/7/7/o5x x 0 1"`},
		{"\nx5o/7/7/7/7/7/o5x x 0 1;f2;1\n", "b.txt:2: want position;move"},
		{"x5o/7/7/7/7/7/o5x x 0 1;f2;ten;3\n", `b.txt:1: score "ten" and depth "3": want whole numbers`},
		{"x5o/7/7/7/7/7/o5x x 0 1;f2;0;-1\n", `b.txt:1: score "0" and depth "-1"`},
		{";f2\n", "b.txt:1: want position;move"},
	} {
		_, err := ParseBook("b.txt", c.text)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.err)
		}
	}
	// What the game cannot read is the search's error, naming the line.
	ctx := context.Background()
	for _, c := range []struct{ text, err string }{
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A\n", `b.txt:1: position "4,4,4,4,4,4/4,4,4,4,4,4 0 0 n" is not a position of ataxx`},
		{"# x\nx5o/7/7/7/7/7/o5x x 0 1;a1a2\n", `b.txt:2: move "a1a2"`},
		{"x5o/7/7/7/7/7/o5x x 0 1;f2\nx5o/7/7/7/7/7/o5x x 4 1;g2\n", "b.txt:2: the position of line 1 again"},
	} {
		b, err := ParseBook("b.txt", c.text)
		if err != nil {
			t.Fatal(err)
		}
		_, err = New(Options{HashEntries: 1 << 16, Selective: true, Book: b}).Search(ctx, newGame(t, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1"), Limits{Depth: 1}, nil)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.err)
		}
	}
}

// ab:book=FILE plays from the file; a missing file is refused when the
// player is made; book=0 and book=1 keep their meaning.
func TestPlayerBookFile(t *testing.T) {
	dir := t.TempDir()
	file := dir + "/book.txt"
	if err := os.WriteFile(file, []byte("x5o/7/7/7/7/7/o5x x 0 1;a7c5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ParsePlayer("ab:depth=2,book=" + file)
	if err != nil {
		t.Fatal(err)
	}
	if p.Spec() != "ab:depth=2,book="+file {
		t.Errorf("spec %q", p.Spec())
	}
	g := newGame(t, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1")
	m, err := p.Move(context.Background(), g)
	if err != nil || g.FormatMove(m) != "a7c5" {
		t.Errorf("the book's move: got %s (%v)", g.FormatMove(m), err)
	}
	if e, _, _ := EngineOf(p); e.opts.Book == nil || e.opts.NoBook {
		t.Errorf("book=FILE: options %+v", e.opts)
	}
	if _, err := ParsePlayer("ab:book=" + dir + "/none.txt"); err == nil || !strings.Contains(err.Error(), "none.txt") {
		t.Errorf("a missing book: %v", err)
	}
	for spec, noBook := range map[string]bool{"ab:book=0": true, "ab:book=1": false} {
		p, err := ParsePlayer(spec)
		if err != nil {
			t.Fatal(err)
		}
		if e, _, _ := EngineOf(p); e.opts.NoBook != noBook || e.opts.Book != nil {
			t.Errorf("%s: options %+v", spec, e.opts)
		}
	}
}

// A book file never panics the reader nor the search that asks it; what
// it accepts has its fields.
func FuzzParseBook(f *testing.F) {
	f.Add("x5o/7/7/7/7/7/o5x x 0 1;a7c5;-12;5\n")
	f.Add("# c\n\n4,4,4,4,4,4/4,4,4,4,4,4 0 0 n;A;-9;22\n")
	f.Add("x5o/7/7/7/7/7/o5x x 0 1;f2\nx5o/7/7/7/7/7/o5x x 3 1;g2\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBook("f.txt", text)
		if err != nil {
			return
		}
		for _, l := range b.lines {
			if l.pos == "" || l.move == "" || l.depth < 0 {
				t.Fatalf("accepted %+v", l)
			}
		}
		g := newGame(t, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1")
		b.Move(g)
	})
}
