package repl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"boardrepl/internal/textfile"
)

// Issue 23, item 6: a history file that is not a regular file (a link to
// /dev/full, which readline read for ever: 7.8 GB and no prompt in 20 s;
// a FIFO, which would wait for a writer) is neither read nor written: the
// session starts at once, says once that its history is not saved, and
// works.
func TestTerminalHistoryNotRegular(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	if err := os.Symlink("/dev/full", full); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, kind := range map[string]string{full: "a character device", fifo: "a FIFO", dir: "a directory"} {
		if _, err := os.Stat(name); err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		tm := startTermWith(t, name)
		tm.wait(t, "toy x 1> ")
		tm.send("b2\r")
		tm.wait(t, "toy o 1> ")
		tm.send("\x04")
		if c := tm.exit(t); c != 0 {
			t.Errorf("%s: exit %d", name, c)
		}
		want := fmt.Sprintf("boardrepl: this session's history is not saved: open %s: %s, not a regular file\n", name, kind)
		if got := tm.errb.String(); got != want {
			t.Errorf("%s: stderr %q, want %q", name, got, want)
		}
	}
	if target, err := os.Readlink(full); err != nil || target != "/dev/full" {
		t.Errorf("the link is now %q, %v", target, err)
	}
}

// The lines of earlier sessions are recalled (Ctrl-P here), from at most
// the file's last historyLimit lines; a longer file is cut to those, and a
// line typed again is not saved twice.
func TestTerminalHistoryRecalled(t *testing.T) {
	name := filepath.Join(t.TempDir(), "history")
	var old []string
	for i := 1; i < 3*historyLimit; i++ {
		old = append(old, fmt.Sprintf("l%d", i))
	}
	old = append(old, "b2")
	if err := os.WriteFile(name, []byte(strings.Join(old, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tm := startTermWith(t, name)
	tm.wait(t, "toy x 1> ")
	tm.send("\x10\r") // the last line: b2
	tm.wait(t, "toy o 1> ")
	tm.send("b2\r") // occupied: an error, and the line saved last
	tm.send("c3\r")
	tm.wait(t, "toy x 2> ")
	tm.send("\x04")
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
	if got := tm.r.s.Plies(); len(got) != 2 || got[0].Text != "b2" || got[1].Text != "c3" {
		t.Errorf("plies %+v", got)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(append(old[len(old)-historyLimit:], "c3"), "\n") + "\n"
	if string(data) != want {
		t.Errorf("history file: %d bytes, %d lines, ends %q", len(data), strings.Count(string(data), "\n"), data[max(0, len(data)-40):])
	}
}

// readHistory reads at most the last maxHistoryBytes: a file of one huge
// line (nothing to keep) or with a huge line before its last lines gives
// those lines, and says the file was not read whole; openHistory then
// rewrites it. /dev/null is not a history file.
func TestReadHistoryBounded(t *testing.T) {
	dir := t.TempDir()
	huge := strings.Repeat("x", 3*maxHistoryBytes)
	for _, c := range []struct {
		text  string
		lines []string
		whole bool
	}{
		{"a\n\n  b  \nc", []string{"a", "b", "c"}, true},
		{huge, nil, false},
		{huge + "\nd\ne\n", []string{"d", "e"}, false},
		{"", nil, true},
	} {
		name := filepath.Join(dir, "h")
		if err := os.WriteFile(name, []byte(c.text), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := openHistoryFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines, whole, err := readHistory(f)
		f.Close()
		if err != nil || whole != c.whole || strings.Join(lines, "|") != strings.Join(c.lines, "|") {
			t.Errorf("%.20q: %q, whole %v, %v", c.text, lines, whole, err)
		}
	}
	name := filepath.Join(dir, "h")
	os.WriteFile(name, []byte(huge+"\nd\ne\n"), 0o600)
	h, lines, err := openHistory(name, nil)
	if err != nil || strings.Join(lines, "|") != "d|e" {
		t.Fatalf("openHistory: %q, %v", lines, err)
	}
	h.close()
	if data, err := os.ReadFile(name); err != nil || string(data) != "d\ne\n" {
		t.Errorf("the file is now %.20q, %v", data, err)
	}
	if _, err := openHistoryFile("/dev/null"); !errors.Is(err, textfile.ErrNotRegular) {
		t.Errorf("/dev/null: %v", err)
	}
}

// Issue 25, item 3: in a study the Right and Left arrow keys, on an empty
// line, step through the game as next and prev do; on a line being typed
// they move the cursor as ever. The prompt says where the study is. Each
// key waits for the prompt (readline itself races on keys typed ahead).
func TestTerminalStudyArrowKeys(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	key := func(k, want string) {
		t.Helper()
		from := len(tm.out.String())
		tm.send(k)
		tm.waitFrom(t, from, want)
	}
	key("b2 a1 c3\r", "toy o 2> ")
	key("study depth 2\r", "toy study 3/3> ")
	key("\x1b[D", "toy study 2/3> ") // Left
	key("\x1b[D", "toy study 1/3> ")
	key("\x1b[D", "toy study 0/3> ")
	key("\x1b[C", "toy study 1/3> ") // Right
	if !strings.Contains(tm.out.String(), "study: ply 1 of 3\n  1. [b2] a1 2. c3\n") {
		t.Errorf("no study at ply 1:\n%s", tm.out.String())
	}
	// On a line being typed, Left moves the cursor: "histoy", Left, "r"
	// is "history".
	key("histoy\x1b[Dr\r", "at ply 1 of 3; redo: a1 c3")
	key("study off\r", "toy o 1> ")
	key("\x1b[D\r", "toy o 1> ") // no study: Left does nothing, the line is empty
	tm.send("\x04")
	// The end of the input too: readline's Close waits for its reader,
	// which a pipe (unlike a terminal) may keep blocked after Ctrl-D.
	tm.in.Close()
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
	if tm.r.s.Cursor() != 1 {
		t.Errorf("cursor %d, want 1", tm.r.s.Cursor())
	}
	if tm.errb.Len() > 0 {
		t.Errorf("stderr %q", tm.errb.String())
	}
}

// Issue 25, item 1: at the terminal 'ai both' shows the game move by move:
// the board after each of the computer's moves (each stays at least the
// pace on the screen, 0 here), not only at the end.
func TestTerminalAIBothMoveByMove(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	tm.send("ai both 1\r")
	tm.wait(t, "toy over> ")
	tm.send("\x04")
	tm.exit(t)
	out := tm.out.String()
	out = out[strings.Index(out, "ai both 1"):]
	moves := regexp.MustCompile(`(?m)^[0-9]+\. [xo] plays `).FindAllStringIndex(out, -1)
	boards := regexp.MustCompile(`(?m)^([xo] to move, move [0-9]+|game over: .*) \(last: `).FindAllStringIndex(out, -1)
	if len(moves) < 5 || len(boards) != len(moves) {
		t.Fatalf("%d moves, %d boards:\n%s", len(moves), len(boards), out)
	}
	for i := range moves {
		if boards[i][0] < moves[i][0] || i+1 < len(moves) && boards[i][0] > moves[i+1][0] {
			t.Errorf("move %d: its board does not come before the next move:\n%s", i+1, out)
		}
	}
}
