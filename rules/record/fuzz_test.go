package record

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseAll: any text gives records or an error, never a panic. Line
// numbers (record starts, moves, errors) point into the whole text, records
// start in order (a record may start on the line where the one before it
// ends with its result), and each move is written on the line it is said to
// come from.
func FuzzParseAll(f *testing.F) {
	for _, s := range []string{
		"# two puzzles\n\n[Game \"ataxx\"]\n[Goal \"win 1\"]\n\n1. a6 1-0\n\n[Game \"tablut\"]\n\n1... d5-d3\n2. c3-c4 *\n",
		"[Game \"ataxx\"]\n\n1. a6 *\n\n[Game \"ataxx\"\n",
		"a1 b2 c3\r\n[X \"y\"]\r\nd4\r\n",
		"{ open\n# }\n[A \"b\"]\n",
		"1. a b 1-0 c\n",
		"\n\n\n",
		"[A \"1\"]\n[A \"2\"]\n",
		"x { y\n[B \"z\"]\n} w\n",
		"[Game \"ataxx\"]\n\n1. f2? $2 { c } (1. g2 b6 (1... a6) 2. b5) b6 *\n% skip\n[Game \"oware\"]\n\n1. A L 1-0\n",
		"1. a b 3. c\n",
		"a $300 (b\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
		recs, starts, err := ParseAll(s)
		if err != nil {
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("%q: error %v is not a *Error", s, err)
			}
			if re.Line < 1 || re.Line > len(lines) || re.Msg == "" {
				t.Fatalf("%q: error %q names line %d of %d", s, re.Msg, re.Line, len(lines))
			}
			return
		}
		if len(recs) != len(starts) {
			t.Fatalf("%q: %d records, %d starts", s, len(recs), len(starts))
		}
		prev := 0
		for i, r := range recs {
			if starts[i] < prev || starts[i] < 1 || starts[i] > len(lines) {
				t.Fatalf("%q: record %d starts on line %d (previous %d, %d lines)", s, i, starts[i], prev, len(lines))
			}
			prev = starts[i]
			for _, m := range r.Moves {
				if m.Line < starts[i] || m.Line > len(lines) || !strings.Contains(lines[m.Line-1], m.Text) {
					t.Fatalf("%q: record %d move %q said to be on line %d", s, i, m.Text, m.Line)
				}
			}
		}
	})
}
