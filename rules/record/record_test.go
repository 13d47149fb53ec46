package record

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	text := `[Game "ataxx"]
[Options "blocks=4 x=\"q\""]
[Red "Ann \\ Bo"]

1. f2 b6 {a comment
over lines} 2. g1e3 ; rest ignored
2... a7c5 3.e3-h3 # also a comment
pass 1-0
`
	r, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Get("game"); got != "ataxx" {
		t.Errorf("Game = %q", got)
	}
	if got := r.Get("Options"); got != `blocks=4 x="q"` {
		t.Errorf("Options = %q", got)
	}
	if got := r.Get("Red"); got != `Ann \ Bo` {
		t.Errorf("Red = %q", got)
	}
	want := []string{"f2", "b6", "g1e3", "a7c5", "e3-h3", "pass"}
	if !reflect.DeepEqual(r.MoveTexts(), want) {
		t.Errorf("moves = %q, want %q", r.MoveTexts(), want)
	}
	if r.Moves[2].Line != 6 || r.Moves[3].Line != 7 {
		t.Errorf("lines = %d %d", r.Moves[2].Line, r.Moves[3].Line)
	}
	if r.Result != "1-0" {
		t.Errorf("result %q", r.Result)
	}
}

func TestPlainList(t *testing.T) {
	r, err := Parse("A  B\n\tC\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tags) != 0 || !reflect.DeepEqual(r.MoveTexts(), []string{"A", "B", "C"}) || r.Result != "" {
		t.Errorf("%+v", r)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[Game ataxx]`, `line 1: tag Game: the value must be in double quotes`},
		{`[Game "a"`, `line 1: tag [Game "a": missing ']'`},
		{"[Game \"a\"]\n[Game \"b\"]", `line 2: tag Game given twice`},
		{"a1 {oops\n\nb2", `line 1: comment '{' is never closed`},
		{"a1 1-0 b2", `line 1: "b2" after the result 1-0`},
		{"a1\n[Game \"x\"]", `line 2: tag after the moves`},
		{`[Ga!me "x"]`, `line 1: tag name "Ga!me": letters, digits and _ only`},
	} {
		_, err := Parse(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	r := &Record{}
	r.Set(TagGame, "tablut")
	r.Set(TagPosition, `3BBB3/4B4 w`)
	r.Set("White", `say "hi" \o/`)
	r.Set(TagResult, FirstWins)
	for i := 0; i < 41; i++ {
		r.AddMoves("e3-h3")
	}
	text := r.Format()
	if !strings.HasSuffix(text, " 1-0\n") || !strings.Contains(text, "\n\n1. e3-h3 e3-h3 2. ") {
		t.Errorf("format:\n%s", text)
	}
	for _, l := range strings.Split(text, "\n") {
		if len(l) > 79 {
			t.Errorf("line too long: %q", l)
		}
	}
	back, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Tags, r.Tags) || !reflect.DeepEqual(back.MoveTexts(), r.MoveTexts()) || back.Result != FirstWins {
		t.Errorf("round trip:\n%+v\n%+v", back, r)
	}
}

func TestResultToken(t *testing.T) {
	if ResultToken(false, -1) != "*" || ResultToken(true, 0) != "1-0" || ResultToken(true, 1) != "0-1" || ResultToken(true, -1) != "1/2-1/2" {
		t.Error("ResultToken")
	}
}

func FuzzParse(f *testing.F) {
	f.Add("[Game \"x\"]\n\n1. a b 2. c *")
	f.Add("{ a } b ; c\n[")
	f.Add(`[A "\"\\"]`)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		// Moves with spaces or special characters cannot round-trip; the
		// tags and plain moves must.
		for _, m := range r.Moves {
			if strings.ContainsAny(m.Text, "{};#[") || IsResult(m.Text) {
				return
			}
		}
		back, err := Parse(r.Format())
		if err != nil {
			t.Fatalf("reparse of %q: %v", r.Format(), err)
		}
		if len(back.Tags) != len(r.Tags) || len(back.Moves) != len(r.Moves) {
			t.Fatalf("round trip of %q: %+v vs %+v", s, back, r)
		}
	})
}

// A tag glued to a move number is not a move: it would not read back.
func TestTagAfterMoveNumber(t *testing.T) {
	_, err := Parse("1. a6 2.[Game \"x\"]\n")
	var re *Error
	if !errors.As(err, &re) || re.Line != 1 || re.Msg != "tag after the moves" {
		t.Fatalf("got %v, want line 1: tag after the moves", err)
	}
}
