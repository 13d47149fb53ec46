package puzzle

import (
	"context"
	"fmt"
	"math"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/solve"
)

// Rating is how hard a puzzle is, from three measures:
//
//   - Moves: the solver's moves in the solution (1 for a win in one);
//   - Branching: the legal moves at the solver's turns along the solution,
//     on average (how many there are to choose from);
//   - Depth: how deep the engine's selective search (as the playing engines
//     and the analysis search, from an empty table) must go before it
//     chooses the solution's first move and keeps it at every depth after,
//     up to FindLimit or to the depth where it proves the win and stops;
//     FindLimit+1 when it does not end on that move (a capture goal the
//     engine does not value above the rest, a win it sees late).
//
// Points = Depth + 2·(Moves−1) + ⌊log2(Branching)/2⌋, and Stars groups
// them: 1 star up to 4 points, 2 stars from 5 to 8, 3 stars from 9 on. A win
// in one among 60 moves that the engine finds at depth 1 has 1+0+2 = 3
// points (one star); a win in two among 30 found at depth 2 has 2+2+2 = 6
// (two stars); a win in three among 30 found at depth 3, 3+4+2 = 9 (three).
type Rating struct {
	Moves     int
	Branching float64
	Depth     int
	Points    int
	Stars     int
}

// FindLimit is the deepest search of Rate: the solution's length plus 4
// plies, at most 12.
func FindLimit(plies int) int { return min(plies+4, 12) }

// Stars groups points: 1, 2 or 3.
func Stars(points int) int {
	switch {
	case points >= 9:
		return 3
	case points >= 5:
		return 2
	}
	return 1
}

// String writes the rating's terms: "9 points (3 stars): 3 moves,
// branching 30.0, found at depth 3"; "1 star", "1 move".
func (r Rating) String() string {
	stars, moves := "stars", "moves"
	if r.Stars == 1 {
		stars = "star"
	}
	if r.Moves == 1 {
		moves = "move"
	}
	return fmt.Sprintf("%d points (%d %s): %d %s, branching %.1f, found at depth %d", r.Points, r.Stars, stars, r.Moves, moves, r.Branching, r.Depth)
}

// Rate rates a sound puzzle: g at its position (not changed), its goal and
// its solution, with e a selective engine (analysis.NewEngine(false, 1)).
func Rate(ctx context.Context, e *engine.Engine, g rules.Game, goal solve.Goal, solution []string) (Rating, error) {
	var r Rating
	c := g.Clone()
	attacker := c.SideToMove()
	sum := 0
	for _, text := range solution {
		if c.SideToMove() == attacker {
			r.Moves++
			sum += len(c.Moves(nil))
		}
		m, err := c.ParseMove(text)
		if err != nil {
			return r, err
		}
		c.Play(m)
	}
	if r.Moves > 0 {
		r.Branching = float64(sum) / float64(r.Moves)
	}
	limit := FindLimit(goal.Plies)
	r.Depth = limit + 1
	e.NewGame()
	_, err := e.Search(ctx, g, engine.Limits{Depth: limit}, func(i engine.Info) {
		switch {
		case len(i.PVText) == 0 || i.PVText[0] != solution[0]:
			r.Depth = limit + 1
		case r.Depth > limit:
			r.Depth = i.Depth
		}
	})
	if err != nil {
		return r, err
	}
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	r.Points = r.Depth + 2*(r.Moves-1)
	if r.Branching >= 1 {
		r.Points += int(math.Floor(math.Log2(r.Branching) / 2))
	}
	r.Stars = Stars(r.Points)
	return r, nil
}
