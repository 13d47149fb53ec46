package luapattern

import (
	"errors"
	"testing"
)

var errBudget = errors.New("budget")

// FuzzMatch: any pattern on any subject either matches inside the subject,
// fails, or reports an error (malformed pattern, or the check function's);
// it never panics, and the check function stops it.
func FuzzMatch(f *testing.F) {
	for _, s := range [][2]string{
		{"hello world", "(%w+) (%w+)"}, {"f(a(b)c)d", "%b()"}, {"THE (quick) fox", "%f[%a]%a+"},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a*a*a*a*a*a*a*a*a*a*b"}, {"x", "%"}, {"x", "[a"},
		{"abc", "()b()"}, {"hello hello", "(h%a+) %1"}, {"a]b", "[]]"}, {"x", "(()"},
		{"", "^$"}, {"abc", "[^%a-c]"}, {"aXb", "%f["}, {"a", "%b"},
	} {
		f.Add(s[0], s[1], true)
	}
	f.Fuzz(func(t *testing.T, src, pat string, anchors bool) {
		steps := 0
		p := New(src, pat, anchors, func() error {
			steps++
			if steps > 100 {
				return errBudget
			}
			return nil
		})
		for s := 0; s <= len(src); s++ {
			end, err := p.Match(s)
			if err != nil {
				var pe *Error
				if !errors.As(err, &pe) && err != errBudget {
					t.Fatalf("%q on %q: unexpected error %v", pat, src, err)
				}
				return
			}
			if end == -1 {
				continue
			}
			if end < s || end > len(src) {
				t.Fatalf("%q on %q at %d: end %d", pat, src, s, end)
			}
			caps, err := p.Captures(s, end, true)
			if err != nil {
				continue // an unfinished capture
			}
			for _, c := range caps {
				if c.Start < 0 || c.End < c.Start || c.End > len(src) {
					t.Fatalf("%q on %q: capture %+v", pat, src, c)
				}
			}
		}
	})
}
