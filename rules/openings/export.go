package openings

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"boardrepl/rules/engine"
)

// Balanced returns the positions that end the tree's lines (those first
// reached at its last ply) that at least minGames games reached and that
// the engine scores within band units of an even game (a proven result is
// never balanced), the most played first: the openings of a fair match.
// The tree must be scored (Evaluate).
func (t *Tree) Balanced(band, minGames int) ([]*Node, error) {
	if t.Depth == 0 {
		return nil, errors.New("the positions are not scored (give --depth D): a balanced opening is one the engine scores near 0")
	}
	var out []*Node
	for _, n := range t.Nodes() {
		if n.Ply != t.Plies || n.Games < minGames || n.Eval == nil {
			continue
		}
		if v := engine.ValueOf(n.Eval.Score); v.Units != nil && *v.Units >= -band && *v.Units <= band {
			out = append(out, n)
		}
	}
	slices.SortStableFunc(out, func(a, b *Node) int { return cmp.Compare(b.Games, a.Games) })
	return out, nil
}

// WriteOpenings writes positions as an openings file for match --openings:
// comment lines saying what it is (heading), then one position string a
// line.
func WriteOpenings(w io.Writer, heading string, nodes []*Node) error {
	bw := bufio.NewWriter(w)
	for _, h := range strings.Split(heading, "\n") {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, n := range nodes {
		fmt.Fprintln(bw, n.Position)
	}
	return bw.Flush()
}

// BookEntry is a position of an opening book and its move.
type BookEntry struct {
	Position, Move string
	// Scored: Score (from the side to move's view: the engine's score of
	// the position after the move) and Depth are the engine's.
	Scored       bool
	Score, Depth int
}

// Book returns an opening book of the tree: for every position with
// moves that at least minGames games reached, the move that scored best
// for the side that played it (wins, and half the draws, over the finished
// games that played it), among the moves at least minGames games played;
// of two that scored alike, the one played more, then the one the engine
// scores higher, then the first in byte order. Positions are in the order
// of Nodes.
func (t *Tree) Book(minGames int) []BookEntry {
	var out []BookEntry
	for _, n := range t.Nodes() {
		if n.Games < minGames {
			continue
		}
		var best *Edge
		var bestScore float64
		for _, e := range n.SortedMoves() {
			sc, ok := e.Score(n.Side)
			if !ok || e.Games < minGames {
				continue
			}
			if best == nil || sc > bestScore || sc == bestScore && t.better(e, best) {
				best, bestScore = e, sc
			}
		}
		if best == nil {
			continue
		}
		be := BookEntry{Position: n.Position, Move: best.Move}
		if ev, ok := t.MoveEval(best); ok {
			be.Scored, be.Score, be.Depth = true, ev.Score, ev.Depth
		}
		out = append(out, be)
	}
	return out
}

// better breaks a tie of scores between moves a and b, b first in the
// order of SortedMoves: a is better only when played as often and the
// engine scores it higher.
func (t *Tree) better(a, b *Edge) bool {
	if a.Games != b.Games {
		return false
	}
	ea, oka := t.MoveEval(a)
	eb, okb := t.MoveEval(b)
	return oka && (!okb || ea.Score > eb.Score)
}

// WriteBook writes an opening book as engine.LoadBook reads it (the
// format of Oware's book.txt): comment lines saying what it is (heading),
// then position;move;score;depth, or position;move for an entry the engine
// did not score.
func WriteBook(w io.Writer, heading string, entries []BookEntry) error {
	bw := bufio.NewWriter(w)
	for _, h := range strings.Split(heading, "\n") {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, e := range entries {
		if e.Scored {
			fmt.Fprintf(bw, "%s;%s;%d;%d\n", e.Position, e.Move, e.Score, e.Depth)
		} else {
			fmt.Fprintf(bw, "%s;%s\n", e.Position, e.Move)
		}
	}
	return bw.Flush()
}
