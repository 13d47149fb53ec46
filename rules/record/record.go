// Package record reads and writes game records: a PGN-like text with tags
// (game, options, start position, date, players, result) followed by the
// moves in the game's own notation.
//
//	[Game "ataxx"]
//	[Options "blocks=4"]
//	[Position "x5o/7/7/7/7/7/o5x x 0 1"]
//	[Date "2025.01.31"]
//	[Red "?"]
//	[Blue "?"]
//	[Result "1-0"]
//	[Termination "no moves left for either side"]
//
//	1. f2 b6 2. g1e3 a7c5 1-0
//
// Moves may carry annotations as PGN writes them (glyphs, NAGs, comments,
// variations: e3? $2 { a comment } (e2 f2)), which are kept and written
// back. One reader (Scanner) reads every record format and stream: see it
// for the syntax.
//
// The package knows nothing of any game: moves are kept as text, and the
// caller plays them. A plain move list (no tags) is a record too.
package record

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Standard tag names.
const (
	TagGame        = "Game"
	TagOptions     = "Options"
	TagPosition    = "Position" // the start position, when it is not the game's start
	TagDate        = "Date"
	TagResult      = "Result"
	TagTermination = "Termination"
)

// Result tokens, as in PGN: the first side won, the second side won, draw,
// unfinished.
const (
	FirstWins  = "1-0"
	SecondWins = "0-1"
	DrawResult = "1/2-1/2"
	Unfinished = "*"
)

// Tag is one [Name "Value"] pair.
type Tag struct {
	Name, Value string
}

// Annotation is what a record says about a move besides the move: its
// glyph, its NAGs, comments before and after it, and variations, each an
// alternative to it (a line of moves with their own annotations).
type Annotation struct {
	Glyph      string   // "!", "?", "!!", "??", "!?" or "?!" (NAGs 1-6), or ""
	NAGs       []int    // numeric annotation glyphs ($0-$255), in order
	Before     []string // comments before the move (the start of a variation)
	After      []string // comments after it
	Variations [][]Move // alternatives to the move, in order
}

// Empty reports whether the annotation holds nothing.
func (a Annotation) Empty() bool {
	return a.Glyph == "" && len(a.NAGs) == 0 && len(a.Before) == 0 && len(a.After) == 0 && len(a.Variations) == 0
}

// Move is one move of the record, as written, with where it was read from
// (line and column, 0 for moves not read from text) and its annotation.
type Move struct {
	Text      string
	Line, Col int
	Annotation
}

// Record is a parsed game record.
type Record struct {
	Tags  []Tag
	Moves []Move
	// Comments are the comments before the first move (the game's
	// comment).
	Comments []string
	// Result is the result token that ended the move text ("1-0", "0-1",
	// "1/2-1/2", "*"), or "" when there was none.
	Result string
	// Line is the line of the text the record starts on (0 when not read).
	Line int
}

// Get returns a tag's value (names compare without case), or "".
func (r *Record) Get(name string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// Has reports whether the record has the named tag.
func (r *Record) Has(name string) bool {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			return true
		}
	}
	return false
}

// Set sets a tag, replacing an existing one of the same name or appending.
func (r *Record) Set(name, value string) {
	for i, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{name, value})
}

// AddMoves appends moves written as text.
func (r *Record) AddMoves(moves ...string) {
	for _, m := range moves {
		r.Moves = append(r.Moves, Move{Text: m})
	}
}

// MoveTexts returns the moves as text.
func (r *Record) MoveTexts() []string {
	out := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		out[i] = m.Text
	}
	return out
}

// IsResult reports whether s is a result token.
func IsResult(s string) bool {
	return s == FirstWins || s == SecondWins || s == DrawResult || s == Unfinished
}

// ResultToken returns the token for a finished game won by winner (0 or 1),
// a draw (winner < 0 and over), or an unfinished game.
func ResultToken(over bool, winner int) string {
	switch {
	case !over:
		return Unfinished
	case winner == 0:
		return FirstWins
	case winner == 1:
		return SecondWins
	}
	return DrawResult
}

// Format writes the record: tags one per line, a blank line, then the
// moves numbered by pairs ("1. a b 2. c d") with their annotations in PGN's
// way (e3? $2 { a comment } (e2 f2)), wrapped at about 79 columns, and the
// result token (the Result tag's value, or "*").
func (r *Record) Format() string {
	var b strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, Quote(t.Value))
	}
	if len(r.Tags) > 0 {
		b.WriteByte('\n')
	}
	WriteWords(&b, Movetext(r.Comments, r.Moves, 1, false, r.ResultText()))
	return b.String()
}

