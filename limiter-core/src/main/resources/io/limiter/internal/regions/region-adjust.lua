-- What a region does to its pool of a key outside decisions and borrows.
-- KEYS[1] the pool (region-pool-state.lua); ARGV capacity, period_ms, ticks, now_ms (< 0: server TIME), operation,
-- epoch, lease_end_ms (the marks of a grant's receipt, for a refund).
-- 'drain': the pool gives up what it holds (before an admin operation applies at the home); epoch and seq stay.
-- 'refund': a grant's ticks go back into the pool, while it is the pool of the grant's epoch and lease.
-- 'look': changes nothing.
-- Returns {held_ticks before the operation, lease_remaining_ms, epoch, seq, low_water_ticks}.
local period = tonumber(ARGV[2])
local ticks = tonumber(ARGV[3])
local operation = ARGV[5]

--#include /io/limiter/internal/regions/region-pool-state.lua

if not pool_stored or not lease_runs() then
  return {0, 0, epoch, seq, period}
end
local before = held
if operation == 'drain' and held > 0 then
  held = 0
  write_pool()
elseif operation == 'refund' and epoch == tonumber(ARGV[6]) and lease_end == tonumber(ARGV[7]) then
  held = held + ticks
  write_pool()
end
return {before, lease_end - now, epoch, seq, math.max(period, math.ceil(demand * latency))}
