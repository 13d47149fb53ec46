// Package luapattern matches Lua 5.1 patterns (the language of string.find,
// match, gmatch and gsub), written for boardrepl's sandbox: a match can be
// stopped. A backtracking pattern such as ("a*"):rep(30).."b" takes time
// exponential in its length, so the matcher counts its steps and asks a
// check function every few thousand of them whether to go on (the script's
// context: its timeout, Ctrl-C and memory cap). Recursion is bounded as in
// Lua 5.2 and later ("pattern too complex").
//
// The semantics follow the Lua 5.1 reference manual, section 5.4.1: single
// character classes (., %a %c %d %l %p %s %u %w %x %z and their upper-case
// complements, %x for a non-alphanumeric x, [set], [^set]), the items
// *, +, - and ?, %n back references, %bxy, %f[set], captures and position
// captures, and the ^ and $ anchors.
package luapattern

import "strings"

// Limits, as in the reference implementation.
const (
	MaxCaptures = 32  // captures in one pattern
	MaxDepth    = 200 // nested matching calls ("pattern too complex")
	CheckEvery  = 1 << 12
)

// Specials are the bytes that make a pattern more than plain text.
const Specials = "^$*+?.([%-"

const (
	capUnfinished = -1
	capPosition   = -2
)

// Capture is one capture of a match: the bytes src[Start:End], or for a
// position capture (), the position Start (0-based; Lua reports Start+1).
type Capture struct {
	Start, End int
	Position   bool
}

// Pattern is a pattern ready to run over one subject.
type Pattern struct {
	src, pat string
	p0       int  // where matching starts in pat (after a ^ anchor)
	Anchored bool // the pattern started with ^ (and anchors were allowed)
	check    func() error
	steps    int
	depth    int
	level    int
	capture  [MaxCaptures]struct{ init, len int }
}

// New prepares pattern for subject src. With anchors, a leading ^ anchors
// the match at its start position (find, match, gsub); without (gmatch) it
// is an ordinary character. check is called every CheckEvery steps: an
// error it returns stops the match and is returned by Match.
func New(src, pattern string, anchors bool, check func() error) *Pattern {
	p := &Pattern{src: src, pat: pattern, check: check}
	if anchors && strings.HasPrefix(pattern, "^") {
		p.p0, p.Anchored = 1, true
	}
	return p
}

// stop carries an error out of the recursion.
type stop struct{ err error }

// Error is a malformed pattern or a misuse of captures.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func (p *Pattern) fail(msg string) { panic(stop{&Error{msg}}) }

// Match tries the pattern at src[s:] only. It returns where the match ends,
// or -1; the captures are then read with Captures. err is a *Error for a
// malformed pattern, or what the check function returned.
func (p *Pattern) Match(s int) (end int, err error) {
	defer func() {
		if r := recover(); r != nil {
			st, ok := r.(stop)
			if !ok {
				panic(r)
			}
			end, err = -1, st.err
		}
	}()
	p.level, p.depth = 0, 0
	return p.match(s, p.p0), nil
}

