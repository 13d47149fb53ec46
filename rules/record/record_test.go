package record

import (
	"errors"
	"fmt"
	"io"
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
		{`[Game ataxx]`, `line 1, column 7: tag Game: the value must be in double quotes`},
		{`[Game "a"`, `line 1, column 10: tag Game: missing ']'`},
		{`[Game "a]`, `line 1, column 7: tag Game: the value's closing '"' is missing`},
		{"[Game \"a\"]\n[Game \"b\"]", `line 2, column 1: tag Game given twice (first on line 1)`},
		{"a1 {oops\n\nb2", `line 1, column 4: comment '{' is never closed`},
		{"a1 1-0 b2", `line 1, column 8: "b2" after the result 1-0 (a record's tags come first)`},
		{"a1\n[Game \"x\"]", `line 2, column 1: tag after the moves`},
		{`[Ga!me "x"]`, `line 1, column 1: tag name "Ga!me": letters, digits and _ only`},
		{"1. e3 e2 3. d4", `line 1, column 10: move number 3. where 2. was due`},
		{"1. e3 e2 1... d4", `line 1, column 10: move number 1... where 2. was due`},
		{"1. e3 1. e2", `line 1, column 7: move number 1. where 1... was due`},
		{"1.. e3", `line 1, column 1: move number "1..": write 1. or 1...`},
		{"e3 $256", `line 1, column 4: NAG $256: want $0 to $255`},
		{"e3 $x", `line 1, column 4: NAG $: want $0 to $255`},
		{"$1 e3", `line 1, column 1: NAG $1 before any move`},
		{"? e3", `line 1, column 1: glyph ? before any move`},
		{"e3?!? e2", `line 1, column 3: glyph "?!?": want one of ! ? !! ?? !? ?!`},
		{"e3 (e4 e5", `line 1, column 4: variation '(' is never closed`},
		{"e3 (e4 (e5 e6) *", `line 1, column 16: result * inside the variation opened at line 1, column 4`},
		{"e3 () e2", `line 1, column 4: empty variation: a variation holds moves`},
		{"(e4) e3", `line 1, column 1: variation '(' before any move: a variation is an alternative to the move before it`},
		{"e3 e2)", `line 1, column 6: ')' with no '(' before it`},
		{"e3 } e2", `line 1, column 4: '}' with no '{' before it`},
		{"[Result \"1-0\"]\n\n1. e3 0-1", `line 3, column 7: the result 0-1 contradicts the Result tag "1-0" (line 1)`},
		{"1. e3 1-0\n\n[Game \"x\"]\n\n1. e2 *", `line 3: a second record starts here (one record was expected)`},
		{"[Result \"?\"]", `line 1, column 1: tag Result "?": want 1-0, 0-1, 1/2-1/2 or *`},
		{"1. e3 (1. d4 [Game \"x\"]) *", `line 1, column 7: variation '(' is never closed`},
	} {
		_, err := Parse(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
		var re *Error
		if err != nil && !errors.As(err, &re) {
			t.Errorf("Parse(%q): %T is not a *Error", c.in, err)
		}
	}
}

// Annotations are read as PGN writes them and kept: glyphs glued or alone,
// NAGs, comments before and after, nested variations, the game's comment.
func TestAnnotations(t *testing.T) {
	text := `[Game "ataxx"]

{ the game } 1. f2? $2 { too slow } (1. g2!? b6 (1... a6 { why } 2. a5) 2. b5) 1... b6 ! 2.g1e3?! $6 $14
2... a7c5 {x} {y} 1/2-1/2
`
	r, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	// The variation (1... a6 ...) is an alternative to b6, the move before it.
	want := []Move{
		{Text: "f2", Line: 3, Col: 17, Annotation: Annotation{Glyph: "?", NAGs: []int{2}, After: []string{"too slow"},
			Variations: [][]Move{{
				{Text: "g2", Line: 3, Col: 41, Annotation: Annotation{Glyph: "!?"}},
				{Text: "b6", Line: 3, Col: 46, Annotation: Annotation{Variations: [][]Move{{
					{Text: "a6", Line: 3, Col: 55, Annotation: Annotation{After: []string{"why"}}},
					{Text: "a5", Line: 3, Col: 69},
				}}}},
				{Text: "b5", Line: 3, Col: 76},
			}}}},
		{Text: "b6", Line: 3, Col: 85, Annotation: Annotation{Glyph: "!"}},
		{Text: "g1e3", Line: 3, Col: 92, Annotation: Annotation{Glyph: "?!", NAGs: []int{6, 14}}},
		{Text: "a7c5", Line: 4, Col: 6, Annotation: Annotation{After: []string{"x", "y"}}},
	}
	if !reflect.DeepEqual(r.Moves, want) {
		t.Errorf("moves\n%+v\nwant\n%+v", r.Moves, want)
	}
	if !reflect.DeepEqual(r.Comments, []string{"the game"}) || r.Result != DrawResult {
		t.Errorf("comments %q, result %q", r.Comments, r.Result)
	}
	// Written back in PGN's way, and read back the same.
	out := r.Format()
	wantText := `[Game "ataxx"]

{ the game } 1. f2? $2 { too slow } (1. g2!? b6 (1... a6 { why } 2. a5) 2. b5)
1... b6! 2. g1e3?! $6 $14 a7c5 { x } { y } 1/2-1/2
`
	if out != wantText {
		t.Errorf("format:\n%s\nwant:\n%s", out, wantText)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if !sameAnnotations(back.Moves, r.Moves) || !reflect.DeepEqual(back.Comments, r.Comments) {
		t.Errorf("round trip:\n%+v\n%+v", back.Moves, r.Moves)
	}
	// A comment before the first move of a variation is its Before.
	r, err = Parse("e3 ({ or } d4 d5) e4")
	if err != nil || r.Moves[0].Variations[0][0].Before[0] != "or" {
		t.Errorf("%+v %v", r, err)
	}
}

// sameAnnotations compares moves without where they were read.
func sameAnnotations(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Text != y.Text || x.Glyph != y.Glyph || !reflect.DeepEqual(x.NAGs, y.NAGs) || !reflect.DeepEqual(x.Before, y.Before) ||
			!reflect.DeepEqual(x.After, y.After) || len(x.Variations) != len(y.Variations) {
			return false
		}
		for k := range x.Variations {
			if !sameAnnotations(x.Variations[k], y.Variations[k]) {
				return false
			}
		}
	}
	return true
}

