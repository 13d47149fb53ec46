package analysis

import (
	"fmt"
	"strconv"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/record"
)

// The annotations of an analysis, written into a record as lichess writes
// its annotated games: every judged move gets its score and the depth it
// was searched to in a comment, { [%eval 0.17,6] } (from the first side's
// view, in pieces or seeds: 1.00 is rules.EvalUnit; #3 a win in 3 moves of
// the side that wins, #-3 a loss; the depth after the comma, as lichess's
// chessops and python-chess read it); a marked move gets its glyph (? is
// NAG $2, ?? $4), a comment { (0.17 → -1.20) Mistake. e2 was best. } with
// the scores of that same depth and the engine's line as a variation
// (e2 a3 ...).

// Note is the annotation of a judged move: nothing for a forced pass.
func Note(p Ply) record.Annotation {
	var a record.Annotation
	if p.Forced {
		return a
	}
	if p.Mark != "" {
		a.Glyph = p.Mark
		kind := "Mistake"
		if p.Mark == "??" {
			kind = "Blunder"
		}
		why := kind + "."
		if p.Note != "" {
			why = kind + ": " + p.Note + "."
		}
		a.After = append(a.After, fmt.Sprintf("(%s → %s) %s %s was best.", EvalText(p.BestScore, p.Side), EvalText(p.Score, p.Side), why, p.Best))
		if len(p.PV) > 0 {
			v := make([]record.Move, len(p.PV))
			for i, m := range p.PV {
				v[i].Text = m
			}
			a.Variations = append(a.Variations, v)
		}
	}
	if e := EvalText(p.Score, p.Side); e != "" {
		if p.At > 0 {
			e += "," + strconv.Itoa(p.At)
		}
		a.After = append(a.After, "[%eval "+e+"]")
	}
	return a
}

// EvalText writes a score of side's move from the first side's view, as
// lichess's [%eval] does: "0.17", "-1.20", "#3" (a win in 3 moves of the
// side that wins), "#-2"; "" for a result proven by the game's endgame
// tables (its margin is not a score).
func EvalText(score, side int) string {
	if side == 1 {
		score = -score
	}
	if m := engine.MatePlies(score); m != 0 || score >= engine.MateBound || score <= -engine.MateBound {
		moves := (abs(m) + 1) / 2
		if m < 0 {
			return "#-" + strconv.Itoa(moves)
		}
		return "#" + strconv.Itoa(moves)
	}
	if _, ok := engine.KnownMargin(score); ok {
		return ""
	}
	return strconv.FormatFloat(float64(score)/rules.EvalUnit, 'f', 2, 64)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Annotate adds a judged move's note to m: the mark replaces m's glyph, the
// comments and the variation come after m's own.
func Annotate(m *record.Move, p Ply) {
	n := Note(p)
	if n.Glyph != "" {
		m.Glyph = n.Glyph
	}
	m.After = append(m.After, n.After...)
	m.Variations = append(m.Variations, n.Variations...)
}

// Heading is the game comment an annotated record starts with: the
// analysis's limits and the scale of its scores.
func (o Options) Heading(g rules.Game) string {
	s := fmt.Sprintf("boardrepl analysis at %s", o.limits(g))
	if deep := o.confirmText(g); deep != "" {
		s += ", marks confirmed at " + deep
	}
	return s + fmt.Sprintf("; [%%eval SCORE,DEPTH] from %s's view, 1.00 = %d units (about a piece or a seed)", g.SideName(0), rules.EvalUnit)
}
