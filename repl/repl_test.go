package repl

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"boardrepl/repl/internal/toygame"
	"boardrepl/repl/session"
	"boardrepl/rules"
)

func init() { toygame.Register() }

func newToy(t *testing.T, opts ...string) (*REPL, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	s, err := session.New(toygame.Info, opts, "")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	r := newREPL(s, &out, &errb)
	r.now = func() time.Time { return time.Date(2025, 1, 31, 0, 0, 0, 0, time.UTC) }
	return r, &out, &errb
}

func TestPipedStopsAtFirstError(t *testing.T) {
	r, out, errb := newToy(t)
	code := r.runPiped(context.Background(), strings.NewReader("a1\n\n# comment\nb1 c3\nzz9\nundo\n"), false)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if got := errb.String(); got != "line 5: move \"zz9\": not a square: want a1..c3\n" {
		t.Errorf("stderr %q", got)
	}
	if r.s.Cursor() != 3 {
		t.Errorf("cursor %d, want 3 (undo must not run)", r.s.Cursor())
	}
	if strings.Contains(out.String(), "\x1b[") {
		t.Error("colour in piped output")
	}
}

func TestPipedKeepGoing(t *testing.T) {
	r, _, errb := newToy(t)
	code := r.runPiped(context.Background(), strings.NewReader("a1\nundp\na1\nundo\nquit\nb1\n"), true)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := "line 2: unknown command \"undp\" (did you mean undo?)\nline 3: move \"a1\": a1 is occupied\n"
	if errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	if r.s.Cursor() != 0 {
		t.Errorf("cursor %d: quit must stop before b1", r.s.Cursor())
	}
}

func TestNearest(t *testing.T) {
	for in, want := range map[string]string{"undp": "undo", "hisotry": "history", "hel": "help", "histroy": "history", "qiut": "quit", "sav": "save"} {
		got := nearest(in)
		if len(got) == 0 || got[0] != want {
			t.Errorf("nearest(%q) = %v, want %s first", in, got, want)
		}
	}
	// Two edits make zz "go" or "ai": too many for a word of two letters.
	for _, w := range []string{"zzzzzz", "zz", "xyzzy"} {
		if got := nearest(w); got != nil {
			t.Errorf("nearest(%s) = %v", w, got)
		}
	}
}

func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if seen[n] {
				t.Errorf("name %q used twice", n)
			}
			seen[n] = true
		}
		if c.Summary == "" || c.Help == "" || c.Run == nil || c.Group == "" {
			t.Errorf("command %s lacks a summary, help, group or handler", c.Name)
		}
	}
}

func TestComplete(t *testing.T) {
	r, _, _ := newToy(t)
	for _, c := range []struct {
		before string
		want   string
	}{
		{"hist", "history"},
		{"a", "a1 a2 a3 agree ai analyse"},
		{"b", "b1 b2 b3 boardsize"},
		{"a1 b", "b1 b3"}, // after a1 is played on a copy, o to move
		{"new ", "first= first=o first=x letters= letters=off letters=on slow= slow=off slow=on toy ttt"},
		{"new toy fi", "first= first=o first=x"},
		{"help re", "recall redo reset resign result"},
		{"set ", "a1 a2 a3 b1 b2 b3 c1 c2 c3"},
		{"side ", "o x"},
		{"zz ", ""},
	} {
		got := strings.Join(r.Complete(c.before), " ")
		if c.before == "help re" {
			got = strings.Join(filterPrefix(r.Complete(c.before), "re"), " ")
		}
		if got != c.want {
			t.Errorf("Complete(%q) = %q, want %q", c.before, got, c.want)
		}
	}
	// Files.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "game1.txt"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "games"), 0o755)
	got := strings.Join(r.Complete("load "+dir+"/ga"), " ")
	if want := dir + "/game1.txt " + dir + "/games/"; got != want {
		t.Errorf("file completion %q, want %q", got, want)
	}
	// The readline side: endings, with a space after a whole word.
	lines, n := completer{r}.Do([]rune("hist"), 4)
	if n != 4 || len(lines) != 1 || string(lines[0]) != "ory " {
		t.Errorf("Do(hist) = %q, %d", lines, n)
	}
}

func filterPrefix(s []string, p string) []string {
	var out []string
	for _, x := range s {
		if strings.HasPrefix(x, p) {
			out = append(out, x)
		}
	}
	return out
}

