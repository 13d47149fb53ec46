package convert

import (
	"strings"
	"testing"
)

func TestConvert(t *testing.T) {
	for _, c := range []struct {
		args []string
		in   string
		code int
		want string
	}{
		{[]string{"-h"}, "", 0, "usage: boardrepl convert"},
		// Without --from each game is recognised by its tags, a Tablut
		// challenge log by its first line.
		{nil, "[South \"Ann\"]\n[North \"Bo\"]\n\n1. F f *", 0, "[Game \"oware\"]"},
		{nil, "[Variant \"ataxx\"]\n\n1. f2 *\n\n[Game \"oware\"]\n\n1. A *", 0, "[Game \"ataxx\"]"},
		{nil, "[Game \"oware\"]\n\n1. A *\n\n[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 *", 0, "1. f2 *"},
		{[]string{"../../rules/record/tablutlog/testdata/challenge_en.log"}, "", 0, "[Game \"tablut\"]"},
		{nil, "1. f2 b6 *", 1, "stdin: game 1: its format is not recognised"},
		{nil, "", 1, "stdin: no game in it"},
		{[]string{"--from", "pgn"}, "", 2, `--from "pgn": want record, ataxx-pgn, ogn or tablut-log`},
		{[]string{"--from", "ogn", "--to", "tablut-log"}, "", 2, "--to"},
		{[]string{"--from", "ogn"}, "1. F f *", 0, "1. A L *"},
		{[]string{"--from", "record", "--to", "ogn"}, "[Game \"oware\"]\n\n1. A L *", 0, "1. F f *"},
		{[]string{"--from", "record", "--to", "ataxx-pgn"}, "[Game \"ataxx\"]\n[Red \"me\"]\n\n1. f2 *", 0, "[Black \"me\"]"},
		{[]string{"--from", "ataxx-pgn"}, "1. f2 b6 *", 1, `move 2 "b6"`},
		{[]string{"--from", "tablut-log", "../../rules/record/tablutlog/testdata/challenge_it.log"}, "", 0, "4. h4-h1 1-0"},
		{[]string{"--from", "record", "--to", "ogn"}, "[Game \"ataxx\"]\n\n1. f2 *", 1, "Oware games only"},
		// --from record replays every game, as load does.
		{[]string{"--from", "record"}, "[Game \"nope\"]\n\n1. a1 *", 1, `unknown game "nope"`},
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n\n1. a1 a1 *", 1, `stdin: game 1: line 3: move 1 "a1": a1 is occupied`},
		{[]string{"--from", "record"}, "[Game \"oware\"]\n[Position \"99,0,0,0,0,0/0,0,0,0,0,0 0 0 n\"]\n\n1. A *", 1, `pit A "99" at character 1: more than 48`},
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n\n1. f2\x00 *", 1, `move 1 "f2\x00": not a move`},
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n[Options \"blocks=99\"]\n\n1. f2 *", 1, "blocks"},
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n\n1. f2 g7f5 *", 0, "1. f2 g7f5 *"},
		// Annotations are kept; a bad game stops the run after the good ones.
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n\n1. f2? $2 {c} (1. g2) 1... g7f5 *\n[Game \"ataxx\"]\n\n1. a1 *", 1,
			"1. f2? $2 { c } (1. g2) 1... g7f5 *\nboardrepl convert: stdin: game 2: line 6: move 1 \"a1\""},
		{[]string{"--from", "ataxx-pgn", "--to", "ataxx-pgn"}, "[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 {+0.50/5 0.012s} b2? *", 0, "1. f2 { +0.50/5 0.012s } 1... b2? *"},
		{[]string{"--from", "ogn", "--to", "ogn"}, "1. F? {a} {b} f $1 *", 0, "1. F? { a b } 1... f $1 *"},
		{[]string{"--from", "record"}, "[Game \"ataxx\"]\n[Result \"0-1\"]\n\n1. f2 0-1", 0, "game 1: warning: the result is 0-1, but the game goes on"},
		{[]string{"--from", "record"}, "", 1, "stdin: no game in it"},
	} {
		var out, errb strings.Builder
		code := Run(c.args, strings.NewReader(c.in), &out, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%q: exit %d (want %d)\n%s%s", c.args, code, c.code, out.String(), errb.String())
		}
	}
}