// Movetext returns the words of a move text: the comments before the first
// move, the moves numbered from number (second: the first move is the
// second side's, written "N..."), each with its annotation, and the result
// (none when result is ""). A move of the second side is numbered "N..."
// when a comment or a variation comes between it and the move before, as
// PGN writes it.
func Movetext(comments []string, moves []Move, number int, second bool, result string) []string {
	var words []string
	for _, c := range comments {
		words = appendComment(words, c)
	}
	words = appendMoves(words, moves, numbering{true, number, second})
	if result != "" {
		words = append(words, result)
	}
	return words
}

// appendComment appends a comment as words of the move text: a short one
// ("{ +0.45/3 0.1s }") as one word, so that wrapping never splits it, a
// long one with its braces on its first and last words, so that no brace
// stands alone at the end of a line.
func appendComment(words []string, c string) []string {
	// A comment cannot hold '}' (nothing read from text does).
	f := strings.Fields(strings.ReplaceAll(c, "}", ")"))
	if len(f) == 0 {
		return append(words, "{ }")
	}
	if t := strings.Join(f, " "); len(t) <= shortComment {
		return append(words, "{ "+t+" }")
	}
	f[0] = "{ " + f[0]
	f[len(f)-1] += " }"
	return append(words, f...)
}

// shortComment is the longest comment written as one word of the move
// text, never split across lines.
const shortComment = 40

func appendMoves(words []string, moves []Move, num numbering) []string {
	number := true
	for _, m := range moves {
		for _, c := range m.Before {
			words = appendComment(words, c)
			number = true
		}
		if !num.second || number {
			words = append(words, num.String())
		}
		number = false
		words = append(words, m.Text+m.Glyph)
		for _, n := range m.NAGs {
			words = append(words, "$"+strconv.Itoa(n))
		}
		for _, c := range m.After {
			words = appendComment(words, c)
			number = true
		}
		for _, v := range m.Variations {
			inner := appendMoves(nil, v, num)
			if len(inner) == 0 {
				continue
			}
			inner[0] = "(" + inner[0]
			inner[len(inner)-1] += ")"
			words = append(words, inner...)
			number = true
		}
		num.advance()
	}
	return words
}

// ResultText is the record's result: the token that ended its moves, else
// its Result tag, else "*" (unfinished).
func (r *Record) ResultText() string {
	if r.Result != "" {
		return r.Result
	}
	if res := r.Get(TagResult); res != "" {
		return res
	}
	return Unfinished
}

// WriteWords writes the move text's words separated by spaces, wrapped
// before column 80, and ends the last line.
func WriteWords(b *strings.Builder, words []string) {
	col := 0
	for _, w := range words {
		if col > 0 && col+1+len(w) > 79 {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteByte('\n')
}

// OrUnknown gives a tag's value, or "?" (PGN's unknown) when it is empty:
// how a player the source left out is written.
func OrUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// Quote writes a tag value in double quotes, escaping only '\\' and '"', as
// Parse (and PGN readers) read it back.
func Quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"`
}

// Error is a parse error at a line (and column, when known) of the text.
type Error struct {
	Line, Col int
	Msg       string
	Err       error // what it wraps, if anything (textfile.ErrTooLarge)
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Parse reads one record (see Scanner for what a record holds). A text
// without tags is a plain move list; an empty text is an empty record. A
// second record in the text is an error.
func Parse(text string) (*Record, error) { return ParseFrom(strings.NewReader(text)) }

// ParseFrom is Parse reading from r; an error of r (a caller's context
// cancelled, say) stops it.
func ParseFrom(rd io.Reader) (*Record, error) {
	s := NewScanner(rd)
	r, err := s.ReadRecord()
	if errors.Is(err, io.EOF) {
		return &Record{}, nil
	}
	if err != nil {
		return nil, err
	}
	next, err := s.ReadRecord()
	switch {
	case errors.Is(err, io.EOF):
		return r, nil
	case err != nil:
		return nil, err
	}
	return nil, &Error{Line: next.Line, Msg: "a second record starts here (one record was expected)"}
}

// SortTags orders the standard tags first (Game, Options, Position, Date),
// then the others in their order, then Result and Termination.
func (r *Record) SortTags() {
	rank := func(n string) int {
		switch strings.ToLower(n) {
		case "game":
			return 0
		case "options":
			return 1
		case "position":
			return 2
		case "date":
			return 3
		case "result":
			return 5
		case "termination":
			return 6
		}
		return 4
	}
	sort.SliceStable(r.Tags, func(i, j int) bool { return rank(r.Tags[i].Name) < rank(r.Tags[j].Name) })
}
