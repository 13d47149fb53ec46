package batch

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
)

// FuzzTokenize: any input splits into tokens or a read error, never a
// panic. Tokens are non-empty pieces of their line, in line order, without
// comments; only a {...} JSON object holds spaces.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{
		"f2 b6 # opening\n g1e3\t0000\r\n",
		`{"from":"e3","to":"h3"} {"from": "d5", "to": "d3"} e4-e6`,
		"{ never closed\nA B\n",
		"# only a comment\n\n\n",
		"}{ } {}{}#{\n",
		"\x00\xff \f\v",
		strings.Repeat("x", 70000) + "\ny",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks, err := tokenize(strings.NewReader(s))
		if err != nil && err.Error() == "" {
			t.Fatalf("%q: empty error", s)
		}
		lines := strings.Split(s, "\n")
		prev := 1
		for _, tk := range toks {
			if tk.text == "" || tk.line < prev || tk.line > len(lines) {
				t.Fatalf("%q: token %q on line %d (previous %d)", s, tk.text, tk.line, prev)
			}
			prev = tk.line
			if !strings.Contains(lines[tk.line-1], tk.text) || strings.Contains(tk.text, "#") || strings.ContainsAny(tk.text, "\n") {
				t.Fatalf("%q: token %q is not a piece of line %d", s, tk.text, tk.line)
			}
			if tk.text[0] != '{' && strings.ContainsAny(tk.text, " \t\r\f\v") {
				t.Fatalf("%q: token %q holds a space", s, tk.text)
			}
		}
	})
}

// FuzzPlay: 'boardrepl play' on any game, option, start position and
// stdin exits 0, 1 or 2 without panicking; the last line of a run is the
// result (or a JSON object per line with --json).
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
		} else if len(lines) != 2 || !strings.HasPrefix(lines[1], "result: ") {
			t.Fatalf("%q < %q: output %q", args, moves, out.String())
		}
	})
}
