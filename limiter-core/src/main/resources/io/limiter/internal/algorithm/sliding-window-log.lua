-- Sliding window log, decided in memory by SlidingWindowLog.java.
-- KEYS[1] the log; ARGV capacity, period_ms, permits, now_ms (< 0: server TIME), max_wait_ms (ignored)[, 'read-only'].
-- A sorted set with one member per granted permit, scored by the time of its grant; members are "time:i", i counting
-- the permits granted at that time. A permit counts while now - period_ms < time. The newest grant is the key's
-- time: a now before it counts as it, so grants are added in time order and the window never moves back. Entries
-- that left the window are removed only when permits are granted, so at most capacity entries are kept.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, 0}: the last two the marks of a grant's
-- receipt, the key's time (the window, or the log entries' score, the grant's permits are in) and no debt.
-- A key lives until its state is the same as none, plus CLOCK_SKEW_MS for clients whose clocks differ
-- (counted from the key's time at, which a client whose clock is behind sees later).
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])

--#include /io/limiter/internal/algorithm/sliding-window-log-state.lua

local allowed, retry_after = 0, 0
if count + permits <= capacity then
  allowed = 1
  if permits > 0 then
    if read_only then
      -- multi-rate.lua deciding every rate before it writes any: count as if added
      count = count + permits
      newest = at
    else
      add(permits)
    end
  end
else
  -- The request fits once the oldest permits that are too many have left the window.
  local blocking = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. outside, '+inf', 'WITHSCORES', 'LIMIT',
    count + permits - capacity - 1, 1)
  retry_after = tonumber(blocking[2]) + period - at
end

local reset_after = 0
if count > 0 then
  reset_after = newest + period - at
end
if read_only then
  -- a look leaves the key as it is
elseif count > 0 then
  redis.call('PEXPIRE', KEYS[1], reset_after + at - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
-- never below 0, though a log stored under a larger capacity may hold more
return {allowed, math.max(0, capacity - count), retry_after, reset_after, 0, at, 0}
