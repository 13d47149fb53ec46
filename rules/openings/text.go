package openings

import (
	"fmt"
	"io"
	"strings"

	"boardrepl/rules/engine"
)

// Heading says what the tree holds, in a line: "ataxx: 4 games, 10
// positions up to ply 2 (known by their hash), scored at depth 3".
func (t *Tree) Heading() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s up to ply %d (known by their %s)", t.Describe(), count(t.Games, "game"),
		count(len(t.nodes), "position"), t.Plies, t.KeyKind())
	if t.Depth > 0 {
		fmt.Fprintf(&b, ", scored at depth %d", t.Depth)
	}
	if t.Refused > 0 {
		fmt.Fprintf(&b, "; %s refused", count(t.Refused, "record"))
	}
	return b.String()
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pct writes n of total as a whole percentage: "50%".
func pct(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(total))
}

// WriteNode writes a position and its moves as an opening explorer shows
// them: for each move (the most played first) its games and their share,
// how they ended (the first side's wins, draws, the second side's wins, in
// % of the move's games), the mover's score over the finished games, the
// games' average length and, in a scored tree, the engine's score of the
// position after it from the mover's view:
//
//	ply 0: x5o/7/7/7/7/7/oo3xx x 0 2, red to move, 2 games (red 50%, draws 0%, blue 50%)
//	  move games         red draws  blue   score  length
//	  e1       1  50%     0%    0%  100%      0%    61.0
func (t *Tree) WriteNode(w io.Writer, n *Node) {
	s0, s1 := t.Info.Sides[0], t.Info.Sides[1]
	fmt.Fprintf(w, "ply %d: %s, %s to move, %s (%s %s, draws %s, %s %s", n.Ply, n.Position, t.Info.Sides[n.Side],
		count(n.Games, "game"), s0, pct(n.Wins[0], n.Games), pct(n.Draws, n.Games), s1, pct(n.Wins[1], n.Games))
	if u := n.Unfinished(); u > 0 {
		fmt.Fprintf(w, ", unfinished %s", pct(u, n.Games))
	}
	fmt.Fprint(w, ")")
	if n.Eval != nil {
		fmt.Fprintf(w, ", eval %s at depth %d", engine.FormatScore(n.Eval.Score), n.Eval.Depth)
	}
	fmt.Fprintln(w)
	if len(n.Moves) == 0 {
		if n.Ply == t.Plies {
			fmt.Fprintf(w, "  (the tree ends here, at ply %d)\n", t.Plies)
		} else {
			fmt.Fprintln(w, "  (no move: its games stop here)")
		}
		return
	}
	width := len("move")
	for _, e := range n.Moves {
		width = max(width, len(e.Move))
	}
	wsides := max(len(s0), len(s1), len("draws"), 4)
	head := fmt.Sprintf("  %-*s %5s %4s  %*s %*s %*s  %6s  %6s", width, "move", "games", "", wsides, s0, wsides, "draws", wsides, s1, "score", "length")
	if t.Depth > 0 {
		head += "  eval"
	}
	fmt.Fprintln(w, head)
	for _, e := range n.SortedMoves() {
		score := "-"
		if sc, ok := e.Score(n.Side); ok {
			score = fmt.Sprintf("%.0f%%", 100*sc)
		}
		eval := ""
		if ev, ok := t.MoveEval(e); ok {
			eval = engine.FormatScore(ev.Score)
		}
		line := fmt.Sprintf("  %-*s %5d %4s  %*s %*s %*s  %6s  %6.1f  %s", width, e.Move, e.Games, pct(e.Games, n.Games),
			wsides, pct(e.Wins[0], e.Games), wsides, pct(e.Draws, e.Games), wsides, pct(e.Wins[1], e.Games), score, e.AvgPlies(), eval)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// WriteText writes the heading, then every position reached by at least
// minGames games, in the order of Nodes, a blank line between.
func (t *Tree) WriteText(w io.Writer, minGames int) {
	fmt.Fprintln(w, t.Heading())
	for _, n := range t.Nodes() {
		if n.Games < minGames {
			continue
		}
		fmt.Fprintln(w)
		t.WriteNode(w, n)
	}
}
