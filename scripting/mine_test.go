package scripting

import (
	"regexp"
	"testing"
)

// TestMinePuzzles: g:puzzles and mine_puzzles on the hand-checked game of
// the puzzles transcripts (docs/rules/tablut-ashton.md: the king walks from
// c2, where c1 was an escape, to c3, and d5-d3 takes him between b3 and d3,
// the only win; f8-f7's capture is the move ordering's first).
func TestMinePuzzles(t *testing.T) {
	code := `
local rec = record.parse([[
[Game "tablut"]
[Position "9/5B3/6WB1/9/3B5/9/1B7/2K6/9 w"]
[White "Anna"]

1. c2-c3 *
]])
local ps, counts = mine_puzzles({rec, rec}, {file="hand.rec"})
eq(#ps, 1, "the second record repeats the first")
eq(counts, {records=2, marked=2, puzzles=1, refused={no_goal=0, over_budget=0, not_unique=0, trivial=0,
  unconfirmed=0, no_turn=0, ["repeat"]=1, path_dependent=0}}, "counts")
local p = ps[1]
eq(p.goal, "win 1", "goal")
eq(p.solution, {"d5-d3"}, "solution")
eq(p.game:position(), "9/5B3/6WB1/9/3B5/9/1BK6/9/9 b", "position")
eq(p.ply, 1, "ply")
eq(p.tags.Mistake, "c2-c3??", "mistake")
eq(p.tags.White, "Anna", "player")
eq(p.tags.SourceFile, "hand.rec", "file")
eq(p.rating.moves, 1, "moves")
check(p.rating.stars >= 1 and p.rating.stars <= 3, "stars")
check_puzzle(p)
eq(mine_puzzles(rec)[1].solution, {"d5-d3"}, "one record table")
local untagged = record.parse('[Position "9/5B3/6WB1/9/3B5/9/1B7/2K6/9 w"]\n\n1. c2-c3 *\n')
eq(#mine_puzzles(untagged, {game="tablut"}), 1, "a record without a Game tag, with game=")
eq(record.game(untagged, "tablut"):ply(), 1, "record.game with the game id")

local g = record.game(rec)
local qs = g:puzzles{plies=3, scan=2}
eq(#qs, 1, "g:puzzles")
check(qs[1].text:find('%[Goal "win 1"%]') ~= nil, "the text is a puzzle record")
local again = record.parse(qs[1].text)
eq(again.moves, {"d5-d3"}, "the text reads back")

local trivial = game("tablut", "9/9/9/9/3B5/9/1B7/2K6/9 w"):play("c2-c3")
local none, c = trivial:puzzles()
eq(#none, 0, "trivial")
eq(c.refused.trivial, 1, "counted as trivial")
raises(function() mine_puzzles({1}) end, "records[1]: want a record table", "not a record")
raises(function() g:puzzles{plies=0} end, "plies: want a whole number from 1 to 64", "bad plies")
`
	out, errs, st := run(t, code)
	if st != 0 || !regexp.MustCompile(`(?m)^23 passed, 0 failed$`).MatchString(out) {
		t.Fatalf("status %d\n%s\n%s", st, out, errs)
	}
}
