package record

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"boardrepl/internal/textfile"
)

// Kind is what a Token is.
type Kind uint8

// Token kinds.
const (
	KindTag       Kind = iota + 1 // a tag: Name, Text its value
	KindMove                      // a move of the main line: Text
	KindGlyph                     // a glyph (! ? !! ?? !? ?!) for the move before: Text
	KindNAG                       // a numeric annotation glyph $N for the move before: NAG
	KindComment                   // a {comment}: Text, its words joined by single spaces
	KindVariation                 // a (variation) of the move before: Variation
	KindResult                    // the result token that ends the record: Text
	KindEnd                       // the record ends (after its result, or with the input)
)

// Token is one piece of a record, as a Scanner reads it.
type Token struct {
	Kind      Kind
	Line, Col int // where it starts (1-based; the column counts characters)
	Name      string
	Text      string
	NAG       int
	Variation []Move
}

// Glyphs are the move glyphs a record reads, with the NAG each stands for.
var Glyphs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// MaxNAG is the largest numeric annotation glyph ($0 to $255, as in PGN).
const MaxNAG = 255

// maxDepth bounds how deep variations nest.
const maxDepth = 256

// raw token kinds of the lexer
const (
	rawEOF = iota
	rawTag
	rawNumber
	rawMove
	rawGlyph
	rawNAG
	rawComment
	rawOpen
	rawClose
	rawResult
)

type raw struct {
	kind      int
	line, col int
	name      string
	text      string
	n         int // NAG, or a move number
	second    bool
}

// numbering is the move number due next: the first number read sets it,
// and every move after advances it.
type numbering struct {
	known  bool
	num    int
	second bool
}

func (n numbering) String() string {
	if n.second {
		return strconv.Itoa(n.num) + "..."
	}
	return strconv.Itoa(n.num) + "."
}

func (n *numbering) check(t raw) error {
	got := numbering{true, t.n, t.second}
	if !n.known {
		*n = got
		return nil
	}
	if got != *n {
		return fmt.Errorf("move number %s where %s was due", got, n)
	}
	return nil
}

func (n *numbering) advance() {
	if !n.known {
		return
	}
	if n.second {
		n.num++
	}
	n.second = !n.second
}

// A Scanner reads records from a stream one token at a time, holding no
// more than the line being read and the piece being assembled (a comment,
// a variation): a stream of any length is read in bounded memory.
//
// What it reads, in every record format boardrepl knows (its own records,
// PGN, OGN, plain move lists):
//   - tags [Name "Value"] (escapes \" and \\), one section before the moves;
//   - move numbers 12. and 12... (also glued to the move: 12.e3, 12...d4),
//     which must follow each other (1. e3 e2 3. is refused: 2. was due);
//   - moves: every other word (a Tablut move may also be the challenge
//     server's JSON, {"from":"e3","to":"h3"});
//   - glyphs ! ? !! ?? !? ?!, glued to a move or alone after it, and NAGs
//     $0 to $255;
//   - comments {...} (they may span lines), and, dropped, ';' or '#' to the
//     end of the line and lines starting with '%';
//   - variations ( ... ), nested, each an alternative to the move before it;
//   - the result 1-0, 0-1, 1/2-1/2 or *, which ends the record; the next
//     record then starts with its tags.
//
// A record without a result ends with the input; a tag after its moves is
// an error then. Errors are *Error, naming the line and column.
type Scanner struct {
	r    *bufio.Reader
	line []byte // the line being read, without its end
	ln   int    // its number
	pos  int    // byte offset in line
	col  int    // column (in characters) of pos, 1-based
	eof  bool

	queue  [3]raw // tokens of a word already split: queue[qi:qn]
	qi, qn int

	// The record being read.
	open      bool           // a token of it was read
	moved     bool           // it has move text
	moves     int            // main-line moves read
	tags      map[string]int // tag names (lower case) and their lines
	resultTag string         // its Result tag, when that is a result
	resultLn  int
	num       numbering // the move number due
	prev      numbering // the number of the last move (where its variations start)
	held      int       // bytes held in tags, comments and variations
	endNext   bool      // its result was read: the next token is KindEnd
	after     string    // the result of the record that just ended
	start     numbering // the numbering every record starts with (SetNumber)
}

