-- Sliding window counter, decided in memory by SlidingWindowCounter.java.
-- KEYS[1] the counters; ARGV capacity, period_ms, permits, now_ms (< 0: server TIME), max_wait_ms (ignored)[, 'read-only'].
-- Windows are aligned to multiples of period_ms since the epoch. The sliding window holds the current window's
-- count plus the previous window's count weighted by the part of it still inside the sliding window, all in
-- permit-milliseconds: allow iff previous * (period - elapsed) + (current + permits) * period <= capacity * period.
-- State: c = permits granted in the window of t, p = permits granted in the window before it, t = the time of the
-- last grant; a now before t counts as t.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, 0}: the last two the marks of a grant's
-- receipt, the key's time (the window, or the log entries' score, the grant's permits are in) and no debt.
-- A key lives until its state is the same as none, plus CLOCK_SKEW_MS for clients whose clocks differ
-- (counted from the key's time at, which a client whose clock is behind sees later).
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])

--#include /io/limiter/internal/algorithm/sliding-window-counter-state.lua

-- Both sides stay below capacity * period, so the comparison is exact.
local weighted = previous * (period - elapsed)
local room = capacity - current - permits
local allowed, retry_after = 0, 0
if room >= 0 and weighted <= room * period then
  allowed = 1
  current = current + permits
else
  -- Within this window once the previous count has decayed enough, else in a later window.
  local decayed = 0
  if room >= 0 then
    decayed = floordiv(room * period, previous)
  end
  if decayed > 0 then
    retry_after = period - decayed - elapsed
  else
    local into_next = 0
    if current > 0 then
      into_next = math.max(0, period - floordiv((capacity - permits) * period, current))
    end
    retry_after = period - elapsed + into_next
  end
end

local reset_after = reset_after_of(current, previous)
if read_only then
  -- a look leaves the key as it is
elseif reset_after > 0 then
  if allowed == 1 and permits > 0 then
    redis.call('HSET', KEYS[1], 'c', current, 'p', previous, 't', at)
  end
  redis.call('PEXPIRE', KEYS[1], reset_after + at - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
-- never below 0, though counts stored under a larger capacity may exceed it
return {allowed, math.max(0, capacity - current - ceildiv(weighted, period)), retry_after, reset_after, 0, at, 0}
