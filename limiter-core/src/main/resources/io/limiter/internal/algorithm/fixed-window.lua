-- Fixed window, decided in memory by FixedWindow.java.
-- KEYS[1] the window; ARGV capacity, period_ms, permits, now_ms (< 0: server TIME), max_wait_ms (ignored)[, 'read-only'].
-- Windows are aligned to multiples of period_ms since the epoch. State: n = permits granted in the window of t,
-- t = the time of the last grant; a now before t counts as t, so the window never moves back.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, 0}: the last two the marks of a grant's
-- receipt, the key's time (the window, or the log entries' score, the grant's permits are in) and no debt.
-- A key lives until its state is the same as none, plus CLOCK_SKEW_MS for clients whose clocks differ
-- (counted from the key's time at, which a client whose clock is behind sees later).
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])

--#include /io/limiter/internal/algorithm/fixed-window-state.lua

local allowed, retry_after = 0, 0
if count + permits <= capacity then
  allowed = 1
  count = count + permits
else
  retry_after = window_end - at
end

local reset_after = 0
if count > 0 then
  reset_after = window_end - at
end
if read_only then
  -- a look leaves the key as it is
elseif count > 0 then
  if allowed == 1 and permits > 0 then
    redis.call('HSET', KEYS[1], 'n', count, 't', at)
  end
  redis.call('PEXPIRE', KEYS[1], reset_after + at - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
-- never below 0, though a count stored under a larger capacity may exceed it
return {allowed, math.max(0, capacity - count), retry_after, reset_after, 0, at, 0}
