-- The end of a region's borrow: the home's answer lands in the region's pool.
-- KEYS[1] the pool (region-pool-state.lua), KEYS[2] the region's fallback share of the key (the bucket of
-- token-bucket.lua, of share_capacity per period). ARGV capacity, period_ms, lent_ticks, now_ms (< 0: server TIME),
-- lease_ms, epoch, seq (the snapshot's), home_seq (the home's record after the loan), elected_at_ms, spent_ticks (the
-- snapshot's), home_left_ticks, retry_ms (> 0: the home refused), share_capacity, wanted_ticks (what the region asked
-- for: a loan of less marks the pool short).
-- A loan lands only in the pool of the snapshot's epoch and seq, and only while its lease, counted from the election,
-- runs: held grows by lent, the lease starts at the election and ends lease - margin after it, the demand and latency
-- estimates move halfway to this borrow's, and the fallback share is charged with the loan's permits (down to a debt
-- of one share). A refusal sets retry_until. Either frees the election.
-- Returns {landed (1, or 0 when the loan is lost), lost_ticks}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local lent = tonumber(ARGV[3])
local lease = tonumber(ARGV[5])
local elected_at = tonumber(ARGV[9])
local snapshot_spent = tonumber(ARGV[10])
local retry_ms = tonumber(ARGV[12])

--#include /io/limiter/internal/regions/region-pool-state.lua

if not pool_stored or epoch ~= tonumber(ARGV[6]) or seq ~= tonumber(ARGV[7]) then
  return {0, lent}
end
home_left = tonumber(ARGV[11])
home_left_at = now
borrow_until = 0
if retry_ms > 0 then
  retry_until = now + retry_ms
  write_pool()
  return {1, 0}
end
local margin = math.max(10, floordiv(lease, 100))
local new_end = elected_at + lease - margin
if new_end <= now then
  write_pool()
  return {0, lent}
end
held = held + lent
short = (lent < tonumber(ARGV[14])) and 1 or 0
seq = tonumber(ARGV[8])
lease_start = elected_at
lease_end = new_end
retry_until = 0
if elected_at > spent_since then
  local observed = snapshot_spent / (elected_at - spent_since)
  demand = (demand > 0) and (demand + observed) / 2 or observed
  spent = spent - snapshot_spent
  spent_since = elected_at
end
local took = math.max(1, now - elected_at)
latency = (latency > 0) and (latency + took) / 2 or took
write_pool()

if lent > 0 then
  -- the fallback share, the state of token-bucket.lua: refilled, then charged with the loan's permits
  local share = tonumber(ARGV[13])
  local share_full = share * period
  local share_stored = redis.call('GET', KEYS[2])
  local ticks, updated = share_full, now
  if share_stored then
    ticks, updated = struct.unpack('<d<d', share_stored)
    ticks = math.min(ticks + math.max(0, now - updated) * share, share_full)
    updated = math.max(now, updated)
  end
  ticks = math.max(ticks - ceildiv(lent, period) * period, -share_full)
  redis.call('SET', KEYS[2], struct.pack('<d<d', ticks, updated), 'PX',
    ceildiv(share_full - ticks, share) + updated - now + CLOCK_SKEW_MS)
end
return {1, 0}
