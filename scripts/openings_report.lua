-- openings_report.lua: an opening report from the fixture games.
--
--   boardrepl run scripts/openings_report.lua
--
-- openings.tree reads game records (any format boardrepl reads) and returns
-- the tree of their first plies: every position, and for each move played
-- there the games, how they ended and how long they lasted. This script
-- prints the first moves of the Tablut fixture games, then checks the tree
-- of the four games cuteataxx-cli played against counts made by hand.

-- percent: "67%", or "-" when nothing is finished
local function pct(x) return x and string.format("%3.0f%%", x) or "  -" end

-- The report: each start position and the moves played from it, the most
-- played first, with the mover's score and the side that won how often.
local function report(t, title)
  print(string.format("%s: %d games, %d positions up to ply %d", title, t.games, #t.positions, t.plies))
  for _, p in ipairs(t.positions) do
    if p.ply == 0 then
      print(string.format("  from %s (%s to move, %d games)", p.position, p.side, p.games))
      for _, m in ipairs(p.moves) do
        local wins = {}
        for side, n in pairs(m.side_wins) do wins[#wins + 1] = side .. " " .. n end
        table.sort(wins)
        print(string.format("    %-6s %3d %s  score %s  %s, draws %d  avg %.1f plies",
          m.move, m.games, m.games == 1 and "game " or "games", pct(m.score), table.concat(wins, ", "), m.draws, m.avg_plies))
      end
    end
  end
end

local tablut = openings.tree(fixture.files("../fixtures/tablut/games", ".rec"), {plies = 4})
report(tablut, "Tablut fixture games")

test("the Tablut tree adds up", function()
  eq(tablut.game, "tablut", "the game")
  eq(#tablut.refused, 0, "every record is added")
  eq(tablut.games, #fixture.files("../fixtures/tablut/games", ".rec"), "a game a file")
  -- Each position: its games won, drawn or unfinished; no more games
  -- played its moves than reached it; within the plies asked.
  local bad = {}
  for _, p in ipairs(tablut.positions) do
    local played = 0
    for _, m in ipairs(p.moves) do played = played + m.games end
    if p.side_wins.white + p.side_wins.black + p.draws + p.unfinished ~= p.games or played > p.games or p.ply > 4 then
      bad[#bad + 1] = p.position
    end
  end
  eq(bad, {}, "positions whose counts do not add up")
  local start = tablut.at(game("tablut"))
  eq(start.games, tablut.games, "every game starts from the start position")
end)

-- cuteataxx.pgn: four games cuteataxx-cli played (see fixtures/README.md).
-- Counted by hand from the file: two start from x5o/7/7/7/7/7/oo3xx, where
-- red (x, first to move) won after e2 (65 moves and blue's forced pass: 66
-- plies) and blue won after e1 (61); two from x5o/7/7/7/7/o6/o4xx, red
-- won after g2 (54), blue after e1 (58).
local ataxx = openings.tree("../fixtures/ataxx/games/cuteataxx.pgn", {plies = 2})
report(ataxx, "cuteataxx games")

test("the cuteataxx tree, counted by hand", function()
  eq({ataxx.game, ataxx.games, #ataxx.positions, ataxx.key}, {"ataxx", 4, 10, "hash"}, "4 games, 2 + 4 + 4 positions")
  local a = ataxx.at(game("ataxx", "x5o/7/7/7/7/7/oo3xx x 0 2"))
  eq(a.games, 2, "two games from the first start")
  local by = {}
  for _, m in ipairs(a.moves) do by[m.move] = m end
  eq({by.e2.games, by.e2.wins, by.e2.losses, by.e2.score, by.e2.plies}, {1, 1, 0, 100, 66}, "e2: red won")
  eq({by.e1.games, by.e1.wins, by.e1.losses, by.e1.score, by.e1.plies}, {1, 0, 1, 0, 61}, "e1: red lost")
  eq(by.e1.side_wins, {red = 0, blue = 1}, "e1 by side")
  -- A position is found whatever its move counters (Ataxx's clocks).
  local b = ataxx.at(game("ataxx", "x5o/7/7/7/7/o6/o4xx x 7 9"))
  eq(b and b.position, "x5o/7/7/7/7/o6/o4xx x 0 2", "the second start, other clocks")
  local g = game("ataxx", "x5o/7/7/7/7/o6/o4xx x 0 2"):play("g2")
  local after = ataxx.at(g)
  eq({after.ply, after.side, after.moves[1].move, after.moves[1].wins}, {1, "blue", "b1", 0}, "after g2: blue's b1, and blue lost")
  eq(ataxx.at(game("ataxx")), nil, "the usual start is in no cuteataxx game")
end)
