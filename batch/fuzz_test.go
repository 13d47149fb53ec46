package batch

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// FuzzPlay: 'boardrepl play' on any game, option, start position and
// stdin exits 0, 1 or 2 without panicking; every record played prints its
// position and result (or JSON objects, a final one last, with --json).
func FuzzPlay(f *testing.F) {
	add := func(game uint8, opt, pos, moves string, js bool) { f.Add(game, opt, pos, moves, js) }
	add(0, "", "", "f2 b6 # opening\n g1e3\n", false)
	add(0, "fifty=off", "x5o/7/7/7/7/7/o5x x 0 1", "a7c5 0000 pass\n", true)
	add(0, "", "7/7/7/7/---4/---4/x--3o x 0 1", "pass b7", false)
	add(1, "size=5", "", "a1 b2 c3 pass", true)
	add(1, "size=99", "", "a1", false)
	add(2, "", "", "A L B K\nC\n", true)
	add(2, "end=tournament", "0,0,0,0,0,1/0,0,0,0,0,0 24 23 n", "F", false)
	add(3, "", "", `{"from":"e3","to":"f3"} a4-a3 e4e6`+"\n", true)
	add(3, "repetition=2", "", "e3-f3 a4-a3 f3-e3 a3-a4", false)
	add(3, "", "", "{never closed", false)
	add(4, "bogus", "bogus", "", false)
	add(0, "", "", "[Game \"ataxx\"]\n\n1. f2? $2 { c } (1. g2) 1... b2 *\n[Game \"ataxx\"]\n\n1. g2 1-0\n", false)
	add(3, "", "", "[Game \"oware\"]\n\n1. A *", true)
	add(0, "", "", "1. f2 b2 3. a7b5", false)
	f.Fuzz(func(t *testing.T, game uint8, opt, pos, moves string, js bool) {
		all := rules.All()
		args := []string{"-g", all[int(game)%len(all)].ID}
		if opt != "" {
			args = append(args, "-o", opt)
		}
		if pos != "" {
			args = append(args, "-p", pos)
		}
		if js {
			args = append(args, "--json")
		}
		var out, errb bytes.Buffer
		code := runPlay(args, strings.NewReader(moves), &out, &errb)
		switch code {
		case ExitUsage:
			if out.Len() != 0 || errb.Len() == 0 {
				t.Fatalf("%q < %q: usage error with stdout %q, stderr %q", args, moves, out.String(), errb.String())
			}
			return
		case ExitOK, ExitFail:
		default:
			t.Fatalf("%q < %q: exit status %d", args, moves, code)
		}
		if code == ExitFail && errb.Len() == 0 {
			t.Fatalf("%q < %q: failed without a word", args, moves)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if js {
			for _, l := range lines {
				if !json.Valid([]byte(l)) {
					t.Fatalf("%q < %q: line %q is not JSON", args, moves, l)
				}
			}
			if !strings.HasPrefix(lines[len(lines)-1], `{"final":true,`) {
				t.Fatalf("%q < %q: last line %q", args, moves, lines[len(lines)-1])
			}
		} else {
			// Two lines a record: its position and result.
			for i, l := range lines {
				if len(lines)%2 != 0 || (i%2 == 1) != strings.HasPrefix(l, "result: ") {
					t.Fatalf("%q < %q: output %q", args, moves, out.String())
				}
			}
		}
	})
}
