-- The home lends a key's global budget to a region: on the bucket of token-bucket.lua (same state, same refill).
-- KEYS[1] the bucket, KEYS[2] the loans: a hash of one field per region, four little-endian doubles each: epoch, seq,
-- outstanding ticks, lease_end_ms (the home's clock). ARGV capacity, period_ms, want_ticks (< 0: give back), now_ms
-- (< 0: server TIME), need_ticks, region, epoch, seq, held_ticks (the region's pool at the snapshot), lease_ms,
-- ceiling_ticks.
-- Loans whose lease has ended are reclaimed: dropped, their headroom free again (their ticks stay debited: they may
-- have been spent). The fence: a region's live record of the same epoch and another seq refuses the lend until its
-- lease ends (the loan issued for the earlier snapshot may still land). Otherwise it lends
-- lent = min(want, bucket, ceiling - other regions' outstanding - held), in whole permits, when that is at least need, nothing
-- otherwise, and records (epoch, seq + 1, held + lent, now + lease).
-- A give-back credits min(given, outstanding) of the record of the same epoch, up to a full bucket.
-- Returns {lent_ticks (negative: given back), seq after, retry_ms, bucket_ticks, fenced, reclaimed regions, then
-- per reclaimed region its name and ticks}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local need = tonumber(ARGV[5])
local region = ARGV[6]
local epoch = tonumber(ARGV[7])
local seq = tonumber(ARGV[8])
local held = tonumber(ARGV[9])
local lease = tonumber(ARGV[10])
local ceiling = tonumber(ARGV[11])

--#include /io/limiter/internal/algorithm/token-bucket-state.lua

local LOAN = '<d<d<d<d'
local records = redis.call('HGETALL', KEYS[2])
local others, earliest, last_end = 0, nil, 0
local own = nil
local reclaimed = {}
for i = 1, #records, 2 do
  local e, s, out, lease_end = struct.unpack(LOAN, records[i + 1])
  if lease_end <= now then
    redis.call('HDEL', KEYS[2], records[i])
    table.insert(reclaimed, records[i])
    table.insert(reclaimed, math.floor(out))
  elseif records[i] == region then
    own = { e, s, out, lease_end }
  else
    others = others + out
    earliest = math.min(earliest or lease_end, lease_end)
    last_end = math.max(last_end, lease_end)
  end
end

local function answer(lent, seq_after, retry, fenced)
  local reply = { lent, seq_after, retry, ticks, fenced, #reclaimed / 2 }
  for _, v in ipairs(reclaimed) do
    table.insert(reply, v)
  end
  return reply
end

local function keep_loans(own_end)
  local until_ms = math.max(last_end, own_end)
  if until_ms > now then
    redis.call('PEXPIRE', KEYS[2], until_ms - now + CLOCK_SKEW_MS)
  end
end

local function write_bucket()
  local reset_after = ceildiv(full - ticks, capacity)
  if reset_after > 0 then
    write(reset_after)
  elseif stored then
    redis.call('DEL', KEYS[1])
  end
end

if want < 0 then
  if own == nil or own[1] ~= epoch then
    return answer(0, seq, 0, 0)
  end
  local given = math.min(-want, own[3])
  ticks = math.min(full, ticks + given)
  redis.call('HSET', KEYS[2], region, struct.pack(LOAN, own[1], own[2], own[3] - given, own[4]))
  write_bucket()
  return answer(-given, own[2], 0, 0)
end

if own ~= nil and own[1] == epoch and own[2] ~= seq then
  return answer(0, seq, math.max(1, own[4] - now), 1)
end

-- whole permits only: a part of a permit in a pool could never be granted
local lent = floordiv(math.min(want, math.max(ticks, 0), ceiling - others - held), period) * period
if lent < need or lent < 0 then
  local retry
  if ticks < need then
    retry = ceildiv(need - ticks, capacity)
  else
    retry = (earliest ~= nil) and (earliest - now) or 1
  end
  return answer(0, seq, math.max(1, retry), 0)
end
ticks = ticks - lent
write_bucket()
redis.call('HSET', KEYS[2], region, struct.pack(LOAN, epoch, seq + 1, held + lent, now + lease))
keep_loans(now + lease)
return answer(lent, seq + 1, 0, 0)
