-- GCRA (generic cell rate algorithm), decided in memory by Gcra.java.
-- KEYS[1] the theoretical arrival time (TAT); ARGV capacity, period_ms, permits, now_ms (< 0: server TIME), max_wait_ms[, 'read-only'].
-- Ticks as in token-bucket.lua: a permit is period_ms ticks and capacity ticks pass per ms. The debt is how far the
-- TAT lies ahead of now, in ticks; the key decides exactly as a token bucket holding capacity * period_ms - debt
-- ticks. State: the TAT's whole ms and the rest in ticks (0 <= rest < capacity), so that an epoch time is never
-- multiplied by the capacity, and the time of the last write: a now before it counts as it.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, debt}: the last two the marks of a grant's
-- receipt, the key's time and the ticks it owes after the decision.
-- A key lives until its state is the same as none, plus CLOCK_SKEW_MS for clients whose clocks differ; only a
-- grant writes, as nothing else moves the TAT or the time it ends.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local max_wait = tonumber(ARGV[5])

--#include /io/limiter/internal/algorithm/gcra-state.lua
local owed = debt + permits * period
local allowed, remaining, retry_after, delay = 0, 0, 0, 0
if owed <= full then
  allowed = 1
  debt = owed
  remaining = floordiv(full - debt, period)
else
  local wait = ceildiv(owed - full, capacity)
  if max_wait > 0 and wait <= max_wait then
    allowed = 1
    debt = owed
    delay = wait
  else
    retry_after = wait
    remaining = floordiv(math.max(full - debt, 0), period)
  end
end

local reset_after = ceildiv(debt, capacity)
if read_only then
  -- a look leaves the key as it is
elseif reset_after == 0 then
  if stored then
    redis.call('DEL', KEYS[1])
  end
elseif allowed == 1 and permits > 0 then
  write(debt)
end
return {allowed, remaining, retry_after, reset_after, delay, at, debt}
