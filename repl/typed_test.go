package repl

import (
	"context"
	"strings"
	"testing"
)

// At the prompt a word that names a command is the command even where it
// could be a move (Oware's d, here the toy game's cell d with letters=on):
// typed by a person, d draws the board and says how to play the move (issue
// 25 item 5). The same line read from a pipe or a file plays it
// (repl_piped_pits.txtar shows it in Oware), and one that is no move there
// fails with the reason.
func TestTypedDIsTheCommand(t *testing.T) {
	r, out, errb := newToy(t, "letters=on")
	if err := r.Exec(context.Background(), "d"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 0 {
		t.Errorf("d typed at the prompt played a move: %v", r.s.Played())
	}
	want := `("d" is the command 'd': draw the board and print its position string (uai's d); to play the move type 'play d')`
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "position: 3/3/3 x\n") {
		t.Errorf("output:\n%s", out.String())
	}

	if code := r.runPiped(context.Background(), strings.NewReader("d\n"), false); code != 0 {
		t.Fatalf("piped d: exit %d: %s", code, errb.String())
	}
	if got := r.s.Played(); len(got) != 1 || got[0] != "d" {
		t.Errorf("piped d played %v, want d", got)
	}
	if code := r.runPiped(context.Background(), strings.NewReader("d\n"), false); code != 1 || errb.String() != "line 1: move \"d\": d is occupied\n" {
		t.Errorf("piped d again: exit %d, stderr %q", code, errb.String())
	}
}

// clear alone clears a terminal's screen, and changes nothing else.
func TestClearAloneClearsTheScreen(t *testing.T) {
	r, out, _ := newToy(t)
	r.screen = true
	if err := r.Exec(context.Background(), "b2"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := r.Exec(context.Background(), "clear"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "\x1b[H\x1b[2J" {
		t.Errorf("clear wrote %q", got)
	}
	if r.s.Cursor() != 1 || r.editing {
		t.Errorf("clear changed the game: cursor %d, editing %v", r.s.Cursor(), r.editing)
	}
}
