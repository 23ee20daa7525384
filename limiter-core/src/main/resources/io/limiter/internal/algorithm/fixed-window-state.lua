-- The window of fixed-window.lua and fixed-window-adjust.lua: at (now, or the time of the last write when now is
-- earlier), window_end, and count (the permits of the window that holds at).
-- Expects period.
local state = redis.call('HMGET', KEYS[1], 'n', 't')
local granted_at = tonumber(state[2])
local at = now
if granted_at ~= nil and granted_at > now then
  at = granted_at
end
local window_end = (floordiv(at, period) + 1) * period
local count = 0
if granted_at ~= nil and granted_at >= window_end - period then
  count = tonumber(state[1])
end