// NewScanner returns a scanner of r's text (without its byte-order mark).
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(textfile.NewReader(r), 64<<10)}
}

// SetNumber makes every record read start with move num due, of the
// second side when second: a move number that says otherwise is an error
// (the prompt sets it to the game's move number).
func (s *Scanner) SetNumber(num int, second bool) {
	s.start = numbering{true, num, second}
	if !s.open {
		s.num = s.start
	}
}

func (s *Scanner) errAt(line, col int, format string, a ...any) error {
	return &Error{Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// readLine reads the next line; false at the end of the input.
func (s *Scanner) readLine() (bool, error) {
	if s.eof {
		return false, nil
	}
	s.line = s.line[:0]
	for {
		chunk, err := s.r.ReadSlice('\n')
		if len(s.line)+len(chunk) > textfile.MaxLine+1 {
			return false, &Error{Line: s.ln + 1, Msg: fmt.Sprintf("longer than %d MiB (%v): this is not a text file boardrepl reads", textfile.MaxLine>>20, textfile.ErrTooLarge), Err: textfile.ErrTooLarge}
		}
		s.line = append(s.line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			s.eof = true
			if len(s.line) == 0 {
				return false, nil
			}
		} else if err != nil {
			return false, &Error{Line: s.ln + 1, Msg: "reading: " + err.Error(), Err: err}
		}
		break
	}
	s.ln++
	n := len(s.line)
	if n > 0 && s.line[n-1] == '\n' {
		n--
	}
	if n > 0 && s.line[n-1] == '\r' {
		n--
	}
	s.line = s.line[:n]
	s.pos, s.col = 0, 1
	if n > 0 && s.line[0] == '%' { // PGN's escape: the line is not read
		s.pos = n
	}
	return true, nil
}

// advance moves pos on by k bytes.
func (s *Scanner) advance(k int) {
	s.col += utf8.RuneCount(s.line[s.pos : s.pos+k])
	s.pos += k
}

func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\f', '\v', '\r', '{', '}', '(', ')', '[', ']', ';', '#', '$':
		return true
	}
	return false
}

// lex returns the next raw token.
func (s *Scanner) lex() (raw, error) {
	if s.qi < s.qn {
		s.qi++
		return s.queue[s.qi-1], nil
	}
	for {
		for s.pos < len(s.line) {
			c := s.line[s.pos]
			if c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r' {
				s.advance(1)
				continue
			}
			if c >= utf8.RuneSelf {
				if r, n := utf8.DecodeRune(s.line[s.pos:]); unicode.IsSpace(r) {
					s.advance(n)
					continue
				}
			}
			break
		}
		if s.pos < len(s.line) {
			break
		}
		ok, err := s.readLine()
		if err != nil {
			return raw{}, err
		}
		if !ok {
			return raw{kind: rawEOF, line: s.ln, col: s.col}, nil
		}
	}
	t := raw{line: s.ln, col: s.col}
	switch c := s.line[s.pos]; c {
	case ';', '#':
		s.pos = len(s.line)
		return s.lex()
	case '(':
		s.advance(1)
		t.kind = rawOpen
		return t, nil
	case ')':
		s.advance(1)
		t.kind = rawClose
		return t, nil
	case '}':
		return t, s.errAt(t.line, t.col, "'}' with no '{' before it")
	case ']':
		return t, s.errAt(t.line, t.col, "']' with no '[' before it")
	case '[':
		return s.lexTag(t)
	case '{':
		if m := jsonMove(s.line[s.pos:]); m > 0 {
			t.kind, t.text = rawMove, string(s.line[s.pos:s.pos+m])
			s.advance(m)
			return t, nil
		}
		return s.lexComment(t)
	case '$':
		s.advance(1)
		i := s.pos
		for i < len(s.line) && s.line[i] >= '0' && s.line[i] <= '9' {
			i++
		}
		digits := string(s.line[s.pos:i])
		s.advance(i - s.pos)
		n, err := strconv.Atoi(digits)
		if digits == "" || err != nil || n > MaxNAG {
			return t, s.errAt(t.line, t.col, "NAG $%s: want $0 to $%d", digits, MaxNAG)
		}
		t.kind, t.n = rawNAG, n
		return t, nil
	}
	i := s.pos
	for i < len(s.line) && !isDelim(s.line[i]) {
		if s.line[i] >= utf8.RuneSelf {
			if r, n := utf8.DecodeRune(s.line[i:]); unicode.IsSpace(r) {
				break
			} else {
				i += n
				continue
			}
		}
		i++
	}
	word := string(s.line[s.pos:i])
	s.advance(i - s.pos)
	return s.splitWord(t, word)
}

