package convert

import (
	"bytes"
	"strings"
	"testing"

	_ "boardrepl/rules/all"
	"boardrepl/rules/record"
)

var fromFormats = []string{"record", "ataxx-pgn", "ogn", "tablut-log"}
var toFormats = []string{"record", "ataxx-pgn", "ogn"}

// FuzzConvert: converting any text between any two formats exits 0 or 1
// without panicking; a failure says why on stderr, having written only the
// games before the bad one, and a conversion to records gives records that
// parse, on success and on failure.
func FuzzConvert(f *testing.F) {
	for _, c := range []struct {
		from, to uint8
		in       string
	}{
		{2, 0, "1. F f *"},
		{0, 2, "[Game \"oware\"]\n\n1. A L *"},
		{0, 1, "[Game \"ataxx\"]\n[Red \"me\"]\n\n1. f2 *"},
		{1, 0, "[Black \"a\"]\n[White \"b\"]\n[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 b6 *\n\n[Black \"c\"]\n\n1. g1e3 1-0\n"},
		{0, 0, "[Game \"tablut\"]\n\n1. e3-f3 a4-a3 *\n\n[Game \"konobi\"]\n\n1. a1 *\n"},
		{3, 0, "hello\nworld\n"},
		{0, 1, "[Game \"oware\"]\n\n*"},
		{1, 2, "[Variant \"chess\"]\n\n1. e4 *"},
		{2, 1, "1. F+2"},
		{0, 0, "[Game \"ataxx\"]\n\n1. f2? $2 {c} (1. g2 (1. a1)) 1... g7f5 *\n[Game \"ataxx\"]\n\n1. a1 *"},
		{1, 1, "[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 {+0.50/5} b2?! $6 (1... a2) 1-0"},
		{2, 2, "1. F? {a} (1. E) f $1 *"},
	} {
		f.Add(c.from, c.to, c.in)
	}
	f.Fuzz(func(t *testing.T, from, to uint8, in string) {
		args := []string{"--from", fromFormats[int(from)%len(fromFormats)], "--to", toFormats[int(to)%len(toFormats)]}
		var out, errb bytes.Buffer
		code := Run(args, strings.NewReader(in), &out, &errb)
		switch code {
		case 0:
			if args[3] == "record" {
				if _, _, err := record.ParseAll(out.String()); err != nil {
					t.Fatalf("%q %q: output does not parse: %v\n%s", args, in, err, out.String())
				}
			}
		case 1:
			if errb.Len() == 0 {
				t.Fatalf("%q %q: status 1 with stdout %q, stderr %q", args, in, out.String(), errb.String())
			}
			if args[3] == "record" {
				if _, _, err := record.ParseAll(out.String()); err != nil {
					t.Fatalf("%q %q: the games written before the failure do not parse: %v\n%s", args, in, err, out.String())
				}
			}
		default:
			t.Fatalf("%q %q: status %d: %s", args, in, code, errb.String())
		}
	})
}
