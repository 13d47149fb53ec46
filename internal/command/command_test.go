package command

import (
	"bytes"
	"slices"
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

func TestInterspersed(t *testing.T) {
	c := &Command{Name: "demo", Args: -1}
	for _, tc := range []struct {
		args []string
		n    int
		v    bool
		rest []string
	}{
		{[]string{"a.rec", "-n", "4"}, 4, false, []string{"a.rec"}},
		{[]string{"-n=4", "a", "-v", "b"}, 4, true, []string{"a", "b"}},
		{[]string{"a", "--n", "5", "-v=false", "b"}, 5, false, []string{"a", "b"}},
		// "--" ends the flags; a lone "-" is an argument.
		{[]string{"-", "--", "-n", "7"}, 1, false, []string{"-", "-n", "7"}},
		// The value of a flag that takes one may start with '-'.
		{[]string{"a", "-n", "-3"}, -3, false, []string{"a"}},
		{[]string{"-v", "a"}, 1, true, []string{"a"}},
	} {
		fs := c.Flags()
		n := fs.Int("n", 1, "")
		v := fs.Bool("v", false, "")
		if code, done := c.Parse(fs, tc.args, &bytes.Buffer{}, &bytes.Buffer{}); done || code != 0 {
			t.Errorf("%q: status %d", tc.args, code)
			continue
		}
		if *n != tc.n || *v != tc.v || !slices.Equal(fs.Args(), tc.rest) {
			t.Errorf("%q: n=%d v=%v args %q, want %d %v %q", tc.args, *n, *v, fs.Args(), tc.n, tc.v, tc.rest)
		}
	}
	// An unknown flag after an argument is still reported.
	var errb bytes.Buffer
	fs := c.Flags()
	if code, _ := c.Parse(fs, []string{"a", "-x"}, &bytes.Buffer{}, &errb); code != ExitUsage || !bytes.Contains(errb.Bytes(), []byte("-x")) {
		t.Errorf("unknown flag after an argument: %d %q", code, errb.String())
	}
	// A command whose first argument ends the flags leaves the rest alone.
	c.ArgsEndFlags = true
	fs = c.Flags()
	n := fs.Int("n", 1, "")
	if code, done := c.Parse(fs, []string{"-n", "2", "s.lua", "-n", "3"}, &bytes.Buffer{}, &bytes.Buffer{}); done || code != 0 || *n != 2 || !slices.Equal(fs.Args(), []string{"s.lua", "-n", "3"}) {
		t.Errorf("ArgsEndFlags: n=%d args %q", *n, fs.Args())
	}
}
