package telnet

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLineReader: whatever a telnet client sends, the reader returns lines
// that are valid UTF-8 without control characters (tab aside) or outer
// spaces, no longer than the limit (one rune per byte read at most), and it
// ends at the end of the input.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("one\r\ntwo\r\x00thr\xff\xffee\n\xff\xfa\x18\x01\xff\xf0four\rfive\x07\n"+strings.Repeat("x", 20)+"\nlast"), uint8(10))
	f.Add([]byte("move e3\r\n"), uint8(80))
	f.Add([]byte("\xff\xfb\x01\xff\xfd\x03say hi\xff\xff\r\n"), uint8(16))
	f.Add([]byte("\xff\xfa\x1f\x00\x50"), uint8(8))
	f.Add([]byte("\xff"), uint8(1))
	f.Add([]byte("\t \u00e9t\u00e9\x7f\x1b[2J \n\n\r\r"), uint8(4))
	f.Add([]byte("\xe2\x82\n\xe2\x82\xac"), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, max uint8) {
		r := newLineReader(bytes.NewReader(in), int(max))
		for n := 0; ; n++ {
			if n > len(in)+1 {
				t.Fatalf("%q: more lines than bytes", in)
			}
			l, err := r.ReadLine()
			if errors.Is(err, errLineTooLong) {
				continue
			}
			if err != nil {
				if err != io.EOF {
					t.Fatalf("%q: error %v", in, err)
				}
				if l != "" {
					t.Fatalf("%q: line %q with EOF", in, l)
				}
				return
			}
			if !utf8.ValidString(l) {
				t.Fatalf("%q: line %q is not UTF-8", in, l)
			}
			if n := utf8.RuneCountInString(l); n > int(max) {
				t.Fatalf("%q: line %q has %d runes, limit %d", in, l, n, max)
			}
			if strings.TrimSpace(l) != l {
				t.Fatalf("%q: line %q has outer spaces", in, l)
			}
			for _, c := range l {
				if c != '\t' && (c < 0x20 || c == 0x7f) {
					t.Fatalf("%q: line %q has control character %U", in, l, c)
				}
			}
		}
	})
}