// jsonMove returns the length of a JSON move ({"from":"e3","to":"h3"}) at
// the start of b, or 0 when b starts a comment.
func jsonMove(b []byte) int {
	i := 1
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) || b[i] != '"' {
		return 0
	}
	i++
	k := i
	for i < len(b) && (b[i] == '_' || b[i] >= 'a' && b[i] <= 'z' || b[i] >= 'A' && b[i] <= 'Z') {
		i++
	}
	if i == k || i >= len(b) || b[i] != '"' {
		return 0
	}
	i++
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) || b[i] != ':' {
		return 0
	}
	end := bytes.IndexByte(b, '}')
	if end < 0 {
		return 0
	}
	return end + 1
}

// splitWord reads a word: a result, a move number (with a move glued to
// it), a glyph, or a move (with a glyph glued to it).
func (s *Scanner) splitWord(t raw, word string) (raw, error) {
	if IsResult(word) {
		t.kind, t.text = rawResult, word
		return t, nil
	}
	if _, ok := Glyphs[word]; ok {
		t.kind, t.text = rawGlyph, word
		return t, nil
	}
	var buf [4]raw
	out := buf[:0]
	col := t.col
	// Move numbers, and a move glued to them.
	for {
		i := 0
		for i < len(word) && word[i] >= '0' && word[i] <= '9' {
			i++
		}
		if i == 0 || i == len(word) || word[i] != '.' {
			break
		}
		j := i
		for j < len(word) && word[j] == '.' {
			j++
		}
		n, err := strconv.Atoi(word[:i])
		if err != nil || n > 1<<30 {
			return t, s.errAt(t.line, t.col, "move number %q: too large", word[:j])
		}
		if dots := j - i; dots != 1 && dots != 3 {
			return t, s.errAt(t.line, t.col, "move number %q: write %d. or %d...", word[:j], n, n)
		}
		out = append(out, raw{kind: rawNumber, line: t.line, col: col, n: n, second: j-i == 3, text: word[:j]})
		col += j
		word = word[j:]
	}
	if word != "" {
		// A glyph glued to the move.
		k := len(word)
		for k > 0 && (word[k-1] == '!' || word[k-1] == '?') {
			k--
		}
		mv, glyph := word[:k], word[k:]
		if mv == "" {
			return t, s.errAt(t.line, col, "glyph %q: want one of ! ? !! ?? !? ?!", glyph)
		}
		if IsResult(mv) {
			return t, s.errAt(t.line, col, "%q: a glyph after a result", word)
		}
		out = append(out, raw{kind: rawMove, line: t.line, col: col, text: mv})
		if glyph != "" {
			if _, ok := Glyphs[glyph]; !ok {
				return t, s.errAt(t.line, col+utf8.RuneCountInString(mv), "glyph %q: want one of ! ? !! ?? !? ?!", glyph)
			}
			out = append(out, raw{kind: rawGlyph, line: t.line, col: col + utf8.RuneCountInString(mv), text: glyph})
		}
	}
	if len(out)-1 > len(s.queue) {
		return t, s.errAt(t.line, t.col, "%q: more than one move number", word)
	}
	s.qi, s.qn = 0, copy(s.queue[:], out[1:])
	return out[0], nil
}

