local function r(...)
  local t = {}
  for i = 1, select('#', ...) do
    local v = (select(i, ...))
    t[#t+1] = type(v) == "string" and '"' .. v .. '"' or tostring(v)
  end
  return table.concat(t, " | ")
end
for _, c in ipairs(dofile("lua51_cases.lua")) do
  local f = assert(loadstring("return " .. c))
  print(c .. "\t=>\t" .. r(f()))
end
