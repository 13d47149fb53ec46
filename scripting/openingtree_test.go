package scripting

import (
	"regexp"
	"testing"

	"boardrepl/rules/openings"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/tablutlog"
)

// The formats main reads (scripts/openings_report.lua reads a cuteataxx PGN).
func init() {
	openings.Foreign = openings.Formats{Convert: native.Convert, IsLog: tablutlog.IsLog, ReadLog: tablutlog.ReadRecord}
}

func TestOpeningsTree(t *testing.T) {
	for _, c := range []struct{ name, code, stderr string }{
		{"a PGN", `
local t = openings.tree("fixtures/ataxx/games/cuteataxx.pgn", {plies=1})
eq({t.game, t.games, #t.positions, t.plies}, {"ataxx", 4, 6, 1}, "the tree")`, `^$`},
		{"no file", `openings.tree({})`, `bad argument #1 to tree \(no file\)`},
		{"not a path", `openings.tree(3)`, `want a path or a list of paths`},
		{"plies", `openings.tree("x", {plies=-1})`, `plies: want a whole number from 0 to 100`},
		{"options alone", `openings.tree("x", {options="size=5"})`, `options: give the game too`},
		{"unknown game", `openings.tree("x", {game="chess"})`, `openings.tree: unknown game "chess"`},
		{"outside the roots", `openings.tree("/etc/passwd")`, `fixture "/etc/passwd": outside`},
		{"refused", `
local t = openings.tree("fixtures/oware/games/oware-rand-1.rec", {game="ataxx"})
eq({t.games, #t.refused}, {0, 1}, "refused")
check(t.refused[1]:find("fixtures/oware/games/oware-rand-1.rec:1: game 1: a game of oware end=tournament, but the tree is of ataxx", 1, true) == 1, t.refused[1])`, `^$`},
	} {
		stdout, stderr, status := run(t, c.code, "--fixtures", "../fixtures")
		if !regexp.MustCompile(c.stderr).MatchString(stderr) || c.stderr == `^$` && status != 0 {
			t.Errorf("%s: status %d, stderr %q, want %q\n%s", c.name, status, stderr, c.stderr, stdout)
		}
	}
}
