-- Token bucket, decided in memory by TokenBucket.java.
-- KEYS[1] the bucket; ARGV capacity, period_ms, permits, now_ms (< 0: server TIME), max_wait_ms[, 'read-only'].
-- State: the ticks (a permit is period_ms ticks; capacity ticks are added per ms) and the ms of the last update.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, debt}: the last two the marks of a grant's
-- receipt, the key's time and the ticks it owes after the decision.
-- A key lives until its bucket is full again, plus CLOCK_SKEW_MS for clients whose clocks differ. A denial
-- or a look (no permits) writes nothing: refill is linear, so the bucket counted later from the stored time is the
-- same, and the key's time stays that of its last grant, as in every algorithm.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local max_wait = tonumber(ARGV[5])

--#include /io/limiter/internal/algorithm/token-bucket-state.lua

local cost = permits * period
local allowed, remaining, retry_after, delay = 0, 0, 0, 0
if ticks >= cost then
  ticks = ticks - cost
  allowed = 1
  remaining = floordiv(ticks, period)
else
  local wait = ceildiv(cost - ticks, capacity)
  if max_wait > 0 and wait <= max_wait then
    ticks = ticks - cost
    allowed = 1
    delay = wait
  else
    retry_after = wait
    remaining = floordiv(math.max(ticks, 0), period)
  end
end

local reset_after = ceildiv(full - ticks, capacity)
if read_only then
  -- a look leaves the key as it is
elseif reset_after > 0 then
  if allowed == 1 and permits > 0 then
    write(reset_after)
  end
elseif stored then
  redis.call('DEL', KEYS[1])
end
return {allowed, remaining, retry_after, reset_after, delay, updated, full - ticks}
