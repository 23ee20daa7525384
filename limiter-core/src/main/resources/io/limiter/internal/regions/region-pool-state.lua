-- The pool of a key of a global limit in a region's Redis (region-spend.lua, region-credit.lua, region-adjust.lua):
-- the permits lent to the region and not yet granted, in ticks (a permit is period_ms ticks), and what the region
-- needs to borrow well. KEYS[1] the pool, a string of fourteen little-endian doubles:
-- epoch, seq (the home's count of the loans that landed in it), held, lease_start, lease_end, borrow_until (an
-- election runs until then), retry_until (the home refused until then), spent and spent_since (the ticks granted
-- since then, for the demand), demand (ticks per ms), latency (ms, election to credit), home_left and home_left_at
-- (the home's bucket as its last answer told), short (1 when the last loan was less than the region asked for: the
-- demand outruns what the home can lend). Times are the region's, in ms. stored tells whether it existed.
local POOL = '<d<d<d<d<d<d<d<d<d<d<d<d<d<d'
local pool_stored = redis.call('GET', KEYS[1])
local epoch, seq, held, lease_start, lease_end, borrow_until, retry_until = 0, 0, 0, 0, 0, 0, 0
local spent, spent_since, demand, latency, home_left, home_left_at, short = 0, now, 0, 0, 0, now, 0
if pool_stored then
  epoch, seq, held, lease_start, lease_end, borrow_until, retry_until, spent, spent_since, demand, latency,
    home_left, home_left_at, short = struct.unpack(POOL, pool_stored)
end

-- Whether the lease of what the pool holds runs now; a clock that stepped back before its start ends it too.
local function lease_runs()
  return lease_start <= now and now < lease_end
end

-- Writes the pool back; it lives as long as its lease, its election or the home's refusal, whichever is last.
local function write_pool()
  local until_ms = math.max(lease_end, borrow_until, retry_until)
  redis.call('SET', KEYS[1], struct.pack(POOL, epoch, seq, held, lease_start, lease_end, borrow_until, retry_until,
    spent, spent_since, demand, latency, home_left, home_left_at, short), 'PX', math.max(1, until_ms - now) + CLOCK_SKEW_MS)
end
