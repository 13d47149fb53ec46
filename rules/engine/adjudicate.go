package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
)

// Adjudication by the scores the players report, as cutechess does it
// (-resign, -draw; see its GameAdjudicator): after each move the mover's
// score, from its own view, is counted.

// ResignRule adjudicates a game lost for a player whose score was at or
// below -Score for MoveCount of its moves in a row; with TwoSided, only
// when its opponent's score was also at or above +Score for its last
// MoveCount moves. The zero value is off.
type ResignRule struct {
	MoveCount int
	Score     int
	TwoSided  bool
}

// DrawRule adjudicates a draw when both players' scores were within Score
// of zero for MoveCount moves each (2 MoveCount plies) in a row, once
// MoveNumber full moves (2 MoveNumber plies) have been played. A capture
// (Ataxx: a conversion) starts the count again, as cutechess's captures
// and pawn moves do. The zero value is off.
type DrawRule struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// ParseResignRule reads "movecount=N score=S [twosided=true|false]" (the
// settings separated by spaces or commas).
func ParseResignRule(s string) (ResignRule, error) {
	var r ResignRule
	set, err := ruleSettings(s, []string{"movecount", "score"}, []string{"twosided"})
	if err != nil {
		return r, err
	}
	if r.MoveCount, err = ruleInt(set, "movecount", 1); err != nil {
		return r, err
	}
	if r.Score, err = ruleInt(set, "score", 0); err != nil {
		return r, err
	}
	switch set["twosided"] {
	case "", "false":
	case "true":
		r.TwoSided = true
	default:
		return r, fmt.Errorf("twosided=%s: want true or false", set["twosided"])
	}
	return r, nil
}

// ParseDrawRule reads "movenumber=N movecount=N score=S".
func ParseDrawRule(s string) (DrawRule, error) {
	var r DrawRule
	set, err := ruleSettings(s, []string{"movenumber", "movecount", "score"}, nil)
	if err != nil {
		return r, err
	}
	if r.MoveNumber, err = ruleInt(set, "movenumber", 1); err != nil {
		return r, err
	}
	if r.MoveCount, err = ruleInt(set, "movecount", 1); err != nil {
		return r, err
	}
	r.Score, err = ruleInt(set, "score", 0)
	return r, err
}

// ruleSettings reads KEY=VALUE settings: every key of need, any of may.
func ruleSettings(s string, need, may []string) (map[string]string, error) {
	set := map[string]string{}
	keys := append(slices.Clip(need), may...)
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		k, v, ok := strings.Cut(w, "=")
		switch {
		case !ok:
			return nil, fmt.Errorf("%q is not KEY=VALUE", w)
		case !slices.Contains(keys, k):
			return nil, fmt.Errorf("unknown setting %q (settings: %s)", k, strings.Join(keys, ", "))
		case set[k] != "":
			return nil, fmt.Errorf("%s given twice", k)
		}
		set[k] = v
	}
	for _, n := range need {
		if set[n] == "" {
			return nil, fmt.Errorf("%s=N is missing (want %s)", n, strings.Join(need, "=N ")+"=N")
		}
	}
	return set, nil
}

func ruleInt(set map[string]string, k string, min int) (int, error) {
	n, err := strconv.Atoi(set[k])
	if err != nil || n < min {
		return 0, fmt.Errorf("%s=%s: want a whole number >= %d", k, set[k], min)
	}
	return n, nil
}

func (r ResignRule) String() string {
	s := fmt.Sprintf("movecount=%d score=%d", r.MoveCount, r.Score)
	if r.TwoSided {
		s += " twosided=true"
	}
	return s
}

func (r DrawRule) String() string {
	return fmt.Sprintf("movenumber=%d movecount=%d score=%d", r.MoveNumber, r.MoveCount, r.Score)
}

// MoveEval is what a player said of one of its moves: its search's depth
// and score (the mover's view, in the evaluation's unit: 100 a piece), a
// proven end, a book move; and the time it took on the match's clock.
type MoveEval struct {
	Moved  bool // the ply was a player's move (not an opening ply or a forced pass)
	Scored bool // the player reported a score
	Depth  int
	Score  int
	Mate   int // plies to an end the search proved: > 0 the mover wins, < 0 it loses
	Book   bool
	Time   time.Duration
}

// mateScore is the score a proven end counts as for adjudication.
const mateScore = rules.EvalLimit

// adjScore is the score adjudication reads: a proven end as ±mateScore.
func (e MoveEval) adjScore() int {
	switch {
	case e.Mate > 0:
		return mateScore
	case e.Mate < 0:
		return -mateScore
	}
	return e.Score
}

// searchEval is the MoveEval of a search: its depth and its score, a
// proven end in plies and an end proven by the game's endgame knowledge
// as its final margin (as the UAI engine reports them).
func searchEval(i Info, book bool) MoveEval {
	e := MoveEval{Scored: true, Depth: i.Depth, Score: i.Score, Book: book, Mate: MatePlies(i.Score)}
	if m, ok := KnownMargin(i.Score); ok {
		e.Score = rules.EvalUnit * KnownUnits(m)
	}
	return e
}

// adjudicator follows a game's scores. Its counts are by player (1, 2):
// in Konobi a player may change sides.
type adjudicator struct {
	resign    ResignRule
	draw      DrawRule
	drawCount int
	lowCount  [3]int // moves in a row at or below -resign.Score
	highCount [3]int // moves in a row at or above +resign.Score
}

// verdict is an adjudication: a player resigns (1 or 2), or a draw (-1).
type verdict int

// add counts a move of player pl (eval: what it said; a move with no
// score, an opening ply or a book move, starts its counts again), after
// which plies plies have been played; captured says the move captured.
func (a *adjudicator) add(pl int, e MoveEval, plies int, captured bool) verdict {
	if captured {
		a.drawCount = 0
	}
	if !e.Scored || e.Book || e.Depth <= 0 {
		a.drawCount, a.lowCount[pl], a.highCount[pl] = 0, 0, 0
		return 0
	}
	s := e.adjScore()
	if a.draw.MoveCount > 0 {
		if abs(s) <= a.draw.Score {
			a.drawCount++
		} else {
			a.drawCount = 0
		}
		if plies/2 >= a.draw.MoveNumber && a.drawCount >= 2*a.draw.MoveCount {
			return -1
		}
	}
	if r := a.resign; r.MoveCount > 0 {
		if s <= -r.Score {
			a.lowCount[pl]++
		} else {
			a.lowCount[pl] = 0
		}
		if s >= r.Score {
			a.highCount[pl]++
		} else {
			a.highCount[pl] = 0
		}
		if a.lowCount[pl] >= r.MoveCount && (!r.TwoSided || a.highCount[3-pl] >= r.MoveCount) {
			return verdict(pl)
		}
	}
	return 0
}

// resignReason and drawReason say why, for the game's record.
func (a *adjudicator) resignReason(side string) string {
	s := fmt.Sprintf("adjudication: %s resigns, its score at or below %d for %d moves", side, -a.resign.Score, a.resign.MoveCount)
	if a.resign.TwoSided {
		s += fmt.Sprintf(", its opponent's at or above %d", a.resign.Score)
	}
	return s
}

func (a *adjudicator) drawReason() string {
	return fmt.Sprintf("adjudication: a draw, both scores within %d of 0 for %d moves each after move %d", a.draw.Score, a.draw.MoveCount, a.draw.MoveNumber)
}
