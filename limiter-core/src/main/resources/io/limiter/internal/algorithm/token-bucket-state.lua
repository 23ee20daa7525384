-- The bucket of token-bucket.lua and token-bucket-borrow.lua, read and refilled up to now: full, ticks, updated,
-- and stored (whether the key exists). The key is a string of two little-endian doubles: the ticks and the ms they
-- were counted at (struct packs and unpacks them exactly, where text would cost a format on every write).
-- Expects capacity and period.
local full = capacity * period
local stored = redis.call('GET', KEYS[1])
local ticks, updated = full, now
if stored then
  ticks, updated = struct.unpack('<d<d', stored)
  -- more than a full bucket when the ticks were stored under a larger capacity
  ticks = math.min(ticks, full)
  if now > updated then
    if now - updated >= ceildiv(full - ticks, capacity) then
      ticks = full
    else
      ticks = ticks + (now - updated) * capacity
    end
    updated = now
  end
end

-- Writes ticks and updated back; the key lives until the bucket is full by the clock of any client.
local function write(reset_after_ms)
  redis.call('SET', KEYS[1], struct.pack('<d<d', ticks, updated), 'PX', reset_after_ms + updated - now + CLOCK_SKEW_MS)
end
