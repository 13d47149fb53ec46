-- oware_puzzle.lua: Oware puzzles, solved and checked.
--
--   boardrepl run scripts/oware_puzzle.lua
--
-- North (A-F) to move. A position string lists North's pits A..F, South's
-- G..L, the two scores and the side to move.

-- North's only seed in A falls into G, which then holds 2: a capture. With
-- one seed left nobody can ever capture again, so each side takes his row.
local g = game("oware", "1,0,0,0,0,0/1,0,0,0,0,1 23 22 n")
print(g:board())

test("the last capture wins", function()
  local r = g:solve("win 1")
  check(r.proved, "North wins with one move")
  eq(r.line, {"A"}, "by sowing A")
  local c = g:copy():play("A")
  eq(c:captured(), {"G"}, "G is captured")
  local res = c:result()
  eq(res.winner, "north", "North wins")
  eq(res.score, "25-23", "after each side took his row")
end)

test("capture goals", function()
  check(g:solve("capture 2 in 1").proved, "two seeds in one move")
  check(not g:solve("capture 3 in 1").proved, "not three")
end)

test("stored puzzles", function()
  for _, p in ipairs(fixture.puzzles("../fixtures/oware/puzzles.txt")) do
    check_puzzle(p)
  end
end)

-- A pit's content is a number; at() also names its owner.
test("pits", function()
  local s = game("oware")
  local seeds, owner = s:at("A")
  eq(seeds, 4, "four seeds in A at the start")
  eq(owner, "north", "A is North's")
  s:play("A")
  eq(s:at("A"), 0, "A is empty after it is sown")
  eq(s:at("G"), 5, "G got a seed")
  raises(function() s:play("B") end, "", "South moves now: B is not his")
end)
