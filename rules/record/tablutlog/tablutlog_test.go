package tablutlog

import (
	"boardrepl/rules/record"
	"os"
	"slices"
	"strings"
	"testing"
)

func TestReadLogFixtures(t *testing.T) {
	for _, c := range []struct {
		file, moves, result, term, date string
		refused                         int
		white, black                    string
	}{
		{"challenge_it.log", "e4-c4 i6-h6 e5-e4 h6-h7 e4-h4 h7-g7 h4-h1", "1-0", "white wins (king escaped at h1)", "", 1, "Ann", "Bo"},
		{"challenge_en.log", "e4-c4", "1-0", "white wins (refused move, black e8-e7: Mossa sopra una casella occupata)", "2024.03.04", 1, "WP", "BP"},
	} {
		f, err := os.Open("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		lg, err := ReadLog(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		r := lg.Record
		if got := strings.Join(r.MoveTexts(), " "); got != c.moves {
			t.Errorf("%s: moves %s, want %s", c.file, got, c.moves)
		}
		if r.Get("Result") != c.result || r.Get("Termination") != c.term || r.Get("Date") != c.date || len(lg.Refused) != c.refused {
			t.Errorf("%s: tags %+v refused %q", c.file, r.Tags, lg.Refused)
		}
		if r.Get("White") != c.white || r.Get("Black") != c.black {
			t.Errorf("%s: names %+v", c.file, r.Tags)
		}
		// The record round-trips through the REPL's format.
		back, err := record.Parse(r.Format())
		if err != nil || !slices.Equal(back.MoveTexts(), r.MoveTexts()) || back.Get("Termination") != c.term {
			t.Errorf("%s: record round trip: %v\n%s", c.file, err, r.Format())
		}
	}
}

func TestReadLogErrors(t *testing.T) {
	data, _ := os.ReadFile("testdata/challenge_it.log")
	text := string(data)
	for _, c := range []struct{ from, to, want string }{
		{"Pawn from h4 to h1", "Pawn from h4 to h2", "differs from the replay"},
		{"Pawn from e4 to c4", "Pawn from e4 to e6", "move e4-e6"},
		{"BOOOWOOBO", "BOOOWOOBX", "want O, W, B, K or T"},
	} {
		_, err := ReadLog(strings.NewReader(strings.Replace(text, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("%s -> %s: %v, want %s", c.from, c.to, err, c.want)
		}
	}
	// A name is one word to the server; a line that is neither form leaves
	// the names unknown rather than guessed.
	for _, line := range []string{"Players:\tAnn\tBo", "Players:\tWhite:\tAnn\tvs", "Players:\tAnn\tvs\tBo\tvs\tCy"} {
		lg, err := ReadLog(strings.NewReader(strings.Replace(text, "Players:\tAnn\tvs\tBo", line, 1)))
		if err != nil || lg.Record.Get("White") != "" || lg.Record.Get("Black") != "" {
			t.Errorf("%q: %v, names %q %q", line, err, lg.Record.Get("White"), lg.Record.Get("Black"))
		}
	}
	if _, err := ReadLog(strings.NewReader("hello\nworld\n")); err == nil {
		t.Error("not a log: no error")
	}
}

func FuzzReadLog(f *testing.F) {
	for _, name := range []string{"challenge_it.log", "challenge_en.log"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
		f.Add(string(data[:len(data)/2]))
	}
	f.Fuzz(func(t *testing.T, s string) {
		lg, err := ReadLog(strings.NewReader(s))
		if err != nil {
			return
		}
		if _, err := record.Parse(lg.Record.Format()); err != nil {
			t.Fatalf("record of a log does not parse: %v", err)
		}
	})
}

func TestIsLog(t *testing.T) {
	for _, f := range []string{"challenge_it.log", "challenge_en.log"} {
		b, err := os.ReadFile("testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if !IsLog(b[:min(len(b), 4096)]) || !IsLog(append([]byte("\n\r\n"), b[:300]...)) {
			t.Errorf("%s: not recognised as a log", f)
		}
	}
	for _, s := range []string{"", "[Game \"tablut\"]\n\n1. e4-c4 *\n", "e4-c4 i6-h6\n", "1. e4-c4 i6-h6\n2. e5-e4\n",
		"Mar 04, 2024 10:02:11 AM it.unibo.ai.didattica.competition.tablut.domain.GameAshtonTablut <init>\n"} {
		if IsLog([]byte(s)) {
			t.Errorf("%q: taken for a log", s)
		}
	}
}
