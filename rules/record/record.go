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
// The package knows nothing of any game: moves are kept as text, and the
// caller plays them. A plain move list (no tags) is a record too.
package record

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
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

// Move is one move of the record, as written, with the line it was read from
// (0 for moves not read from text).
type Move struct {
	Text string
	Line int
}

// Record is a parsed game record.
type Record struct {
	Tags  []Tag
	Moves []Move
	// Result is the result token that ended the move text ("1-0", "0-1",
	// "1/2-1/2", "*"), or "" when there was none.
	Result string
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

// Format writes the record: tags one per line, a blank line, then the moves
// numbered by pairs ("1. a b 2. c d"), wrapped at about 79 columns, and the
// result token (the Result tag's value, or "*").
func (r *Record) Format() string {
	var b strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, Quote(t.Value))
	}
	if len(r.Tags) > 0 {
		b.WriteByte('\n')
	}
	var words []string
	for i, m := range r.Moves {
		if i%2 == 0 {
			words = append(words, fmt.Sprintf("%d.", i/2+1))
		}
		words = append(words, m.Text)
	}
	res := r.ResultText()
	words = append(words, res)
	WriteWords(&b, words)
	return b.String()
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

// Quote writes a tag value in double quotes, escaping only '\\' and '"', as
// Parse (and PGN readers) read it back.
func Quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"`
}

// Error is a parse error at a line of the text.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Parse reads a record. Tags come first, one [Name "Value"] per line; then
// the moves, separated by white space. Move numbers ("12." or "12...") are
// skipped; comments in braces {..}, after ';' or after '#' to the end of the
// line are ignored; a result token ends the moves. A text without tags is a
// plain move list.
func Parse(text string) (*Record, error) {
	r := &Record{}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	inComment := 0 // line where an open brace comment started
	tagsDone := false
	for li, line := range lines {
		ln := li + 1
		if inComment == 0 && !tagsDone {
			t := strings.TrimSpace(line)
			if t == "" {
				continue
			}
			if strings.HasPrefix(t, "[") {
				tag, err := parseTag(t)
				if err != nil {
					return nil, &Error{ln, err.Error()}
				}
				if r.Has(tag.Name) {
					return nil, &Error{ln, fmt.Sprintf("tag %s given twice", tag.Name)}
				}
				r.Tags = append(r.Tags, tag)
				continue
			}
			tagsDone = true
		}
		rest := line
		for rest != "" {
			if inComment != 0 {
				j := strings.IndexByte(rest, '}')
				if j < 0 {
					rest = ""
					break
				}
				inComment = 0
				rest = rest[j+1:]
				continue
			}
			rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
			if rest == "" {
				break
			}
			switch rest[0] {
			case '{':
				inComment = ln
				rest = rest[1:]
				continue
			case ';', '#':
				rest = ""
				continue
			case '[':
				return nil, &Error{ln, "tag after the moves"}
			}
			end := strings.IndexFunc(rest, func(c rune) bool { return unicode.IsSpace(c) || c == '{' || c == ';' })
			if end < 0 {
				end = len(rest)
			}
			tok := rest[:end]
			rest = rest[end:]
			if r.Result != "" {
				return nil, &Error{ln, fmt.Sprintf("%q after the result %s", tok, r.Result)}
			}
			for t := stripNumber(tok); t != tok; t = stripNumber(tok) {
				tok = t
			}
			if tok == "" {
				continue
			}
			if tok[0] == '[' { // "1.[Game ...": a tag glued to a move number
				return nil, &Error{ln, "tag after the moves"}
			}
			if IsResult(tok) {
				r.Result = tok
				continue
			}
			r.Moves = append(r.Moves, Move{Text: tok, Line: ln})
		}
	}
	if inComment != 0 {
		return nil, &Error{inComment, "comment '{' is never closed"}
	}
	return r, nil
}

// stripNumber removes a leading move number "12." or "12..." from a token.
func stripNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return tok
	}
	for i < len(tok) && tok[i] == '.' {
		i++
	}
	return tok[i:]
}

func parseTag(t string) (Tag, error) {
	if !strings.HasSuffix(t, "]") {
		return Tag{}, fmt.Errorf("tag %s: missing ']'", t)
	}
	body := strings.TrimSpace(t[1 : len(t)-1])
	sp := strings.IndexFunc(body, unicode.IsSpace)
	if sp <= 0 {
		return Tag{}, fmt.Errorf("tag %s: want [Name \"value\"]", t)
	}
	name := body[:sp]
	for _, c := range name {
		if !(c == '_' || c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c)) {
			return Tag{}, fmt.Errorf("tag name %q: letters, digits and _ only", name)
		}
	}
	v := strings.TrimSpace(body[sp:])
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return Tag{}, fmt.Errorf("tag %s: the value must be in double quotes", name)
	}
	var b strings.Builder
	v = v[1 : len(v)-1]
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) {
			i++
			b.WriteByte(v[i])
			continue
		}
		if c == '"' {
			return Tag{}, fmt.Errorf("tag %s: unescaped '\"' in the value", name)
		}
		b.WriteByte(c)
	}
	return Tag{name, b.String()}, nil
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