// lexTag reads [Name "Value"] on the current line.
func (s *Scanner) lexTag(t raw) (raw, error) {
	l := s.line
	i := s.pos + 1
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	k := i
	for i < len(l) && l[i] != ' ' && l[i] != '\t' && l[i] != '"' && l[i] != ']' {
		i++
	}
	name := string(l[k:i])
	end := func(j int) { s.advance(j - s.pos) }
	if name == "" {
		end(i)
		return t, s.errAt(t.line, t.col, "tag: want [Name \"value\"]")
	}
	for _, c := range name {
		if !(c == '_' || c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c)) {
			end(i)
			return t, s.errAt(t.line, t.col, "tag name %q: letters, digits and _ only", name)
		}
	}
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	if i >= len(l) || l[i] != '"' {
		end(i)
		return t, s.errAt(t.line, s.col, "tag %s: the value must be in double quotes", name)
	}
	q := i
	i++
	var b strings.Builder
	closed := false
	for i < len(l) {
		c := l[i]
		if c == '\\' && i+1 < len(l) {
			b.WriteByte(l[i+1])
			i += 2
			continue
		}
		if c == '"' {
			closed = true
			i++
			break
		}
		b.WriteByte(c)
		i++
	}
	if !closed {
		end(q)
		return t, s.errAt(t.line, s.col, "tag %s: the value's closing '\"' is missing", name)
	}
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	if i >= len(l) || l[i] != ']' {
		end(i)
		return t, s.errAt(t.line, s.col, "tag %s: missing ']'", name)
	}
	end(i + 1)
	t.kind, t.name, t.text = rawTag, name, b.String()
	return t, nil
}

// lexComment reads a {comment}, over lines when it spans them.
func (s *Scanner) lexComment(t raw) (raw, error) {
	s.advance(1)
	if j := bytes.IndexByte(s.line[s.pos:], '}'); j >= 0 {
		// On one line, most often already in its written form.
		t.kind, t.text = rawComment, collapse(s.line[s.pos:s.pos+j])
		s.advance(j + 1)
		return t, nil
	}
	var b strings.Builder
	for {
		rest := s.line[s.pos:]
		if j := bytes.IndexByte(rest, '}'); j >= 0 {
			b.Write(rest[:j])
			s.advance(j + 1)
			break
		}
		b.Write(rest)
		b.WriteByte(' ')
		if b.Len() > textfile.MaxSize {
			return t, s.errAt(t.line, t.col, "comment '{' longer than %d MiB: is its '}' missing?", textfile.MaxSize>>20)
		}
		s.pos = len(s.line)
		ok, err := s.readLine()
		if err != nil {
			return t, err
		}
		if !ok {
			return t, s.errAt(t.line, t.col, "comment '{' is never closed")
		}
		s.pos = 0 // a '%' line inside a comment is comment text
		s.col = 1
	}
	t.kind, t.text = rawComment, collapse([]byte(b.String()))
	return t, nil
}

// collapse returns a comment's words joined by single spaces.
func collapse(b []byte) string {
	b = bytes.TrimSpace(b)
	for i, c := range b {
		if c < ' ' || c >= utf8.RuneSelf || c == ' ' && i > 0 && b[i-1] == ' ' {
			return strings.Join(strings.Fields(string(b)), " ")
		}
	}
	return string(b)
}

// hold counts bytes held for the record and refuses a record too large.
func (s *Scanner) hold(t raw, n int) error {
	s.held += n + 16
	if s.held > textfile.MaxSize {
		return s.errAt(t.line, t.col, "the record's tags, comments and variations pass %d MiB", textfile.MaxSize>>20)
	}
	return nil
}

func (s *Scanner) reset() {
	s.open, s.moved, s.moves, s.held = false, false, 0, 0
	s.tags = nil
	s.resultTag, s.resultLn = "", 0
	s.num, s.prev = s.start, numbering{}
}