// Captures returns the captures of the last successful Match from s to e;
// with none in the pattern and whole set, the whole match is the one
// capture. An unclosed capture is an error.
func (p *Pattern) Captures(s, e int, whole bool) ([]Capture, error) {
	n := p.level
	if n == 0 && whole {
		return []Capture{{Start: s, End: e}}, nil
	}
	out := make([]Capture, n)
	for i := 0; i < n; i++ {
		c, err := p.Capture(i)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// Capture returns capture i (0-based) of the last successful Match.
func (p *Pattern) Capture(i int) (Capture, error) {
	if i < 0 || i >= p.level {
		return Capture{}, &Error{"invalid capture index"}
	}
	c := p.capture[i]
	switch c.len {
	case capUnfinished:
		return Capture{}, &Error{"unfinished capture"}
	case capPosition:
		return Capture{Start: c.init, End: c.init, Position: true}, nil
	}
	return Capture{Start: c.init, End: c.init + c.len}, nil
}

// Level is the number of captures of the last successful Match.
func (p *Pattern) Level() int { return p.level }

func (p *Pattern) step() {
	p.steps++
	if p.steps >= CheckEvery {
		p.steps = 0
		if p.check != nil {
			if err := p.check(); err != nil {
				panic(stop{err})
			}
		}
	}
}

// classEnd returns the index just after the single-character class at i.
func (p *Pattern) classEnd(i int) int {
	pat := p.pat
	c := pat[i]
	i++
	switch c {
	case '%':
		if i >= len(pat) {
			p.fail("malformed pattern (ends with '%')")
		}
		return i + 1
	case '[':
		if i < len(pat) && pat[i] == '^' {
			i++
		}
		for { // look for a ']'; the first character is never the end
			if i >= len(pat) {
				p.fail("malformed pattern (missing ']')")
			}
			c := pat[i]
			i++
			if c == '%' && i < len(pat) {
				i++ // skip escapes, e.g. %]
			}
			if i < len(pat) && pat[i] == ']' {
				return i + 1
			}
		}
	}
	return i
}

func isalpha(c byte) bool  { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isdigit(c byte) bool  { return '0' <= c && c <= '9' }
func islower(c byte) bool  { return 'a' <= c && c <= 'z' }
func isupper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isspace(c byte) bool  { return c == ' ' || ('\t' <= c && c <= '\r') }
func iscntrl(c byte) bool  { return c < 32 || c == 127 }
func isalnum(c byte) bool  { return isalpha(c) || isdigit(c) }
func ispunct(c byte) bool  { return c > 32 && c < 127 && !isalnum(c) }
func isxdigit(c byte) bool { return isdigit(c) || ('a' <= c|0x20 && c|0x20 <= 'f') }

// matchClass reports whether c is in the class %cl.
func matchClass(c, cl byte) bool {
	var res bool
	switch cl | 0x20 {
	case 'a':
		res = isalpha(c)
	case 'c':
		res = iscntrl(c)
	case 'd':
		res = isdigit(c)
	case 'l':
		res = islower(c)
	case 'p':
		res = ispunct(c)
	case 's':
		res = isspace(c)
	case 'u':
		res = isupper(c)
	case 'w':
		res = isalnum(c)
	case 'x':
		res = isxdigit(c)
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if isupper(cl) {
		return !res
	}
	return res
}

// matchBracket reports whether c is in the set pat[i:ec+1] ('[' to ']').
func (p *Pattern) matchBracket(c byte, i, ec int) bool {
	pat := p.pat
	sig := true
	i++
	if pat[i] == '^' {
		sig = false
		i++
	}
	for ; i < ec; i++ {
		switch {
		case pat[i] == '%':
			i++
			if matchClass(c, pat[i]) {
				return sig
			}
		case i+2 < ec && pat[i+1] == '-':
			if pat[i] <= c && c <= pat[i+2] {
				return sig
			}
			i += 2
		case pat[i] == c:
			return sig
		}
	}
	return !sig
}

// single reports whether src[s] exists and is in the class pat[i:ep].
func (p *Pattern) single(s, i, ep int) bool {
	if s >= len(p.src) {
		return false
	}
	c := p.src[s]
	switch p.pat[i] {
	case '.':
		return true
	case '%':
		return matchClass(c, p.pat[i+1])
	case '[':
		return p.matchBracket(c, i, ep-1)
	}
	return p.pat[i] == c
}

// match matches pat[i:] at src[s:]: the end of the match or -1.
func (p *Pattern) match(s, i int) int {
	p.depth++
	if p.depth > MaxDepth {
		p.fail("pattern too complex")
	}
	r := p.doMatch(s, i)
	p.depth--
	return r
}

func (p *Pattern) doMatch(s, i int) int {
	pat := p.pat
	for {
		p.step()
		if i >= len(pat) {
			return s
		}
		switch pat[i] {
		case '(':
			if i+1 < len(pat) && pat[i+1] == ')' {
				return p.startCapture(s, i+2, capPosition)
			}
			return p.startCapture(s, i+1, capUnfinished)
		case ')':
			return p.endCapture(s, i+1)
		case '$':
			if i+1 == len(pat) {
				if s == len(p.src) {
					return s
				}
				return -1
			}
		case '%':
			if i+1 < len(pat) {
				switch c := pat[i+1]; {
				case c == 'b':
					s = p.matchBalance(s, i+2)
					if s == -1 {
						return -1
					}
					i += 4
					continue
				case c == 'f':
					i += 2
					if i >= len(pat) || pat[i] != '[' {
						p.fail("missing '[' after '%f' in pattern")
					}
					ep := p.classEnd(i)
					var prev, cur byte
					if s > 0 {
						prev = p.src[s-1]
					}
					if s < len(p.src) {
						cur = p.src[s]
					}
					if !p.matchBracket(prev, i, ep-1) && p.matchBracket(cur, i, ep-1) {
						i = ep
						continue
					}
					return -1
				case isdigit(c):
					s = p.matchCapture(s, c)
					if s == -1 {
						return -1
					}
					i += 2
					continue
				}
			}
		}
		// a single character class, maybe with a suffix
		ep := p.classEnd(i)
		m := p.single(s, i, ep)
		if ep < len(pat) {
			switch pat[ep] {
			case '?':
				if m {
					if r := p.match(s+1, ep+1); r != -1 {
						return r
					}
				}
				i = ep + 1
				continue
			case '*':
				return p.maxExpand(s, i, ep)
			case '+':
				if !m {
					return -1
				}
				return p.maxExpand(s+1, i, ep)
			case '-':
				return p.minExpand(s, i, ep)
			}
		}
		if !m {
			return -1
		}
		s++
		i = ep
	}
}

func (p *Pattern) maxExpand(s, i, ep int) int {
	n := 0
	for p.single(s+n, i, ep) {
		p.step()
		n++
	}
	for ; n >= 0; n-- { // try with the most repetitions first
		if r := p.match(s+n, ep+1); r != -1 {
			return r
		}
	}
	return -1
}

func (p *Pattern) minExpand(s, i, ep int) int {
	for {
		if r := p.match(s, ep+1); r != -1 {
			return r
		}
		if !p.single(s, i, ep) {
			return -1
		}
		s++
	}
}

func (p *Pattern) startCapture(s, i, what int) int {
	if p.level >= MaxCaptures {
		p.fail("too many captures")
	}
	p.capture[p.level].init = s
	p.capture[p.level].len = what
	p.level++
	r := p.match(s, i)
	if r == -1 {
		p.level--
	}
	return r
}

func (p *Pattern) endCapture(s, i int) int {
	l := -1
	for k := p.level - 1; k >= 0; k-- {
		if p.capture[k].len == capUnfinished {
			l = k
			break
		}
	}
	if l < 0 {
		p.fail("invalid pattern capture")
	}
	p.capture[l].len = s - p.capture[l].init
	r := p.match(s, i)
	if r == -1 {
		p.capture[l].len = capUnfinished
	}
	return r
}

func (p *Pattern) matchBalance(s, i int) int {
	if i+1 >= len(p.pat) {
		p.fail("malformed pattern (missing arguments to '%b')")
	}
	if s >= len(p.src) || p.src[s] != p.pat[i] {
		return -1
	}
	b, e := p.pat[i], p.pat[i+1]
	depth := 1
	for k := s + 1; k < len(p.src); k++ {
		p.step()
		switch p.src[k] {
		case e:
			depth--
			if depth == 0 {
				return k + 1
			}
		case b:
			depth++
		}
	}
	return -1
}

func (p *Pattern) matchCapture(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= p.level || p.capture[l].len == capUnfinished {
		p.fail("invalid capture index")
	}
	n := p.capture[l].len
	if n < 0 { // a position capture matches nothing
		return -1
	}
	init := p.capture[l].init
	if len(p.src)-s >= n && p.src[init:init+n] == p.src[s:s+n] {
		return s + n
	}
	return -1
}