// term runs the readline front end on a fake terminal fed with input.
type term struct {
	r       *REPL
	out     *syncBuffer
	errb    *bytes.Buffer
	in      *io.PipeWriter
	sig     chan os.Signal
	done    chan int
	history string
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startTerm(t *testing.T, opts ...string) *term {
	t.Helper()
	return startTermWith(t, filepath.Join(t.TempDir(), "state", "history"), opts...)
}

// startTermWith is startTerm with the history file history.
func startTermWith(t *testing.T, history string, opts ...string) *term {
	t.Helper()
	r, _, errb := newToy(t, opts...)
	pr, pw := io.Pipe()
	tm := &term{r: r, out: &syncBuffer{}, errb: errb, in: pw, sig: make(chan os.Signal, 1), done: make(chan int, 1),
		history: history}
	r.out = tm.out
	go func() {
		tm.done <- r.runTerminal(terminalConfig{stdin: pr, stdout: tm.out, history: tm.history, fake: true, interrupts: tm.sig})
	}()
	return tm
}

func (tm *term) send(s string) { tm.in.Write([]byte(s)) }

// wait waits for the output to contain s.
func (tm *term) wait(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(tm.out.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %q in output:\n%s", s, tm.out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitFrom waits for the output after its first from bytes to contain s.
func (tm *term) waitFrom(t *testing.T, from int, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(tm.out.String()[from:], s) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %q in output after byte %d:\n%s", s, from, tm.out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (tm *term) exit(t *testing.T) int {
	t.Helper()
	select {
	case c := <-tm.done:
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("the REPL did not exit; output:\n%s", tm.out.String())
	}
	return -1
}

func TestTerminalPlayAndCtrlD(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	if !strings.Contains(tm.out.String(), "boardrepl: Toy (toy).") {
		t.Errorf("no banner:\n%s", tm.out.String())
	}
	tm.send("b2\r")
	tm.wait(t, "toy o 1> ")
	tm.send("a1\r")
	tm.wait(t, "toy x 2> ")
	tm.send("\x04") // Ctrl-D on an empty line
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
	if !strings.Contains(tm.out.String(), "[o]") {
		t.Errorf("the last move is not marked:\n%s", tm.out.String())
	}
	// The history file holds the lines typed.
	data, err := os.ReadFile(tm.history)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != "b2\na1\n" {
		t.Errorf("history file %q", data)
	}
}

func TestTerminalTabCompletesMove(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	tm.send("hist\t\r") // completes to "history "
	tm.wait(t, "no moves yet")
	tm.send("c\t3\r") // "c" has several candidates; then typed 3
	tm.wait(t, "toy o 1> ")
	tm.send("quit\r")
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
	if got := tm.r.s.Plies(); len(got) != 1 || got[0].Text != "c3" {
		t.Errorf("line %+v", got)
	}
}

func TestTerminalCtrlCAtPrompt(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	tm.send("a2\x03") // Ctrl-C drops the line being typed
	tm.send("\x03")   // at an empty prompt it explains how to leave
	tm.wait(t, "(type quit or press Ctrl-D to leave)")
	tm.send("result\r")
	tm.wait(t, "ongoing (x to move)")
	tm.send("\x04")
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
	if tm.r.s.Cursor() != 0 {
		t.Error("a line cancelled by Ctrl-C was played")
	}
}

func TestTerminalCtrlCStopsPerft(t *testing.T) {
	tm := startTerm(t, "slow=on")
	tm.wait(t, "toy x 1> ")
	tm.send("perft 9\r")
	time.Sleep(150 * time.Millisecond)
	tm.sig <- os.Interrupt
	// perft 9 on the slow toy game plays about a million moves at 20us or
	// more each, so the prompt answering within wait's 10 s proves that
	// Ctrl-C stopped it; no tighter timer, which a loaded machine would break.
	tm.send("result\r")
	tm.wait(t, "ongoing (x to move)")
	tm.send("\x04")
	tm.exit(t)
	// The depths done are shown, and how far the last one got.
	if !strings.Contains(tm.errb.String(), "error: interrupted at depth ") || !strings.Contains(tm.errb.String(), "nodes so far") {
		t.Errorf("stderr %q", tm.errb.String())
	}
	if !strings.Contains(tm.out.String(), "perft 1: 9") {
		t.Errorf("no depth shown before Ctrl-C: %q", tm.out.String())
	}
}

func TestPerftCounts(t *testing.T) {
	r, out, _ := newToy(t)
	// x may take the centre, o may not: perft 2 = 9*8 - 8 (o cannot answer
	// on b2 after x took a corner or edge) = 64.
	for _, line := range []string{"perft 0", "perft 1", "perft 2"} {
		if err := r.Exec(context.Background(), line); err != nil {
			t.Fatal(err)
		}
	}
	// perft N prints every depth up to N as it completes.
	if got := out.String(); got != "perft 0: 1\nperft 1: 9\nperft 1: 9\nperft 2: 64\n" {
		t.Errorf("got %q", got)
	}
	g := r.s.Game()
	n, err := rules.PerftContext(context.Background(), g.Clone(), 6)
	if err != nil || n != rules.GenericPerft(g, 6) {
		t.Errorf("rules.PerftContext(6) = %d, %v; want %d", n, err, rules.GenericPerft(g, 6))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := rules.PerftContext(ctx, g.Clone(), 6); err == nil {
		t.Error("a cancelled count did not stop")
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.txt")
	r, out, _ := newToy(t)
	ctx := context.Background()
	for _, l := range []string{"a1 b1 a2", "save " + file} {
		if err := r.Exec(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(file)
	want := "[Game \"toy\"]\n[Date \"2025.01.31\"]\n[X \"?\"]\n[O \"?\"]\n[Result \"*\"]\n\n1. a1 b1 2. a2 *\n"
	if string(data) != want {
		t.Errorf("record:\n%s\nwant:\n%s", data, want)
	}
	if err := r.Exec(ctx, "save "+file); err == nil || !strings.Contains(err.Error(), "exists: type 'save! ") {
		t.Errorf("save over a file: %v", err)
	}
	if err := r.Exec(ctx, "c2 a3"); err != nil {
		t.Fatal(err)
	}
	if err := r.Exec(ctx, "save! "+file); err != nil {
		t.Fatal(err)
	}
	if err := r.Exec(ctx, "new"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := r.Exec(ctx, "load "+file); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 5 || !r.s.Game().Result().Over() {
		t.Errorf("after load: cursor %d, result %v", r.s.Cursor(), r.s.Game().Result())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
	// A position string and a plain move list load too.
	os.WriteFile(filepath.Join(dir, "p.txt"), []byte("x2/3/2o o\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "m.txt"), []byte("c3 c2\nb1\n"), 0o644)
	if err := r.Exec(ctx, "load "+filepath.Join(dir, "p.txt")); err != nil {
		t.Fatal(err)
	}
	if got := r.s.Game().Position(); got != "x2/3/2o o" {
		t.Errorf("position %q", got)
	}
	if err := r.Exec(ctx, "load "+filepath.Join(dir, "m.txt")); err != nil {
		t.Fatal(err)
	}
	if got := r.s.Game().Position(); got != "x1o/2x/1oo x" {
		t.Errorf("after a move list from the start of the line: %q", got)
	}
	os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("a1\nb2 a1\n"), 0o644)
	err := r.Exec(ctx, "load "+filepath.Join(dir, "bad.txt"))
	if err == nil || !strings.HasSuffix(err.Error(), `bad.txt: line 2: move 3 "a1": a1 is occupied`) {
		t.Errorf("bad load: %v", err)
	}
}

// A Lua chunk left open continues at a ">> " prompt until complete, as the
// standalone Lua prompt does; Ctrl-C at ">> " drops it.
func TestTerminalLuaContinues(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	tm.send("lua for i = 1, 2 do\r")
	tm.wait(t, ">> ")
	tm.send("print(i * 10)\r")
	tm.wait(t, ">> ")
	tm.send("end\r")
	tm.wait(t, "20")
	tm.wait(t, "toy x 1> ")
	tm.send("lua local t = {\r")
	tm.wait(t, ">> ")
	tm.send("\x03")
	tm.wait(t, "(the unfinished Lua chunk is dropped)")
	tm.wait(t, "toy x 1> ")
	tm.send("lua = 6 * 7\r")
	tm.wait(t, "42")
	tm.send("quit\r")
	if c := tm.exit(t); c != 0 {
		t.Errorf("exit %d", c)
	}
}
