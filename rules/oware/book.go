package oware

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"boardrepl/rules"
)

// The opening book (book.txt, made by tools/owarebook): for the
// positions of the first plies under end=tournament, the move a deep search
// of boardrepl's own engine chose. Each line is
//
//	position;move;score;depth
//
// with score from the side to move's view (100 = a seed) and depth the
// depth of that search; '#' starts a comment line. The engine's selective
// search plays a book move without searching (rules.Booker).

//go:embed book.txt
var bookText string

type bookEntry struct {
	m            rules.Move
	score, depth int
}

var (
	bookOnce sync.Once
	book     map[string]bookEntry
	bookErr  error
)

// loadBook reads the embedded book once; a book that does not read is not
// used (TestBook checks that it reads).
func loadBook() (map[string]bookEntry, error) {
	bookOnce.Do(func() { book, bookErr = parseBook(bookText) })
	return book, bookErr
}

// parseBook reads a book's text: every position must parse under
// end=tournament, every move must be legal there.
func parseBook(text string) (map[string]bookEntry, error) {
	b := map[string]bookEntry{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ";")
		if len(f) != 4 {
			return nil, fmt.Errorf("book line %d: want position;move;score;depth, got %q", i+1, line)
		}
		g, err := Parse(rules.Options{"end": "tournament"}, f[0])
		if err != nil {
			return nil, fmt.Errorf("book line %d: %v", i+1, err)
		}
		m, err := g.ParseMove(f[1])
		if err != nil {
			return nil, fmt.Errorf("book line %d: move %q: %v", i+1, f[1], err)
		}
		score, err1 := strconv.Atoi(f[2])
		depth, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || depth < 1 {
			return nil, fmt.Errorf("book line %d: score %q and depth %q must be whole numbers, the depth at least 1", i+1, f[2], f[3])
		}
		key := g.Position()
		if _, dup := b[key]; dup {
			return nil, fmt.Errorf("book line %d: position %s given twice", i+1, key)
		}
		b[key] = bookEntry{m: m, score: score, depth: depth}
	}
	return b, nil
}

// BookMove is the opening book's move for the current position under
// end=tournament (the endings the book was searched under); ok is false in
// the other endings and for a position the book does not hold
// (rules.Booker).
func (g *Game) BookMove() (m rules.Move, score, depth int, ok bool) {
	if !g.tournament {
		return 0, 0, 0, false
	}
	b, err := loadBook()
	if err != nil {
		return 0, 0, 0, false
	}
	e, ok := b[g.Position()]
	if !ok {
		return 0, 0, 0, false
	}
	return e.m, e.score, e.depth, true
}
