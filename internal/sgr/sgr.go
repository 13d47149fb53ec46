// Package sgr reads the ANSI SGR colour codes in text, so that tests can
// check how each side looks (its foreground and background colours, and
// whether they can be read on a dark and on a light terminal) without
// pinning the exact escape bytes a colour library writes.
package sgr

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Colour is one of the 16 ANSI colours (0-7 normal, 8-15 bright), or -1 for
// the terminal's default.
type Colour int

// Default is the terminal's own foreground or background.
const Default Colour = -1

var names = []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

func (c Colour) String() string {
	switch {
	case c < 0:
		return "default"
	case c < 8:
		return names[c]
	case c < 16:
		return "bright-" + names[c-8]
	}
	return strconv.Itoa(int(c))
}

// Run is a piece of text written in one style.
type Run struct {
	Text            string
	Fg, Bg          Colour
	Bold, Underline bool
	Faint           bool
}

// Styled reports whether the run sets a colour.
func (r Run) Styled() bool { return r.Fg != Default || r.Bg != Default }

// Style describes the run's style in words: "fg=black bg=bright-white bold".
func (r Run) Style() string {
	s := fmt.Sprintf("fg=%v bg=%v", r.Fg, r.Bg)
	if r.Bold {
		s += " bold"
	}
	if r.Underline {
		s += " underline"
	}
	return s
}

// Parse splits text into runs of one style each, following the SGR codes
// (ESC [ ... m) it holds.
func Parse(text string) []Run {
	var out []Run
	cur := Run{Fg: Default, Bg: Default}
	var buf strings.Builder
	flush := func() {
		if buf.Len() > 0 {
			r := cur
			r.Text = buf.String()
			out = append(out, r)
			buf.Reset()
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] == 0x1b && i+1 < len(text) && text[i+1] == '[' {
			j := strings.IndexByte(text[i:], 'm')
			if j < 0 {
				break
			}
			flush()
			params := text[i+2 : i+j]
			if params == "" {
				params = "0"
			}
			for _, p := range strings.Split(params, ";") {
				n, _ := strconv.Atoi(p)
				switch {
				case n == 0:
					cur = Run{Fg: Default, Bg: Default}
				case n == 1:
					cur.Bold = true
				case n == 2:
					cur.Faint = true
				case n == 4:
					cur.Underline = true
				case n == 22:
					cur.Bold, cur.Faint = false, false
				case n == 24:
					cur.Underline = false
				case n >= 30 && n <= 37:
					cur.Fg = Colour(n - 30)
				case n == 39:
					cur.Fg = Default
				case n >= 40 && n <= 47:
					cur.Bg = Colour(n - 40)
				case n == 49:
					cur.Bg = Default
				case n >= 90 && n <= 97:
					cur.Fg = Colour(n - 90 + 8)
				case n >= 100 && n <= 107:
					cur.Bg = Colour(n - 100 + 8)
				}
			}
			i += j
			continue
		}
		if text[i] == '\n' {
			flush()
			continue
		}
		buf.WriteByte(text[i])
	}
	flush()
	return out
}

// xterm's default palette, the one most terminals start from.
var palette = [16][3]float64{
	{0x00, 0x00, 0x00}, {0xcd, 0x00, 0x00}, {0x00, 0xcd, 0x00}, {0xcd, 0xcd, 0x00},
	{0x00, 0x00, 0xee}, {0xcd, 0x00, 0xcd}, {0x00, 0xcd, 0xcd}, {0xe5, 0xe5, 0xe5},
	{0x7f, 0x7f, 0x7f}, {0xff, 0x00, 0x00}, {0x00, 0xff, 0x00}, {0xff, 0xff, 0x00},
	{0x5c, 0x5c, 0xff}, {0xff, 0x00, 0xff}, {0x00, 0xff, 0xff}, {0xff, 0xff, 0xff},
}

func luminance(rgb [3]float64) float64 {
	var l [3]float64
	for i, v := range rgb {
		v /= 255
		if v <= 0.03928 {
			l[i] = v / 12.92
		} else {
			l[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast is the WCAG contrast ratio (1 to 21) of the run's text on a
// terminal whose own background is dark (black, light default text) or
// light (white, dark default text).
func (r Run) Contrast(darkTerminal bool) float64 {
	termBg, termFg := [3]float64{0, 0, 0}, [3]float64{0xe5, 0xe5, 0xe5}
	if !darkTerminal {
		termBg, termFg = [3]float64{0xff, 0xff, 0xff}, [3]float64{0, 0, 0}
	}
	fg, bg := termFg, termBg
	if r.Fg >= 0 && r.Fg < 16 {
		fg = palette[r.Fg]
	}
	if r.Bg >= 0 && r.Bg < 16 {
		bg = palette[r.Bg]
	}
	a, b := luminance(fg), luminance(bg)
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}
