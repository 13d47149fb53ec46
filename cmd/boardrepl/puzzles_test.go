package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Ctrl-C stops puzzles, even while it waits for more records on stdin: the
// puzzles printed are complete, the file says where it stopped, status 1.
// The record is the hand-checked one of puzzles_mined.txtar.
func TestPuzzlesInterrupt(t *testing.T) {
	cmd := exec.Command(os.Args[0], "puzzles", "-")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := startCmd(t, cmd)
	defer in.Close()
	io.WriteString(in, "[Game \"tablut\"]\n[Position \"9/5B3/6WB1/9/3B5/9/1B7/2K6/9 w\"]\n\n1. c2-c3 *\n")
	printed := s.waitLine(t, "1... d5-d3 0-1")
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest, code := s.finish(t)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if got := strings.TrimSpace(s.stderr.String()); got != "puzzles: stopped after 1 record; the puzzles written are complete" {
		t.Errorf("stderr %q", got)
	}
	if len(rest) != 1 || rest[0] != "# stopped after 1 record: 1 puzzle" {
		t.Errorf("after the puzzle: %q (before: %q)", rest, printed)
	}
}
