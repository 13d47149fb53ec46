-- tablut_mined.lua: puzzles mined from the Tablut games of fixtures/, then
-- solved.
--
--   boardrepl run scripts/tablut_mined.lua
--
-- mine_puzzles analyses every game (here a quick first pass at depth 2, and
-- the analysis at depth 4, marks confirmed 2 plies deeper, for what it
-- finds), and after each move it marks ? or ?? asks the exact solver for a
-- forced win of the side to move within 3 plies. A position is kept only when
-- the win is unique at every turn, not trivial and not a repeat (see
-- docs/puzzles.md; `boardrepl puzzles` is the same from the shell). Then we
-- solve every puzzle again and replay its solution.

local opts = {scan=2, depth=4, confirm=2, plies=3}
local puzzles = {}
for _, file in ipairs(fixture.files("../fixtures/tablut/games", ".rec")) do
  for _, p in ipairs(mine_puzzles(fixture.records(file), {scan=opts.scan, depth=opts.depth,
      confirm=opts.confirm, plies=opts.plies, file=file})) do
    puzzles[#puzzles + 1] = p
  end
end
print(#puzzles .. " puzzles mined from fixtures/tablut/games/")

test("the mined puzzles are found", function()
  check(#puzzles > 0, "the random games of the challenge server are full of mistakes")
end)

-- check_puzzle solves each one and compares the solver's line with the
-- stored solution; we replay the line and look at the result too.
test("every puzzle solved", function()
  for _, p in ipairs(puzzles) do
    check_puzzle(p)
    local g = p.game:copy()
    local side = g:side()
    g:play(p.solution)
    eq(g:winner(), side, p.name .. ": the side to move wins")
  end
end)

-- The hardest: its board, and every other first move refuted.
test("the hardest, every other first move refuted", function()
  local best = puzzles[1]
  for _, p in ipairs(puzzles) do
    if p.rating.points > best.rating.points then best = p end
  end
  print(best.name .. ": " .. best.goal .. ", " .. best.rating.stars .. " stars")
  print(best.game:board())
  print("solution: " .. table.concat(best.solution, " "))
  local left = #best.solution
  for _, m in ipairs(best.game:moves()) do
    if m ~= best.solution[1] then
      local g = best.game:copy():play(m)
      local wins = g:over() and g:winner() == best.game:side()
      if not wins and left > 1 then
        -- m wins only if every reply leaves a win in the plies left.
        wins = true
        for _, reply in ipairs(g:moves()) do
          local r = g:copy():play(reply)
          if r:over() or not r:solve("win " .. (left - 2) .. " plies").proved then
            wins = false
            break
          end
        end
      end
      check(not wins, best.name .. ": " .. m .. " does not win too")
    end
  end
end)
