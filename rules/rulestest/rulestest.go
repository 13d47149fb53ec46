// Package rulestest checks the invariants every game must keep, over the
// rules contract only. Game packages call it from their tests.
package rulestest

import (
	"math/rand"
	"strings"
	"testing"

	"boardrepl/rules"
)

// RandomGames plays n random games of at most maxPly plies from start and
// checks at every ply that:
//   - every legal move formats and parses back to itself;
//   - the position string round-trips through the game's parser;
//   - Unplay restores the exact position string, result and move list;
//   - a finished game lists no moves, an ongoing one at least one;
//   - Clone is independent of the original;
//   - the squares a move touches are cells of the board, named in the
//     move's text in order, and after the move the board's Last names them.
func RandomGames(t *testing.T, start rules.Game, n, maxPly int, seed int64) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	info := start.Info()
	for gi := 0; gi < n; gi++ {
		g := start.Clone()
		var trail []string
		for ply := 0; ply < maxPly; ply++ {
			pos := g.Position()
			back, err := info.Parse(g.Options(), pos)
			if err != nil {
				t.Fatalf("game %d ply %d: parse(format) of %q: %v", gi, ply, pos, err)
			}
			if got := back.Position(); got != pos {
				t.Fatalf("game %d ply %d: round trip %q -> %q", gi, ply, pos, got)
			}
			moves := g.Moves(nil)
			res := g.Result()
			if res.Over() != (len(moves) == 0) {
				t.Fatalf("game %d ply %d %q: result %v but %d moves", gi, ply, pos, res, len(moves))
			}
			if res.Over() {
				break
			}
			b := g.Board()
			for _, m := range moves {
				s := g.FormatMove(m)
				pm, err := g.ParseMove(s)
				if err != nil || pm != m {
					t.Fatalf("game %d ply %d %q: move %q parses to %v, %v", gi, ply, pos, s, pm, err)
				}
				rest := s
				for _, sq := range g.MoveSquares(m) {
					i := strings.Index(rest, sq)
					if !b.Has(sq) || i < 0 {
						t.Fatalf("game %d ply %d %q: move %q touches %v, not cells named in its text in order", gi, ply, pos, s, g.MoveSquares(m))
					}
					rest = rest[i+len(sq):]
				}
			}
			m := moves[rng.Intn(len(moves))]
			trail = append(trail, g.FormatMove(m))
			c := g.Clone()
			g.Play(m)
			after := g.Position()
			g.Unplay()
			if got := g.Position(); got != pos {
				t.Fatalf("game %d ply %d: after %v unplay gives %q, want %q", gi, ply, trail, got, pos)
			}
			if g.Result() != res {
				t.Fatalf("game %d ply %d: unplay changed the result %v -> %v", gi, ply, res, g.Result())
			}
			if len(g.Moves(nil)) != len(moves) {
				t.Fatalf("game %d ply %d: unplay changed the move count", gi, ply)
			}
			g.Play(m)
			if got, want := g.Board().Last, g.MoveSquares(m); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("game %d ply %d: after %s the board's last move is %v, want %v", gi, ply, trail[len(trail)-1], got, want)
			}
			if c.Position() != pos {
				t.Fatalf("game %d ply %d: playing on the original changed its clone", gi, ply)
			}
			if g.Position() != after {
				t.Fatalf("game %d ply %d: replaying %s gives %q, then %q", gi, ply, trail[len(trail)-1], after, g.Position())
			}
		}
		// Unwind everything and make sure we are back at the start.
		for g.Ply() > 0 {
			g.Unplay()
		}
		if g.Position() != start.Position() {
			t.Fatalf("game %d: full unwind gives %q, want %q (moves %v)", gi, g.Position(), start.Position(), trail)
		}
	}
}

// PerftAgrees checks the game's fast perft against the generic one.
func PerftAgrees(t *testing.T, g rules.Game, depth int) {
	t.Helper()
	pos := g.Position()
	for d := 0; d <= depth; d++ {
		want := rules.GenericPerft(g, d)
		got := rules.Perft(g, d)
		if got != want {
			t.Errorf("%q depth %d: fast perft %d, generic %d", pos, d, got, want)
		}
		if g.Position() != pos {
			t.Fatalf("%q: perft changed the position to %q", pos, g.Position())
		}
	}
}
