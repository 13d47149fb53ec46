package oware

import (
	"strings"
	"testing"

	"boardrepl/rules"
)

// cycle finds a capture-free sequence of at most n plies that brings g back
// to its position (depth-first, moves in letter order).
func cycle(g *Game, start string, n int, path []rules.Move) []rules.Move {
	if len(path) > 0 && g.Position() == start {
		return path
	}
	if len(path) == n {
		return nil
	}
	for _, m := range g.Moves(nil) {
		before := g.p.score
		g.Play(m)
		if g.p.score == before { // no capture: the position may come back
			if c := cycle(g, start, n, append(path, m)); c != nil {
				g.Unplay()
				return c
			}
		}
		g.Unplay()
	}
	return nil
}

// Under the default abapa endings a position that repeats since the last
// capture ends the game by indetermination, each player taking his own
// row; end=abapa-literal plays on (the seed's literal reading).
func TestRepetitionEndsTheGame(t *testing.T) {
	const start = "0,0,0,0,0,1/1,0,0,0,1,0 23 22 n" // circled for ever in a peer's game
	lit, err := Parse(rules.Options{"end": "abapa-literal"}, start)
	if err != nil {
		t.Fatal(err)
	}
	path := cycle(lit, start, 24, nil)
	if path == nil {
		t.Fatal("no cycle found")
	}
	def, _ := Parse(nil, start)
	for i, m := range path {
		if r := def.Result(); r.Over() {
			t.Fatalf("over after %d of %d plies: %+v", i, len(path), r)
		}
		def.Play(m)
		lit.Play(m)
	}
	r := def.Result()
	if !r.Over() || !strings.Contains(r.Reason, "repeated") {
		t.Fatalf("back at %s after %d plies: %+v, want the end by repetition", start, len(path), r)
	}
	// Each takes his own row: north 23 + 1, south 22 + 2.
	if r.Score != "24-24" || r.Status != rules.Draw {
		t.Errorf("score %s status %v, want 24-24, a draw", r.Score, r.Status)
	}
	if len(def.Moves(nil)) != 0 {
		t.Errorf("moves listed after the end")
	}
	if r := lit.Result(); r.Over() {
		t.Errorf("abapa-literal ended: %+v", r)
	}
	// Undo takes the end back.
	def.Unplay()
	if def.Result().Over() {
		t.Errorf("still over after undo")
	}
	if got := lit.Options()["end"]; got != "abapa-literal" {
		t.Errorf("options %v", lit.Options())
	}
}
