// Package safetext makes text from outside (a file, a record's tags, a
// peer on the network) safe to print: on a terminal, where an escape
// sequence would act (set the window title, clear the screen, move the
// cursor), and in a log or a record written a line at a time, where a
// newline would forge a line.
package safetext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Printable returns s as it is when it is plain printable text: valid UTF-8
// made only of letters, marks, numbers, punctuation, symbols and the ASCII
// space (strconv.IsPrint), not starting with a double quote. Anything else
// comes back quoted as %q writes it, with every control character, invalid
// byte and invisible format character escaped:
//
//	Printable("ann")                 == `ann`
//	Printable("evil\x1b]0;T\a\x1b[2J") == `"evil\x1b]0;T\a\x1b[2J"`
//
// so that the result is always one printable line, and a quoted result
// always means that s held something that was escaped.
func Printable(s string) string {
	if plain(s) {
		return s
	}
	return strconv.Quote(s)
}

func plain(s string) bool {
	if strings.HasPrefix(s, `"`) || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}
