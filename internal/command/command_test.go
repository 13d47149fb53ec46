package command

import (
	"bytes"
	"testing"
)

func TestParse(t *testing.T) {
	c := &Command{Name: "demo", Usage: "usage: boardrepl demo [-n N]\n"}
	for _, tc := range []struct {
		args       []string
		code       int
		done       bool
		out, errer string
	}{
		{[]string{"-n", "3"}, 0, false, "", ""},
		{[]string{"-h"}, ExitOK, true, "usage: boardrepl demo [-n N]\n", ""},
		{[]string{"-x"}, ExitUsage, true, "", "boardrepl demo: flag provided but not defined: -x (see 'boardrepl help demo')\n"},
		{[]string{"-n", "y"}, ExitUsage, true, "", "boardrepl demo: invalid value \"y\" for flag -n: parse error (see 'boardrepl help demo')\n"},
		{[]string{"stray"}, ExitUsage, true, "", "boardrepl demo: unexpected argument \"stray\" (see 'boardrepl help demo')\n"},
	} {
		var out, errb bytes.Buffer
		fs := c.Flags()
		fs.Int("n", 1, "")
		code, done := c.Parse(fs, tc.args, &out, &errb)
		if code != tc.code || done != tc.done || out.String() != tc.out || errb.String() != tc.errer {
			t.Errorf("%q: %d %v %q %q, want %d %v %q %q", tc.args, code, done, out.String(), errb.String(), tc.code, tc.done, tc.out, tc.errer)
		}
	}
	// A command taking arguments leaves them to its handler.
	c.Args = -1
	fs := c.Flags()
	if code, done := c.Parse(fs, []string{"a", "b"}, &bytes.Buffer{}, &bytes.Buffer{}); done || code != 0 || fs.NArg() != 2 {
		t.Errorf("Args -1: %d %v, %d arguments", code, done, fs.NArg())
	}
}

func TestTable(t *testing.T) {
	tb := Table{{Name: "a", Summary: "first"}, {Name: "bb", Summary: "second"}}
	if tb.Lookup("bb") != tb[1] || tb.Lookup("c") != nil {
		t.Errorf("Lookup")
	}
	if got := tb.List(); got != "  a                   first\n  bb                  second\n" {
		t.Errorf("List: %q", got)
	}
}
