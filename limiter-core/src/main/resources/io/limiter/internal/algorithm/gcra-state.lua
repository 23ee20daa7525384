-- The debt of gcra.lua and gcra-borrow.lua: how far the key's TAT lies ahead of now, in ticks; full; and stored
-- (whether the key exists). The key is a string of two little-endian doubles (struct packs and unpacks them exactly,
-- where text would cost a format on every write): the TAT's whole ms and the rest in ticks.
-- Expects capacity and period.
local stored = redis.call('GET', KEYS[1])
local debt = 0
if stored then
  local tat_ms, tat_rest = struct.unpack('<d<d', stored)
  if tat_ms >= now then
    debt = (tat_ms - now) * capacity + tat_rest
  end
end

local full = capacity * period

-- Writes the TAT that lies debt ticks ahead of now, the key to live ttl_ms.
local function write(debt_ticks, ttl_ms)
  local ahead = floordiv(debt_ticks, capacity)
  redis.call('SET', KEYS[1], struct.pack('<d<d', now + ahead, debt_ticks - ahead * capacity), 'PX', ttl_ms)
end
