-- A decision of a global limit in a region: taken from the region's pool, the counterpart of token-bucket.lua.
-- KEYS[1] the pool (region-pool-state.lua); ARGV capacity, period_ms, need_ticks, now_ms (< 0: server TIME),
-- lock_ms (how long an election runs), safety factor in thousandths, a fresh epoch (for a pool that does not exist).
-- A pool whose lease has ended is dropped (dropped_ticks); when the pool holds the cost and its lease runs, the cost is
-- taken. When the pool then holds less than its low-water mark (the safety factor times demand times latency, at
-- least the cost and one permit), no borrow runs and the home's last refusal has passed, this caller is elected to
-- borrow for the region.
-- Returns {taken_ticks, remaining, retry_ms, reset_ms, elected, epoch, seq, held_ticks, spent_ticks, spent_since_ms,
-- demand in ticks per 1000 ms, latency_ms, now_ms, dropped_ticks, low_water_ticks, lease_end_ms, refused (1 while the
-- home's last refusal stands), short (1 when the last loan was less than asked)}: the epoch and the lease end are the
-- marks of a grant's receipt.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local need = tonumber(ARGV[3])
local lock_ms = tonumber(ARGV[5])
local safety = tonumber(ARGV[6]) / 1000

--#include /io/limiter/internal/regions/region-pool-state.lua

local full = capacity * period
local changed = false
if not pool_stored then
  epoch = tonumber(ARGV[7])
  changed = true
end
local dropped = 0
if held > 0 and not lease_runs() then
  dropped = held
  held = 0
  changed = true
end
local taken = 0
if need > 0 and held >= need and lease_runs() then
  held = held - need
  spent = spent + need
  taken = need
  changed = true
end

local low_water = math.max(need, period, math.ceil(safety * demand * latency))
local elected = 0
if held < low_water and borrow_until <= now and retry_until <= now then
  borrow_until = now + lock_ms
  elected = 1
  changed = true
end

-- what the two-tier local tier estimates: the pool and the home's last bucket, refilled since, at most full
local home_now = math.min(full, home_left + math.max(0, now - home_left_at) * capacity)
local estimate = math.min(full, held + home_now)
local retry = 0
if taken < need then
  if retry_until > now then
    retry = retry_until - now
  else
    retry = math.max(1, math.ceil(latency))
  end
end
if changed then
  write_pool()
end
return {taken, floordiv(estimate, period), retry, ceildiv(full - estimate, capacity), elected, epoch, seq, held,
  spent, spent_since, math.floor(demand * 1000), math.ceil(latency), now, dropped, low_water, lease_end,
  (retry_until > now) and 1 or 0, short}