// Next returns the next token. At the end of a record it returns a
// KindEnd token, and io.EOF when the input ends with no record open.
func (s *Scanner) Next() (Token, error) {
	if s.endNext {
		s.endNext = false
		s.reset()
		return Token{Kind: KindEnd, Line: s.ln}, nil
	}
	for {
		t, err := s.lex()
		if err != nil {
			return Token{}, err
		}
		tok := Token{Line: t.line, Col: t.col}
		if s.after != "" && t.kind != rawTag && t.kind != rawComment && t.kind != rawEOF {
			what := t.text
			if t.kind == rawNAG {
				what = fmt.Sprintf("$%d", t.n)
			}
			if what == "" {
				what = map[int]string{rawOpen: "(", rawClose: ")"}[t.kind]
			}
			return tok, s.errAt(t.line, t.col, "%q after the result %s (a record's tags come first)", what, s.after)
		}
		switch t.kind {
		case rawEOF:
			if s.open {
				s.reset()
				return Token{Kind: KindEnd, Line: s.ln}, nil
			}
			return Token{}, io.EOF
		case rawTag:
			s.after = ""
			if s.moved {
				return tok, s.errAt(t.line, t.col, "tag after the moves")
			}
			key := strings.ToLower(t.name)
			if s.tags == nil {
				s.tags = map[string]int{}
			}
			if l, ok := s.tags[key]; ok {
				return tok, s.errAt(t.line, t.col, "tag %s given twice (first on line %d)", t.name, l)
			}
			s.tags[key] = t.line
			if err := s.hold(t, len(t.name)+len(t.text)); err != nil {
				return tok, err
			}
			if key == "result" {
				if !IsResult(t.text) {
					return tok, s.errAt(t.line, t.col, "tag Result %q: want 1-0, 0-1, 1/2-1/2 or *", t.text)
				}
				s.resultTag, s.resultLn = t.text, t.line
			}
			s.open = true
			tok.Kind, tok.Name, tok.Text = KindTag, t.name, t.text
			return tok, nil
		case rawNumber:
			s.open, s.moved = true, true
			if err := s.num.check(t); err != nil {
				return tok, s.errAt(t.line, t.col, "%v", err)
			}
			continue
		case rawMove:
			s.open, s.moved = true, true
			s.prev = s.num
			s.num.advance()
			s.moves++
			tok.Kind, tok.Text = KindMove, t.text
			return tok, nil
		case rawGlyph, rawNAG:
			if s.moves == 0 {
				return tok, s.errAt(t.line, t.col, "%s before any move", describe(t))
			}
			s.moved = true
			tok.Kind, tok.Text, tok.NAG = KindGlyph, t.text, t.n
			if t.kind == rawNAG {
				tok.Kind = KindNAG
			}
			return tok, nil
		case rawComment:
			s.open = true
			if err := s.hold(t, len(t.text)); err != nil {
				return tok, err
			}
			tok.Kind, tok.Text = KindComment, t.text
			return tok, nil
		case rawOpen:
			if s.moves == 0 {
				return tok, s.errAt(t.line, t.col, "variation '(' before any move: a variation is an alternative to the move before it")
			}
			s.moved = true
			v, err := s.variation(t, s.prev, 1)
			if err != nil {
				return tok, err
			}
			tok.Kind, tok.Variation = KindVariation, v
			return tok, nil
		case rawClose:
			return tok, s.errAt(t.line, t.col, "')' with no '(' before it")
		case rawResult:
			if s.resultTag != "" && s.resultTag != t.text {
				return tok, s.errAt(t.line, t.col, "the result %s contradicts the Result tag %q (line %d)", t.text, s.resultTag, s.resultLn)
			}
			s.open, s.moved = true, true
			s.endNext = true
			s.after = t.text
			tok.Kind, tok.Text = KindResult, t.text
			return tok, nil
		}
	}
}

func describe(t raw) string {
	if t.kind == rawNAG {
		return fmt.Sprintf("NAG $%d", t.n)
	}
	return fmt.Sprintf("glyph %s", t.text)
}

