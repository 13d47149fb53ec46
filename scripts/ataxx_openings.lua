-- ataxx_openings.lua: an Ataxx opening book, checked.
--
--   boardrepl run scripts/ataxx_openings.lua
--
-- An opening is a name and a move sequence from the start. The book verifies
-- that every opening is legal, finds the openings a game follows, and plays
-- the rest of one. At the REPL prompt, `run scripts/ataxx_openings.lua` with
-- an Ataxx game plays the "single" opening for you (book:play on current()).

local book = openings.new("ataxx")
-- The start: red on a7 and g1, blue on g7 and a1; red moves first.
book:add("single", "f2 f6")                 -- a clone each, next to g1 and g7
book:add("single, jump", "f2 f6 g1e3")      -- then red jumps from g1
book:add("corner jump", {"g1e3", "a1c3"})   -- a table works too
book:add("bad", "f2 b6")                    -- b6 is next to no blue piece

test("the book is legal", function()
  local problems = book:verify()
  -- "bad": blue's clone b6 touches neither g7 nor a1.
  eq(#problems, 1, "one bad opening")
  check(problems[1] and problems[1]:find("bad") ~= nil, "bad is refused: " .. tostring(problems[1]))
end)

test("matching a game", function()
  local g = game("ataxx")
  g:play("f2")
  local names = {}
  for _, m in ipairs(book:match(g)) do names[#names + 1] = m.name end
  table.sort(names)
  -- "bad" is not listed: an opening that is not legal matches nothing
  eq(names, {"single", "single, jump"}, "openings that begin with f2")

  g:play("f6")
  local m = book:match(g)
  eq(#m, 2, "single and single, jump after f2 f6")
  for _, x in ipairs(m) do
    if x.name == "single, jump" then eq(x.next, "g1e3", "the jump comes next") end
    if x.name == "single" then check(x.complete, "single is complete") end
  end
end)

test("playing an opening", function()
  local g = game("ataxx")
  book:play("single, jump", g)
  eq(g:history(), {"f2", "f6", "g1e3"}, "the whole line")
  -- a game that left the opening is refused
  local h = game("ataxx"):play("g1e3")
  raises(function() book:play("single", h) end, "left it", "g1e3 is not in single")
end)

-- Perft from the start, checked against libataxx (fixtures/ataxx/positions.txt).
test("perft", function()
  local g = game("ataxx")
  eq(g:perft(1), 16, "perft 1")
  eq(g:perft(2), 256, "perft 2")
  eq(g:perft(3), 6460, "perft 3")
end)

-- In the REPL, play the opening for the player at the prompt.
if in_repl() and current():id() == "ataxx" then
  book:play("single")
  print("played the single opening: " .. table.concat(current():history(), " "))
end
