-- The window of fixed-window.lua and fixed-window-adjust.lua: at (now, or the time of the last write when now is
-- earlier), window_start, window_end, and count (the permits of the window that holds at).
-- Expects period: the window length, or nil for a calendar rate (WindowSchedule.java), whose period argument ARGV[2]
-- lists window boundaries instead (epoch ms, ascending, comma-separated; each window between two neighbours, around
-- the client's clock): the window is the one among them that holds at, and an at outside them is an error.
local state = redis.call('HMGET', KEYS[1], 'n', 't')
local granted_at = tonumber(state[2])
local at = now
if granted_at ~= nil and granted_at > now then
  at = granted_at
end
local window_start, window_end
if period then
  window_start = floordiv(at, period) * period
  window_end = window_start + period
else
  local previous
  for boundary in string.gmatch(ARGV[2], '%d+') do
    boundary = tonumber(boundary)
    if previous ~= nil and previous <= at and at < boundary then
      window_start, window_end = previous, boundary
      break
    end
    previous = boundary
  end
  if window_start == nil then
    error('the calendar windows ' .. ARGV[2] .. ' do not hold the time ' .. int(at) .. ': the clocks differ by more than a window')
  end
end
local count = 0
if granted_at ~= nil and granted_at >= window_start then
  count = tonumber(state[1])
end
