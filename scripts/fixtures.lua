-- fixtures.lua: walk every fixture file and check the facts it states.
--
--   boardrepl run scripts/fixtures.lua
--
-- positions.txt files state facts about positions (perft counts, legal-move
-- counts and lists, results, legality of a move, forced passes); *.rec files
-- are game records whose tags state the result and the final board; and
-- puzzles.txt files hold puzzles with their solutions. The facts come from
-- reference implementations or hand-checked rules (each file says which), so
-- a failure here is a bug in boardrepl until proven otherwise.

local root = "../fixtures"

-- sorted copy of a list
local function sorted(t)
  local c = {}
  for i, v in ipairs(t) do c[i] = v end
  table.sort(c)
  return c
end

local function split(s, sep)
  local out = {}
  for part in string.gmatch(s, "[^" .. sep .. "]+") do out[#out + 1] = part end
  return out
end

-- Each fact key has a checker. g is the position's game, v the stated value.
local facts = {
  moves = function(g, v, where) eq(#g:moves(), v, where .. ": number of legal moves") end,
  legal = function(g, v, where)
    if g:id() == "oware" then
      -- oware: the list of legal pits, as letters
      eq(sorted(g:moves()), sorted(split(v, ",")), where .. ": legal moves")
    else
      -- konobi: a placement the referee accepts
      local ok, why = g:legal(v)
      check(ok, where .. ": " .. v .. " should be legal (" .. tostring(why) .. ")")
    end
  end,
  illegal = function(g, v, where)
    local ok = g:legal(v)
    check(not ok, where .. ": " .. v .. " should be illegal")
  end,
  result = function(g, v, where)
    local r = g:result()
    local got = r.over and (r.winner or "draw") or "ongoing"
    eq(got, v, where .. ": result")
  end,
  winner = function(g, v, where)
    local w = g:winner() or "none"
    eq(w, v, where .. ": winner")
  end,
  must_pass = function(g, v, where)
    local ms = g:moves()
    local passes = (#ms == 1 and ms[1] == "pass")
    eq(passes and "yes" or "no", v, where .. ": must pass")
  end,
}
-- informational keys: where a position comes from
local ignore = { game = true, ply = true, why = true }

test("positions", function()
  for _, file in ipairs(fixture.files(root, "positions.txt")) do
    for _, p in ipairs(fixture.positions(file)) do
      for _, key in ipairs(p.fact_order) do
        local v = p.facts[key]
        local depth = key:match("^perft(%d+)$")
        if depth then
          eq(p.game:perft(tonumber(depth)), v, p.where .. ": " .. key)
        elseif facts[key] then
          facts[key](p.game, v, p.where)
        elseif not ignore[key] then
          fail(p.where .. ": unknown fact " .. key)
        end
      end
    end
  end
end)

-- Game records: replay, then compare with the Result, FinalBoard and Score
-- tags.
test("games", function()
  for _, file in ipairs(fixture.files(root, ".rec")) do
    local rec = fixture.record(file)
    local g = fixture.game(file)
    local r = g:result()
    local token = "*"
    if r.over then
      token = ({ [0] = "1-0", [1] = "0-1" })[r.winner_index] or "1/2-1/2"
    end
    eq(token, rec.tags.Result, file .. ": result")
    if rec.tags.FinalBoard then
      eq(g:position():match("^%S+"), rec.tags.FinalBoard, file .. ": final board")
    end
    if rec.tags.Score then
      eq(r.score, rec.tags.Score, file .. ": final score")
    end
    -- undo walks back to the start exactly
    g:undo(#g:history())
    eq(g:position(), g:start(), file .. ": undo back to the start")
  end
end)

test("puzzles", function()
  for _, file in ipairs(fixture.files(root, "puzzles.txt")) do
    for _, p in ipairs(fixture.puzzles(file)) do
      check_puzzle(p)
    end
  end
end)
