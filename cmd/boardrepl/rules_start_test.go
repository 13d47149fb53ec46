package main

import (
	"regexp"
	"strings"
	"testing"
)

// 'rules' shows the start of the game as configured (issue 25 item 6): the
// start position it prints is the one the session's game started from
// ('export' before any move), for every game and its options; a Konobi
// board of size=5 has 5 rows, and Ataxx blocks=4 puts 4 blocks ('-') on the
// board, with a pattern given or drawn from the clock.
func TestRulesShowsConfiguredStart(t *testing.T) {
	startRE := regexp.MustCompile(`(?m)^start: (.*?)( \(each new game draws its own; this one is .*\))?$`)
	for _, c := range []struct {
		args   []string
		check  func(board string) bool
		checks string
	}{
		{[]string{"-g", "konobi", "-o", "size=5"}, func(b string) bool { return strings.Count(b, "/") == 4 }, "5 rows"},
		{[]string{"-g", "konobi", "-o", "size=12"}, func(b string) bool { return strings.Count(b, "/") == 11 }, "12 rows"},
		{[]string{"-g", "ataxx", "-o", "blocks=4", "-o", "pattern=7"}, func(b string) bool { return strings.Count(b, "-") == 4 }, "4 blocks"},
		{[]string{"-g", "ataxx", "-o", "blocks=4"}, func(b string) bool { return strings.Count(b, "-") == 4 }, "4 blocks"},
		{[]string{"-g", "ataxx"}, func(b string) bool { return !strings.Contains(b, "-") }, "no blocks"},
		{[]string{"-g", "oware", "-o", "end=tournament"}, func(string) bool { return true }, ""},
		{[]string{"-g", "tablut-brainking"}, func(string) bool { return true }, ""},
	} {
		var out, errb strings.Builder
		if code := dispatch(append(c.args, "--color=never"), strings.NewReader("rules\nexport\n"), &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", c.args, code, errb.String())
		}
		m := startRE.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("%q: no start line in\n%s", c.args, out.String())
		}
		lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
		exported := lines[len(lines)-1]
		if c.args[1] == "tablut-brainking" || c.args[1] == "tablut" {
			// export prints the position string first, then the server's JSON.
			exported = lines[len(lines)-2]
		}
		if m[1] != exported {
			t.Errorf("%q: rules says start %q, the game started from %q", c.args, m[1], exported)
		}
		if board, _, _ := strings.Cut(m[1], " "); !c.check(board) {
			t.Errorf("%q: start %q: want %s", c.args, m[1], c.checks)
		}
		if m[2] != "" {
			t.Errorf("%q: the start of this game is fixed, but rules says %q", c.args, m[2])
		}
	}

	// After a position string the game has no pattern of its own: each new
	// game with blocks=4 draws one, and rules says so.
	var out, errb strings.Builder
	in := "position x5o/7/7/7/7/7/o5x x 0 1\nrules\n"
	if code := dispatch([]string{"-g", "ataxx", "-o", "blocks=4"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	m := startRE.FindStringSubmatch(out.String())
	if m == nil || m[2] == "" || !strings.Contains(m[2], "blocks=4 pattern=") || strings.Count(strings.Fields(m[1])[0], "-") != 4 {
		t.Errorf("rules after a position: %q", m)
	}
}
