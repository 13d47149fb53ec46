package engine

import (
	"os"
	"slices"
	"strings"
	"testing"

	"boardrepl/rules"
)

func readBook(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/openings/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// afterPlies is every position n plies from the start (an invariant of
// cuteataxx's plyN.txt books: they are these positions).
func afterPlies(t *testing.T, id string, n int) map[string]bool {
	out := map[string]bool{}
	var walk func(g rules.Game, d int)
	walk = func(g rules.Game, d int) {
		if d == 0 {
			out[g.Position()] = true
			return
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			walk(g, d-1)
			g.Unplay()
		}
	}
	walk(newGame(t, id, ""), n)
	return out
}

// cuteataxx's books read as the positions they hold: ply1.txt is every
// position one ply from the start (its last line has no newline), ply2.txt
// every position two plies from it, and ply3_fair.txt (comment lines
// first) a subset of the positions three plies from it.
func TestOpeningsCuteataxx(t *testing.T) {
	info := infoOf(t, "ataxx")
	for _, c := range []struct {
		file   string
		plies  int
		n      int
		subset bool
	}{
		{"ply1.txt", 1, 16, false},
		{"ply2.txt", 2, 256, false},
		{"ply3_fair.txt", 3, 880, true},
	} {
		for _, format := range []string{"", "fen", "epd"} {
			b, err := LoadOpenings(OpeningSpec{File: c.file, Format: format}, readBook(t, c.file), info, nil, "")
			if err != nil {
				t.Fatalf("%s format=%q: %v", c.file, format, err)
			}
			want := afterPlies(t, "ataxx", c.plies)
			got := map[string]bool{}
			for _, op := range b.List {
				if len(op.Moves) > 0 || !want[op.Position] {
					t.Errorf("%s:%d: %q, %v: not a position %d plies from the start", c.file, op.Line, op.Position, op.Moves, c.plies)
				}
				got[op.Position] = true
			}
			if len(b.List) != c.n || !c.subset && len(got) != len(want) {
				t.Errorf("%s: %d openings (%d distinct), want %d of the %d positions", c.file, len(b.List), len(got), c.n, len(want))
			}
		}
	}
	// Line numbers count the comment and blank lines before.
	b, _ := LoadOpenings(OpeningSpec{File: "ply3_fair.txt"}, readBook(t, "ply3_fair.txt"), info, nil, "")
	if b.List[0].Line != 5 || b.Name(b.List[0]) != "ply3_fair.txt:5" {
		t.Errorf("first opening of ply3_fair.txt at line %d (%s), want 5", b.List[0].Line, b.Name(b.List[0]))
	}
}

// cutegames's tournament book: the start with blockers, each line read as
// the position it says (its board field written back the same).
func TestOpeningsCutegames(t *testing.T) {
	text := readBook(t, "cutegames-tournament.txt")
	b, err := LoadOpenings(OpeningSpec{File: "tournament.txt"}, text, infoOf(t, "ataxx"), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(b.List) != len(lines) {
		t.Fatalf("%d openings of %d lines", len(b.List), len(lines))
	}
	for i, op := range b.List {
		if got, want := strings.Fields(op.Position)[0], strings.Fields(lines[i])[0]; got != want {
			t.Errorf("line %d: board %q, want %q", i+1, got, want)
		}
	}
}

func TestParseOpeningSpec(t *testing.T) {
	cases := []struct {
		in   string
		want OpeningSpec
	}{
		{"o.txt", OpeningSpec{File: "o.txt"}},
		{"file=o.epd format=epd order=random", OpeningSpec{File: "o.epd", Format: "epd", Random: true}},
		{"o.pgn format=pgn plies=4 start=3 order=sequential", OpeningSpec{File: "o.pgn", Format: "pgn", Plies: 4, Start: 3}},
	}
	for _, c := range cases {
		got, err := ParseOpeningSpec(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseOpeningSpec(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "order=random", "o.txt format=sgf", "o.txt order=shuffled", "o.txt plies=0", "o.txt start=x", "o.txt policy=round", "o.txt depth=3", "o.txt plies"} {
		if _, err := ParseOpeningSpec(bad); err == nil {
			t.Errorf("ParseOpeningSpec(%q) accepted", bad)
		}
	}
}

// Move lists, records and bad lines.
func TestOpeningsFormats(t *testing.T) {
	ataxx := infoOf(t, "ataxx")
	// A move list a line, numbered or not, from the start; plies keeps the
	// first N.
	b, err := LoadOpenings(OpeningSpec{File: "m.txt", Format: "moves", Plies: 2}, "1. f2 a2 2. g1e3\n\n# a comment\ng2 f6 g1e1\n", ataxx, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.List) != 2 || !slices.Equal(b.List[0].Moves, []string{"f2", "a2"}) || !slices.Equal(b.List[1].Moves, []string{"g2", "f6"}) || b.List[1].Line != 4 {
		t.Errorf("moves: %+v", b.List)
	}
	// The default reads a position or a move list, line by line.
	b, err = LoadOpenings(OpeningSpec{File: "mixed.txt"}, "x5o/7/7/7/7/7/o4xx o 0 1\nf2 a2\n", ataxx, nil, "")
	if err != nil || b.List[0].Position != "x5o/7/7/7/7/7/o4xx o 0 1" || !slices.Equal(b.List[1].Moves, []string{"f2", "a2"}) {
		t.Errorf("mixed: %+v, %v", b.List, err)
	}
	// EPD: operations after the position.
	b, err = LoadOpenings(OpeningSpec{File: "o.epd", Format: "epd"}, "x5o/7/7/7/7/7/o4xx o 3 7; id \"a\";\nx5o/7/7/7/7/7/o4xx o bm a6; id \"b\";\n", ataxx, nil, "")
	if err != nil || len(b.List) != 2 || b.List[0].Position != "x5o/7/7/7/7/7/o4xx o 3 7" || b.List[1].Position != "x5o/7/7/7/7/7/o4xx o 0 1" {
		t.Errorf("epd: %+v, %v", b, err)
	}
	// Records: PGN as cuteataxx writes it, from its FEN, and a boardrepl
	// record of another game is refused.
	pgnText := "[Event \"*\"]\n[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n1. f2 a2 2. g1e3 *\n\n[Event \"*\"]\n[FEN \"x5o/7/7/7/7/7/o4xx o 0 1\"]\n\n1... a2 *\n"
	b, err = LoadOpenings(OpeningSpec{File: "o.pgn", Format: "pgn"}, pgnText, ataxx, nil, "")
	if err != nil || len(b.List) != 2 || !slices.Equal(b.List[0].Moves, []string{"f2", "a2", "g1e3"}) || b.List[0].Position != "" ||
		b.List[1].Position != "x5o/7/7/7/7/7/o4xx o 0 1" || b.List[1].Line != 6 {
		t.Errorf("pgn: %+v, %v", b, err)
	}
	bad := []struct {
		spec OpeningSpec
		text string
		want string
	}{
		{OpeningSpec{File: "o.txt", Format: "fen"}, "x5o/7/7/7/7/7/o4xx o 0 1\nx5o/7/7 o 0 1\n", "o.txt:2: position \"x5o/7/7 o 0 1\": "},
		{OpeningSpec{File: "o.txt"}, "\n# c\nf2 zz\n", "o.txt:3: neither a position ("},
		{OpeningSpec{File: "o.txt", Format: "moves"}, "f2 a2 f2\n", "o.txt:1: move 3 \"f2\": "},
		{OpeningSpec{File: "o.txt"}, "# nothing\n\n", "o.txt: no opening in the file"},
		{OpeningSpec{File: "o.txt", Start: 3}, "f2\ng2\n", "o.txt: start=3, but the file has 2 openings"},
		{OpeningSpec{File: "o.pgn", Format: "pgn"}, "[Game \"oware\"]\n\nA *\n", "o.pgn:1: a record of oware, not of ataxx"},
		{OpeningSpec{File: "o.pgn", Format: "pgn"}, "[Event \"*\"]\n\n1. f2\na2 f2 *\n", "o.pgn:4: move 3 \"f2\": "},
		{OpeningSpec{File: "o.txt", Format: "fen"}, "7/7/7/7/7/7/7 x 0 1\n", "o.txt:1: "},
	}
	for _, c := range bad {
		_, err := LoadOpenings(c.spec, c.text, ataxx, nil, "")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q...", c.text, err, c.want)
		}
	}
}

// Pair k plays the (start+k)-th opening of the order, cycling: the file's
// order, or a shuffle that depends only on the seed.
func TestOpeningsPick(t *testing.T) {
	b, err := LoadOpenings(OpeningSpec{File: "ply2.txt"}, readBook(t, "ply2.txt"), infoOf(t, "ataxx"), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	n := len(b.List)
	if b.Pick(0, 1).Line != 1 || b.Pick(3, 1).Line != 4 || b.Pick(n, 9).Line != 1 {
		t.Errorf("sequential: pairs 0, 3, %d play lines %d, %d, %d; want 1, 4, 1", n, b.Pick(0, 1).Line, b.Pick(3, 1).Line, b.Pick(n, 9).Line)
	}
	b.Spec.Start = 10
	if b.Pick(0, 1).Line != 10 {
		t.Errorf("start=10: pair 0 plays line %d", b.Pick(0, 1).Line)
	}
	b.Spec.Start, b.Spec.Random = 0, true
	seen := map[int]bool{}
	for k := 0; k < n; k++ {
		seen[b.Pick(k, 7).Line] = true
	}
	if len(seen) != n {
		t.Errorf("random: %d pairs played %d distinct openings, want each once", n, len(seen))
	}
	var order7, order8 []int
	for k := 0; k < 20; k++ {
		order7, order8 = append(order7, b.Pick(k, 7).Line), append(order8, b.Pick(k, 8).Line)
	}
	b.Arrange(7)
	for k := 0; k < 20; k++ {
		if b.Pick(k, 7).Line != order7[k] {
			t.Fatalf("random, seed 7: Arrange changed pair %d's opening", k)
		}
	}
	if slices.Equal(order7, order8) || slices.Equal(order7, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}) {
		t.Errorf("random: seeds 7 and 8 give %v and %v", order7, order8)
	}
}
