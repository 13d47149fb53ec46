package command

import (
	"strings"
	"testing"
)

func TestSpecVerbs(t *testing.T) {
	tb := Verbs[int]{
		{Spec: Spec{Name: "undo", Aliases: []string{"back"}, Args: "[N]", Summary: "take back N moves", Help: "Takes back N moves."}, Run: 1},
		{Spec: Spec{Name: "position", Args: "startpos|fen STRING [moves M...]", Summary: "set up a position", Help: "Sets up."}, Run: 2},
		{Spec: Spec{Name: "quit", Summary: "leave", Help: "Leaves."}, Run: 3},
	}
	for _, tc := range []struct {
		word string
		run  int
		ok   bool
	}{
		{"undo", 1, true},
		{"back", 1, true}, // an alias
		{"position", 2, true},
		{"quit", 3, true},
		{"Undo", 0, false}, // case counts: callers lower-case what they must
		{"und", 0, false},  // no prefixes
		{"", 0, false},
		{"e2e4", 0, false},
	} {
		v, ok := tb.Lookup(tc.word)
		if ok != tc.ok || v.Run != tc.run {
			t.Errorf("Lookup(%q) = %d %v, want %d %v", tc.word, v.Run, ok, tc.run, tc.ok)
		}
	}

	// The listing: synopses in a column of width 12; a longer one on a line
	// of its own, its summary in the column on the next line.
	var b strings.Builder
	if err := tb.WriteList(&b, 12); err != nil {
		t.Fatal(err)
	}
	want := "  undo [N]     take back N moves\n" +
		"  position startpos|fen STRING [moves M...]\n" +
		"               set up a position\n" +
		"  quit         leave\n"
	if b.String() != want {
		t.Errorf("WriteList:\n%q\nwant\n%q", b.String(), want)
	}

	// The full help: synopsis, aliases, text.
	if got, want := tb[0].FullHelp(), "undo [N]\n  (also: back)\nTakes back N moves.\n"; got != want {
		t.Errorf("FullHelp = %q, want %q", got, want)
	}
	if got, want := tb[2].FullHelp(), "quit\nLeaves.\n"; got != want {
		t.Errorf("FullHelp = %q, want %q", got, want)
	}
}
