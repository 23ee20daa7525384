-- What the home holds of a key of a global limit, for RegionalBackend.loans: writes nothing.
-- KEYS[1] the bucket of token-bucket.lua, KEYS[2] the loans (token-bucket-lend.lua); ARGV capacity, period_ms, 0,
-- now_ms (< 0: server TIME).
-- Returns {bucket_ticks, then per live loan its region, outstanding ticks and lease_remaining_ms}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])

--#include /io/limiter/internal/algorithm/token-bucket-state.lua

local reply = { ticks }
local records = redis.call('HGETALL', KEYS[2])
for i = 1, #records, 2 do
  local _, _, out, lease_end = struct.unpack('<d<d<d<d', records[i + 1])
  if lease_end > now then
    table.insert(reply, records[i])
    table.insert(reply, math.floor(out))
    table.insert(reply, lease_end - now)
  end
end
return reply
