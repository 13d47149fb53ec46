package safetext

import "testing"

// The expected values are written by hand from the rule: printable text
// unchanged, anything else quoted with Go's escapes.
func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"ann", "ann"},
		{"Jürgen Ølsen 3-1 (draw?)", "Jürgen Ølsen 3-1 (draw?)"},
		{`back\slash`, `back\slash`},
		{`say "hi"`, `say "hi"`},
		{`"quoted"`, `"\"quoted\""`},
		{"evil\x1b]0;TITLE\x07\x1b[2J", `"evil\x1b]0;TITLE\a\x1b[2J"`},
		{"two\nlines", `"two\nlines"`},
		{"tab\there", `"tab\there"`},
		{"cr\r", `"cr\r"`},
		{"del\x7f", `"del\x7f"`},
		{"c1 \u009b2J", `"c1 \u009b2J"`},
		{"bidi \u202eevil", `"bidi \u202eevil"`},
		{"nbsp\u00a0x", `"nbsp\u00a0x"`},
		{"bad \xff byte", `"bad \xff byte"`},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
