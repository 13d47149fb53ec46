package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"sync"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
)

// A Book is an opening book read from a file, for any game: for each
// position it holds, the move to play. A player given one (ab:book=FILE)
// plays the book's move without searching in the positions of the book and
// searches the others; the file's book replaces the game's own
// (rules.Booker, Oware's). The search itself is not changed: the book is
// asked once, at the root, before a search starts.
//
// The file has one entry a line,
//
//	position;move[;score;depth]
//
// (the format of Oware's book.txt, which this reads too): a position
// string, the move in the game's notation and, when the book was made with
// a search, its score from the side to move's view and the depth of that
// search. Blank lines and lines starting with '#' are skipped. The
// positions are read for the game being played, when it first asks: a
// book does not name its game, and a position that the game cannot read, or
// a move that is not legal there, is an error of the search then (FILE:LINE:
// why). Positions are matched by PositionKey, so that a position reached
// with other move counters (Ataxx's clocks) is still found.
type Book struct {
	File string
	// SHA256 is the digest of the file's text (hex; "" for a book parsed
	// from a string): what a match's identity records of it.
	SHA256 string
	lines  []bookLine
	mu     sync.Mutex
	// byGame holds the entries read for a game and its options.
	byGame map[string]*bookIndex
}

type bookLine struct {
	n            int // the line in the file, from 1
	pos, move    string
	score, depth int
}

type bookIndex struct {
	entries map[uint64]*bookLine
	err     error
}

// LoadBook reads a book file (see Book).
func LoadBook(file string) (*Book, error) {
	text, err := textfile.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("book: %v", err)
	}
	b, err := ParseBook(file, string(text))
	if err == nil {
		sum := sha256.Sum256(text)
		b.SHA256 = hex.EncodeToString(sum[:])
	}
	return b, err
}

// ParseBook reads the text of a book file named file (see Book): every
// line must have its fields; the positions are read when a game asks.
func ParseBook(file, text string) (*Book, error) {
	b := &Book{File: file, byGame: map[string]*bookIndex{}}
	for i, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || t[0] == '#' {
			continue
		}
		f := strings.Split(t, ";")
		l := bookLine{n: i + 1}
		switch len(f) {
		case 2:
		case 4:
			var err1, err2 error
			l.score, err1 = strconv.Atoi(strings.TrimSpace(f[2]))
			l.depth, err2 = strconv.Atoi(strings.TrimSpace(f[3]))
			if err1 != nil || err2 != nil || l.depth < 0 || l.depth >= MaxPly {
				return nil, fmt.Errorf("%s:%d: score %q and depth %q: want whole numbers, the depth from 0 to %d", file, i+1, f[2], f[3], MaxPly-1)
			}
			if l.score < -Mate || l.score > Mate {
				return nil, fmt.Errorf("%s:%d: score %d: want a search score, from %d to %d", file, i+1, l.score, -Mate, Mate)
			}
		default:
			return nil, fmt.Errorf("%s:%d: want position;move or position;move;score;depth, got %q", file, i+1, t)
		}
		l.pos, l.move = strings.TrimSpace(f[0]), strings.TrimSpace(f[1])
		if l.pos == "" || l.move == "" {
			return nil, fmt.Errorf("%s:%d: want position;move or position;move;score;depth, got %q", file, i+1, t)
		}
		b.lines = append(b.lines, l)
	}
	if len(b.lines) == 0 {
		return nil, fmt.Errorf("%s: no entry in the book", file)
	}
	return b, nil
}

// Len is the number of entries of the book.
func (b *Book) Len() int { return len(b.lines) }

// index returns the book's entries for g's game and options, reading them
// on first use.
func (b *Book) index(g rules.Game) *bookIndex {
	info := g.Info()
	opts := g.Options()
	id := info.ID + " " + strings.Join(info.FormatOptions(opts), " ")
	b.mu.Lock()
	defer b.mu.Unlock()
	if ix := b.byGame[id]; ix != nil {
		return ix
	}
	ix := &bookIndex{entries: map[uint64]*bookLine{}}
	b.byGame[id] = ix
	for i := range b.lines {
		l := &b.lines[i]
		pg, err := info.Parse(opts, l.pos)
		if err != nil {
			ix.err = fmt.Errorf("%s:%d: position %q is not a position of %s: %v", b.File, l.n, l.pos, info.ID, err)
			return ix
		}
		if _, err := pg.ParseMove(l.move); err != nil {
			ix.err = fmt.Errorf("%s:%d: move %q: %v", b.File, l.n, l.move, err)
			return ix
		}
		k := PositionKey(pg)
		if o := ix.entries[k]; o != nil {
			ix.err = fmt.Errorf("%s:%d: the position of line %d again", b.File, l.n, o.n)
			return ix
		}
		ix.entries[k] = l
	}
	return ix
}

// Move returns the book's move for g as a search result (Book set, the
// score and depth the book gives, no nodes), ok false when g's position is
// not in the book; the error says why the book cannot be read for g's game.
func (b *Book) Move(g rules.Game) (Result, bool, error) {
	ix := b.index(g)
	if ix.err != nil {
		return Result{}, false, ix.err
	}
	l := ix.entries[PositionKey(g)]
	if l == nil {
		return Result{}, false, nil
	}
	m, err := g.ParseMove(l.move)
	if err != nil {
		// Another position under the same key (a hash collision).
		return Result{}, false, nil
	}
	var res Result
	res.Best, res.BestText = m, g.FormatMove(m)
	res.Depth, res.Score = l.depth, l.score
	res.PV, res.PVText = []rules.Move{m}, []string{res.BestText}
	res.Book = true
	return res, true, nil
}

// PositionKey identifies a position for an opening book or tree: its
// Zobrist hash when the game has one (rules.Hasher: the position as the
// transposition table sees it, move counters left out), else the FNV-1a
// hash of its position string.
func PositionKey(g rules.Game) uint64 {
	if h, ok := g.(rules.Hasher); ok {
		return h.Hash()
	}
	f := fnv.New64a()
	f.Write([]byte(g.Position()))
	return f.Sum64()
}
