-- konobi_check.lua: checks of Konobi's rules against the referee's verdicts.
--
--   boardrepl run scripts/konobi_check.lua
--
-- fixtures/konobi/positions.txt holds the reference referee's verdicts: whether a
-- placement is legal (and why), who has won, whether a side must pass.

local positions = fixture.positions("../fixtures/konobi/positions.txt")

test("legality", function()
  local n = 0
  for _, p in ipairs(positions) do
    local f = p.facts
    if f.legal then
      local ok, why = p.game:legal(f.legal)
      check(ok, p.where .. ": " .. f.legal .. " is legal (" .. f.why .. "), we say: " .. tostring(why))
      n = n + 1
    elseif f.illegal then
      local ok, why = p.game:legal(f.illegal)
      check(not ok, p.where .. ": " .. f.illegal .. " is illegal (" .. f.why .. ")")
      n = n + 1
    end
  end
  check(n > 50, "the file has legality cases (" .. n .. ")")
end)

test("winners", function()
  for _, p in ipairs(positions) do
    if p.facts.winner then
      eq(p.game:winner() or "none", p.facts.winner, p.where .. ": winner")
    end
  end
end)

-- A small game played by hand: the pie rule, then a win.
test("pie rule and a win on 3x3", function()
  local g = game("konobi", {size = 3})
  g:play("b2")
  local ok = g:legal("swap")
  check(ok, "white may swap after the first stone")
  g:play("swap")
  -- the players exchange colours: the next stone is white, placed by the
  -- player who moved first
  eq(g:side(), "white", "white to place after the swap")
  eq(g:at("b2"), "B", "the black stone stays")
end)

-- The referee's recorded games replay to the recorded winner.
test("referee games", function()
  for _, file in ipairs(fixture.files("../fixtures/konobi/games", ".rec")) do
    local rec = fixture.record(file)
    local g = fixture.game(file)
    local want = ({["1-0"] = "black", ["0-1"] = "white"})[rec.tags.Result]
    eq(g:winner(), want, file .. ": winner")
  end
end)