// variation reads a variation after its '(' (open), numbered from num.
func (s *Scanner) variation(open raw, num numbering, depth int) ([]Move, error) {
	if depth > maxDepth {
		return nil, s.errAt(open.line, open.col, "variations nested more than %d deep", maxDepth)
	}
	var moves []Move
	var before []string
	var prev numbering
	never := func() error {
		return s.errAt(open.line, open.col, "variation '(' is never closed")
	}
	for {
		t, err := s.lex()
		if err != nil {
			return nil, err
		}
		last := len(moves) - 1
		switch t.kind {
		case rawEOF, rawTag:
			return nil, never()
		case rawResult:
			return nil, s.errAt(t.line, t.col, "result %s inside the variation opened at line %d, column %d", t.text, open.line, open.col)
		case rawClose:
			if last < 0 {
				return nil, s.errAt(open.line, open.col, "empty variation: a variation holds moves")
			}
			return moves, nil
		case rawOpen:
			if last < 0 {
				return nil, s.errAt(t.line, t.col, "variation '(' before any move of the variation it is in")
			}
			v, err := s.variation(t, prev, depth+1)
			if err != nil {
				return nil, err
			}
			moves[last].Variations = append(moves[last].Variations, v)
		case rawNumber:
			if err := num.check(t); err != nil {
				return nil, s.errAt(t.line, t.col, "%v", err)
			}
		case rawMove:
			if err := s.hold(t, len(t.text)); err != nil {
				return nil, err
			}
			moves = append(moves, Move{Text: t.text, Line: t.line, Col: t.col, Annotation: Annotation{Before: before}})
			before = nil
			prev = num
			num.advance()
		case rawGlyph, rawNAG:
			if last < 0 {
				return nil, s.errAt(t.line, t.col, "%s before any move", describe(t))
			}
			moves[last].annotate(t.text, t.n)
		case rawComment:
			if err := s.hold(t, len(t.text)); err != nil {
				return nil, err
			}
			if last < 0 {
				before = append(before, t.text)
			} else {
				moves[last].After = append(moves[last].After, t.text)
			}
		}
	}
}

// annotate adds a glyph (text) or a NAG (n, when text is "") to the move:
// the first glyph is its Glyph, a second one is kept as its NAG.
func (m *Move) annotate(glyph string, n int) {
	switch {
	case glyph == "":
		m.NAGs = append(m.NAGs, n)
	case m.Glyph == "":
		m.Glyph = glyph
	default:
		m.NAGs = append(m.NAGs, Glyphs[glyph])
	}
}

// ReadRecord reads the next record whole: io.EOF when there is none. A
// record is bounded (textfile.MaxSize of moves, and as much of tags,
// comments and variations); a comment or nothing at the end of the input
// is not a record.
func (s *Scanner) ReadRecord() (*Record, error) {
	var r *Record
	startLine, size := 0, 0
	for {
		t, err := s.Next()
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if r == nil {
			r = &Record{}
			startLine = t.Line
		}
		last := len(r.Moves) - 1
		switch t.Kind {
		case KindEnd:
			if len(r.Tags) == 0 && len(r.Moves) == 0 && r.Result == "" {
				r = nil // only comments: not a record
				continue
			}
			r.Line = startLine
			return r, nil
		case KindTag:
			r.Tags = append(r.Tags, Tag{t.Name, t.Text})
		case KindMove:
			if size += len(t.Text) + 16; size > textfile.MaxSize {
				return nil, &Error{Line: t.Line, Col: t.Col, Msg: fmt.Sprintf("the record's moves pass %d MiB: too large", textfile.MaxSize>>20)}
			}
			r.Moves = append(r.Moves, Move{Text: t.Text, Line: t.Line, Col: t.Col})
		case KindGlyph:
			r.Moves[last].annotate(t.Text, 0)
		case KindNAG:
			r.Moves[last].annotate("", t.NAG)
		case KindComment:
			if last < 0 {
				r.Comments = append(r.Comments, t.Text)
			} else {
				r.Moves[last].After = append(r.Moves[last].After, t.Text)
			}
		case KindVariation:
			r.Moves[last].Variations = append(r.Moves[last].Variations, t.Variation)
		case KindResult:
			r.Result = t.Text
		}
	}
}
