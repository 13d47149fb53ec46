package repl

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

func TestLuaCommand(t *testing.T) {
	r, out, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, `lua local g = current(); g:play("b2", "a1"); set_current(g)`); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 2 {
		t.Fatalf("the moves were not played here: cursor %d", r.s.Cursor())
	}
	if err := r.Exec(ctx, "undo 2"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := r.Exec(ctx, `lua print(current():id(), #current():moves())`); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "toy\t9\n" {
		t.Errorf("print: %q", got)
	}
	// set_current with a game from a position replaces the line.
	if err := r.Exec(ctx, `lua set_current(game("toy", "x2/3/3 o"))`); err != nil {
		t.Fatal(err)
	}
	if p := r.s.Game().Position(); p != "x2/3/3 o" || r.s.Cursor() != 0 {
		t.Errorf("position %q, cursor %d", p, r.s.Cursor())
	}
	err := r.Exec(ctx, `lua eq(1, 2, "sums")`)
	if err == nil || err.Error() != "1 check failed" {
		t.Errorf("failed check: %v", err)
	}
}

func TestTerminalCtrlCStopsLua(t *testing.T) {
	tm := startTerm(t)
	tm.wait(t, "toy x 1> ")
	tm.send("lua while true do end\r")
	time.Sleep(150 * time.Millisecond)
	tm.sig <- os.Interrupt
	tm.send("result\r")
	tm.wait(t, "ongoing (x to move)")
	tm.send("\x04")
	tm.exit(t)
	if !strings.Contains(tm.errb.String(), "error: interrupted") {
		t.Errorf("stderr %q", tm.errb.String())
	}
}
