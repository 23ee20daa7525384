-- The counts of sliding-window-counter.lua and sliding-window-counter-adjust.lua: at (now, or the time of the last
-- write when now is earlier), elapsed (ms since the start of at's window), current and previous (the permits of at's
-- window and of the one before).
-- Expects period.
local state = redis.call('HMGET', KEYS[1], 'c', 'p', 't')
local granted_at = tonumber(state[3])
local at = now
if granted_at ~= nil and granted_at > now then
  at = granted_at
end
local window = floordiv(at, period)
local elapsed = at - window * period
local current, previous = 0, 0
if granted_at ~= nil then
  local granted_window = floordiv(granted_at, period)
  if granted_window == window then
    current = tonumber(state[1])
    previous = tonumber(state[2])
  elseif granted_window == window - 1 then
    previous = tonumber(state[1])
  end
end

-- How long after at the counts still matter: until the current window's permits have slid out of the next one.
local function reset_after_of(current, previous)
  if current > 0 then
    return 2 * period - elapsed
  elseif previous > 0 then
    return period - elapsed
  end
  return 0
end
