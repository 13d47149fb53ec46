package ataxx

import (
	"fmt"
	"strconv"
	"strings"
)

// maxClock bounds the clocks a position string may hold.
const maxClock = 1 << 30

// parse reads a position string as libataxx writes it:
// "x5o/7/7/7/7/7/o5x x 0 1", or its first two fields (clocks 0 and 1).
func parse(s string) (*Game, error) {
	fields := strings.Fields(s)
	switch len(fields) {
	case 0:
		return nil, fmt.Errorf("empty position: want \"<ranks 7..1> <side> <halfmove> <fullmove>\" like %q", StartPosition)
	case 2, 4:
	case 1:
		return nil, fmt.Errorf("1 field: want 4 (board, side to move, halfmove clock, fullmove number) or 2 (board, side to move)")
	default:
		return nil, fmt.Errorf("%d fields: want 4 (board, side to move, halfmove clock, fullmove number) or 2 (board, side to move)", len(fields))
	}
	g := &Game{full: 1, fifty: true}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != size {
		return nil, fmt.Errorf("board %q: %d ranks, want 7 separated by /", fields[0], len(ranks))
	}
	for i, rk := range ranks {
		rank := size - 1 - i
		file := 0
		prevDigit := false
		for j := 0; j < len(rk); j++ {
			c := rk[j]
			switch {
			case c >= '1' && c <= '7':
				if prevDigit {
					return nil, fmt.Errorf("rank %d (%q): two digits in a row at character %d", rank+1, rk, j+1)
				}
				file += int(c - '0')
				prevDigit = true
				continue
			case c == 'x' || c == 'o' || c == '-':
				if file < size {
					b := uint64(1) << (rank*size + file)
					switch c {
					case 'x':
						g.bb[0] |= b
					case 'o':
						g.bb[1] |= b
					default:
						g.blocks |= b
					}
				}
				file++
			default:
				return nil, fmt.Errorf("rank %d (%q): unexpected character %s at character %d: want x, o, - or a digit 1-7", rank+1, rk, quoteChar(rk, j), j+1)
			}
			prevDigit = false
		}
		if file != size {
			return nil, fmt.Errorf("rank %d (%q): %d squares, want 7", rank+1, rk, file)
		}
	}
	switch fields[1] {
	case "x":
		g.side = 0
	case "o":
		g.side = 1
	default:
		return nil, fmt.Errorf("side to move %q: want x or o", fields[1])
	}
	if len(fields) == 4 {
		var err error
		if g.half, err = parseClock("halfmove clock", fields[2], 0); err != nil {
			return nil, err
		}
		if g.full, err = parseClock("fullmove number", fields[3], 1); err != nil {
			return nil, err
		}
	}
	g.rehash()
	return g, nil
}

func quoteChar(s string, j int) string {
	r := []rune(s[j:])
	return strconv.QuoteRune(r[0])
}

func parseClock(name, s string, min int) (int, error) {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%s %q: unexpected character %s at character %d: want a whole number >= %d", name, s, quoteChar(s, i), i+1, min)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > maxClock {
		return 0, fmt.Errorf("%s %q: too large (at most %d)", name, s, maxClock)
	}
	if n < min {
		return 0, fmt.Errorf("%s %q: want a whole number >= %d", name, s, min)
	}
	return n, nil
}

// Position writes the position string as libataxx does.
func (g *Game) Position() string {
	var b strings.Builder
	b.Grow(40)
	for rank := size - 1; rank >= 0; rank-- {
		run := 0
		for file := 0; file < size; file++ {
			bit := uint64(1) << (rank*size + file)
			var c byte
			switch {
			case g.bb[0]&bit != 0:
				c = 'x'
			case g.bb[1]&bit != 0:
				c = 'o'
			case g.blocks&bit != 0:
				c = '-'
			default:
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if g.side == 0 {
		b.WriteString(" x ")
	} else {
		b.WriteString(" o ")
	}
	b.WriteString(strconv.Itoa(g.half))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(g.full))
	return b.String()
}
