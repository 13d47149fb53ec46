-- tablut_puzzle.lua: a Tablut puzzle solved and checked.
--
--   boardrepl run scripts/tablut_puzzle.lua
--
-- The king (d7) cannot reach an edge at once: b7 and f7 hold his own
-- soldiers and d9, d1 are camps. Can white force a win in two moves against
-- any defence? The exact solver (an AND-OR search, no heuristics) proves it
-- and gives the line; we replay the line and check the result.

local g = game("tablut", "9/9/1W1K1W3/9/9/9/9/9/8B w")
print(g:board())

test("no escape in one", function()
  local r = g:solve("win 1")
  check(not r.proved, "white cannot win with his first move")
end)

test("win in two", function()
  local r = g:solve("win 2")          -- two white moves: a horizon of 3 plies
  check(r.proved, "white wins within two moves")
  eq(r.plies, 3, "the shortest win takes 3 plies")
  print("solution: " .. table.concat(r.line, " ") .. "  (" .. r.nodes .. " positions searched)")

  -- Replay the line on a copy and look at the result.
  local c = g:copy()
  c:play(r.line)
  local res = c:result()
  eq(res.winner, "white", "the line ends with white's win")
  check(res.reason:find("king escaped") ~= nil, "by an escape: " .. res.reason)

  -- Every black reply to white's first move loses as fast: try them all.
  local first = g:copy():play(r.line[1])
  for _, reply in ipairs(first:moves()) do
    local after = first:copy():play(reply)
    check(after:solve("win 1").proved, "after " .. r.line[1] .. " " .. reply .. " white escapes at once")
  end
end)

-- The same puzzle as stored in the fixtures, with its expected solution.
test("stored puzzles", function()
  for _, p in ipairs(fixture.puzzles("../fixtures/tablut/puzzles.txt")) do
    check_puzzle(p)
  end
end)

-- An illegal move is an error with the reason, in the game's terms; try()
-- returns it instead of raising.
test("illegal moves explained", function()
  raises(function() g:copy():play("d7-d9") end, "camp", "the king may not enter a camp")
  local ok, why = g:copy():try("d7-a7")
  check(not ok and why ~= nil, "d7-a7 crosses the white soldier on b7: " .. tostring(why))
end)
