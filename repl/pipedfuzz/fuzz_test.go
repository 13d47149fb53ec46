// Package pipedfuzz fuzzes the REPL in piped mode on every registered game.
// It lives apart from package repl, whose tests expect only their toy games
// to be registered.
package pipedfuzz

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"boardrepl/repl"
	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// outside are the commands the REPL fuzz target leaves out: the computer
// player, files and scripts (they touch the disk or run on).
var outside = map[string]bool{
	"ai": true, "computer": true, "run": true, "source": true, "lua": true,
	"save": true, "save!": true, "load": true,
}

// bounded returns the line with its search or tree count cut short (or
// false to leave it out): perft and divide to depth 2, searches to 500
// nodes.
func bounded(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || outside[f[0]] {
		return line, len(f) == 0
	}
	switch f[0] {
	case "perft", "divide":
		for _, a := range f[1:] {
			if n, err := strconv.Atoi(a); err == nil && n > 2 {
				return "", false
			}
		}
	case "go", "hint", "analyse", "analyze":
		for i, a := range f {
			switch strings.ToLower(a) {
			case "infinite":
				return "", false
			case "nodes":
				if i+1 < len(f) {
					if n, err := strconv.Atoi(f[i+1]); err == nil && n > 2000 {
						return "", false
					}
				}
				return line, true
			}
		}
		return line + " nodes 500", true
	}
	return line, true
}

var lineErr = regexp.MustCompile(`^line \d+: `)

// FuzzPiped: any lines piped into the REPL (on any game, from its start or
// a fuzzed position) run without panicking; the exit status is 0, 1 or 2,
// and with --keep-going every failing line is reported as "line N: ...".
func FuzzPiped(f *testing.F) {
	add := func(game uint8, pos, lines string) { f.Add(game, pos, lines) }
	add(0, "", "f2\nb6\nundo\nredo 3\nhistory\nshow\nflip\nlegend\nresult\nmoves\nmoves g1\nexport\neval\n")
	add(0, "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", "a2 0000\npass\nset d4 x\nclear d4 a1\nmove a7 d4\nside o\nstore 3\nrecall 3\nslots\nnext\nprev\nreset\n")
	add(1, "", "new konobi size=5\na1 b2 c3\nswap\npass\ngoto 1\ngoto 99\nhistory\nrules\ngames\nhelp\nhelp perft\n? moves\n")
	add(2, "", "A L B K\nperft 2\ndivide 1\ngo depth 2\nhint\nposition 0,0,0,0,0,1/0,0,0,0,0,0 24 23 n\nF\nresult\nnew oware end=tournament\nexport\n")
	add(3, "", "e3-f3\nanalyse\ngo time 10ms\nhint nodes 100\ngo infinite\nperft 9\n{\"from\":\"a4\",\"to\":\"a3\"}\nundo 2\nexport server-json\nnew tablut-brainking\nplayers Ann Bo\nplayers\n")
	add(3, "9/9/9/9/3B5/9/1BK6/9/9 b", "d5-d3\nresult\nnew\nfen bogus\nunknowncmd\nplya e3\nzz\n# comment\n\n")
	add(4, "bogus", "show")
	add(0, "", "undo -1\nredo x\ngoto -3\nstore 10\nrecall x\nset\nset a1\nmove a1\nside\nside nobody\nnew nosuch\nnew ataxx bogus=1\nexport nosuch\nq\nshow\n")
	f.Fuzz(func(t *testing.T, game uint8, pos, lines string) {
		var kept []string
		for _, l := range strings.Split(lines, "\n") {
			l, ok := bounded(l)
			if !ok {
				continue
			}
			kept = append(kept, l)
			if len(kept) == 40 {
				break
			}
		}
		all := rules.All()
		args := []string{"-g", all[int(game)%len(all)].ID, "--keep-going", "--color=never"}
		if pos != "" {
			args = append(args, "-p", pos)
		}
		if game&0x80 != 0 {
			args = append(args, "--unicode")
		}
		var out, errb bytes.Buffer
		code := repl.Main(args, bytes.NewReader([]byte(strings.Join(kept, "\n"))), &out, &errb)
		switch code {
		case 0:
		case 1:
			if errb.Len() == 0 {
				t.Fatalf("%q %q: status 1 without a word", args, kept)
			}
		case 2:
			if pos == "" {
				t.Fatalf("%q: status 2 from the start position: %s", args, errb.String())
			}
			return
		default:
			t.Fatalf("%q %q: status %d", args, kept, code)
		}
		if code == 1 && !lineErr.MatchString(errb.String()) {
			t.Fatalf("%q %q: failure not reported with its line: %q", args, kept, errb.String())
		}
	})
}