// Move numbers may be glued to their move, and the first number read sets
// the count (a record may start at any move, or with the second side).
func TestNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"1.e3 e2 2.d4":              "e3 e2 d4",
		"12...d4 13. e5":            "d4 e5",
		"1. e3 {c} 1... e2 2. d4":   "e3 e2 d4",
		"1. e3 (1. d4 d5) 1... e2":  "e3 e2",
		"7. a b 8. c ; 9. gone":     "a b c",
		"% escape line\n1. a b":     "a b",
		"e3-h3 # comment\nf2 1-0":   "e3-h3 f2",
		`{"from":"e3","to":"h3"} a`: `{"from":"e3","to":"h3"} a`,
		"{ \"quoted\" } a":          "a",
		"0000 pass":                 "0000 pass",
	} {
		r, err := Parse(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := strings.Join(r.MoveTexts(), " "); got != want {
			t.Errorf("%q: moves %q, want %q", in, got, want)
		}
	}
}

// Records end with their result: a stream holds several, read one at a
// time, and the next record's tags follow.
func TestScannerStream(t *testing.T) {
	text := "[Game \"ataxx\"]\n\n1. f2 * {between}\n[Game \"oware\"]\n\n1. A L 1-0\n\n"
	s := NewScanner(strings.NewReader(text))
	var kinds []Kind
	for {
		tok, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, tok.Kind)
	}
	want := []Kind{KindTag, KindMove, KindResult, KindEnd, KindComment, KindTag, KindMove, KindMove, KindResult, KindEnd}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
	recs, starts, err := ParseAll(text)
	if err != nil || len(recs) != 2 || starts[1] != 3 || recs[1].Comments[0] != "between" {
		t.Errorf("ParseAll: %v %v %v", recs, starts, err)
	}
}

// Tags are checked against each other in linear time: 100,000 tags take a
// moment, not the 24 s of a scan per tag.
func TestManyTags(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	b.WriteString("[T5 \"again\"]\n")
	_, err := Parse(b.String())
	if err == nil || err.Error() != "line 100001, column 1: tag T5 given twice (first on line 6)" {
		t.Fatalf("got %v", err)
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
	f.Add("{ g } 1. f2? $2 { c } (1. g2!? b6 (1... a6 { w } 2. a5) 2. b5) 1... b6 ! 2.g1e3?! $6 *")
	f.Add("12...d4 13. e5 $256 (")
	f.Add("% x\n1. a {\nb\n} (b ({c} d) e) 1/2-1/2")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			var re *Error
			if !errors.As(err, &re) || re.Line < 1 || re.Msg == "" {
				t.Fatalf("%q: error %v", s, err)
			}
			return
		}
		// Moves with spaces or special characters cannot round-trip
		// (a JSON move is one); the rest must, annotations included.
		bad := false
		var check func(ms []Move)
		check = func(ms []Move) {
			for _, m := range ms {
				if strings.ContainsAny(m.Text, "{};#[\"%") || IsResult(m.Text) {
					bad = true
				}
				for _, v := range m.Variations {
					check(v)
				}
			}
		}
		check(r.Moves)
		if bad {
			return
		}
		back, err := Parse(r.Format())
		if err != nil {
			t.Fatalf("reparse of %q: %v", r.Format(), err)
		}
		if !reflect.DeepEqual(back.Tags, r.Tags) || !sameAnnotations(back.Moves, r.Moves) ||
			len(back.Comments) != len(r.Comments) || back.ResultText() != r.ResultText() {
			t.Fatalf("round trip of %q:\n%+v\n%+v", s, back, r)
		}
	})
}

// A tag glued to a move number is not a move: it would not read back.
func TestTagAfterMoveNumber(t *testing.T) {
	_, err := Parse("1. a6 b6 2.[Game \"x\"]\n")
	var re *Error
	if !errors.As(err, &re) || re.Line != 1 || re.Col != 12 || re.Msg != "tag after the moves" {
		t.Fatalf("got %v, want line 1, column 12: tag after the moves", err)
	}
}
