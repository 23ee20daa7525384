-- The debt of gcra.lua and gcra-borrow.lua: how far the key's TAT lies ahead of its time, in ticks; full; at; and
-- stored (whether the key exists). The key's time at is now, or the latest time a write stored when now is earlier:
-- a clock going back counts as no time passing, as in the token bucket. The key is a string of little-endian doubles
-- (struct packs and unpacks them exactly, where text would cost a format on every write): the TAT's whole ms, the
-- rest in ticks, and at (absent from keys written before it was stored).
-- Expects capacity and period.
local stored = redis.call('GET', KEYS[1])
local debt = 0
local at = now
if stored then
  local tat_ms, tat_rest = struct.unpack('<d<d', stored)
  if #stored > 16 then
    at = math.max(now, struct.unpack('<d', stored, 17))
  end
  if tat_ms >= at then
    debt = (tat_ms - at) * capacity + tat_rest
  end
end

local full = capacity * period

-- Writes the TAT that lies debt ticks ahead of at; the key lives until the TAT by the clock of any client.
local function write(debt_ticks)
  local ahead = floordiv(debt_ticks, capacity)
  redis.call('SET', KEYS[1], struct.pack('<d<d<d', at + ahead, debt_ticks - ahead * capacity, at),
    'PX', ceildiv(debt_ticks, capacity) + at - now + CLOCK_SKEW_MS)
end
