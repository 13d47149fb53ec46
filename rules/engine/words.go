package engine

import "fmt"

// Value is a search score as users see it: never an internal number. One
// of Units (an evaluation), Mate (plies to a proven end) or Margin (a final
// margin proven by the game's endgame knowledge) carries it; Text is the
// way FormatScore writes it.
type Value struct {
	Text string `json:"text"`
	// Units is the score in evaluation units (100 = about a piece or a
	// seed) when nothing is proven (nil otherwise).
	Units *int `json:"units,omitempty"`
	// Mate is the number of plies to a proven end: positive when the side
	// wins, negative when it loses (nil when nothing is proven at a known
	// distance).
	Mate *int `json:"mate,omitempty"`
	// Margin is the final margin proven by the game's endgame knowledge
	// (Oware: seeds), positive for a win (nil when not proven that way).
	Margin *int `json:"margin,omitempty"`
}

// ValueOf describes a score.
func ValueOf(score int) Value {
	v := Value{Text: FormatScore(score)}
	if m := MatePlies(score); m != 0 || score >= MateBound || score <= -MateBound {
		v.Mate = &m
		return v
	}
	if m, ok := KnownMargin(score); ok {
		n := KnownUnits(m)
		v.Margin = &n
		return v
	}
	v.Units = &score
	return v
}

// KnownUnits turns a margin of the KnownScore band (in evaluation units,
// with the game's progress term below half a unit) into whole units of
// rules.EvalUnit: Oware's final seed margin.
func KnownUnits(margin int) int {
	const u, half = 100, 50
	if margin >= 0 {
		return (margin + half) / u
	}
	return -((-margin + half) / u)
}

// Words says a proven score in words from the side's view ("wins in 5
// plies", "loses in 4 plies", "wins by 3", "loses by 2"); "" when nothing
// is proven.
func Words(score int) string {
	if m := MatePlies(score); m != 0 || score >= MateBound || score <= -MateBound {
		switch {
		case m > 0:
			return "wins in " + Plies(m)
		case m < 0:
			return "loses in " + Plies(-m)
		}
		return "has won"
	}
	if m, ok := KnownMargin(score); ok {
		n := KnownUnits(m)
		if n > 0 {
			return fmt.Sprintf("wins by %d", n)
		}
		return fmt.Sprintf("loses by %d", -n)
	}
	return ""
}

// Plies writes "1 ply" or "N plies".
func Plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
