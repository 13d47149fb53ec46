package record

import (
	"errors"
	"testing"
)

func TestParseAll(t *testing.T) {
	text := "# two puzzles\n\n[Game \"ataxx\"]\n[Goal \"win 1\"]\n\n1. a6 1-0\n\n[Game \"tablut\"]\n\n1... d5-d3\n2. c3-c4 *\n"
	recs, starts, err := ParseAll(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || starts[0] != 3 || starts[1] != 8 {
		t.Fatalf("got %d records starting at %v", len(recs), starts)
	}
	if recs[0].Get("Goal") != "win 1" || recs[1].Get("Game") != "tablut" {
		t.Errorf("tags: %v / %v", recs[0].Tags, recs[1].Tags)
	}
	if m := recs[1].Moves; len(m) != 2 || m[1].Text != "c3-c4" || m[1].Line != 11 {
		t.Errorf("second record's moves %+v, want c3-c4 on line 11", m)
	}
	// An error names the line in the whole text.
	_, _, err = ParseAll("[Game \"ataxx\"]\n\n1. a6 *\n\n[Game \"ataxx\"\n")
	var re *Error
	if !errors.As(err, &re) || re.Line != 5 {
		t.Errorf("error %v, want one on line 5", err)
	}
}
