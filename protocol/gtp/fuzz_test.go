package gtp

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"boardrepl/protocol/searcher"
)

// answerShape is a well-formed GTP answer: = or ?, the id if any, a space,
// then lines none of which is empty, and the empty line that ends it.
var answerShape = regexp.MustCompile(`^[=?][0-9]* ([^\n]*)(\n[^\n]+)*\n\n$`)

// FuzzCommands: any input is answered command by command without
// panicking, each answer well-formed and carrying the command's id.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"protocol_version\n1 name\nlist_commands\nboardsize 5\nplay b c3\n2 genmove w\nshowboard\n",
		"boardsize 9 9\nplay B J9\nplay w swap\nplay w A1\nundo\nundo\nundo\nfinal_score\n",
		"boardsize 3\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nfinal_score\ngogui-rules_final_result\n",
		"time_settings 0 30 5\ntime_left b 3 1\ngenmove b\nreg_genmove w\ngogui-rules_legal_moves\n",
		"# comment\n\t7\tknown_command\tplay # x\n\x01\r\n8\n",
		"boardsize 2\nplay b a1\nplay w b1\nplay b a2\ngenmove w\nall_legal_moves w\ngogui-rules_board\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		e, err := New(&strings.Builder{}, Config{Search: searcher.FirstLegal})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(input, "\n") {
			a, ok := e.Command(context.Background(), l)
			if !ok {
				continue
			}
			if !answerShape.MatchString(a) {
				t.Fatalf("%q: malformed answer %q", l, a)
			}
			f := fields(l)
			if isID(f[0]) && !strings.HasPrefix(a[1:], f[0]+" ") {
				t.Fatalf("%q: answer %q without the id", l, a)
			}
		}
	})
}
