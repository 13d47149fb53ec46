package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hand-checked famine of rules/oware (TestTournamentTablesFamine): of
// the three seeds on the board north ends with two by the abapa tables and
// all three by the tournament tables.
func TestCaptures(t *testing.T) {
	const pos = "0,0,0,1,1,0/0,0,1,0,0,0 22 23 n"
	if got, ok := captures(pos, "abapa", 3, 22); !ok || got != 2 {
		t.Errorf("abapa: %d %v, want 2", got, ok)
	}
	if got, ok := captures(pos, "tournament", 3, 22); !ok || got != 3 {
		t.Errorf("tournament: %d %v, want 3", got, ok)
	}
}

// compare refuses a LeavesDump file of another length, naming both counts.
func TestCompareLength(t *testing.T) {
	rows := []row{{pos: "a"}, {pos: "b"}}
	f := filepath.Join(t.TempDir(), "aa")
	if err := os.WriteFile(f, []byte("1 0 true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := compare(rows, f)
	if err == nil || !strings.Contains(err.Error(), "1 lines for 2 positions") {
		t.Errorf("got %v", err)
	}
}
