-- The debt of gcra.lua and gcra-borrow.lua: how far the key's TAT lies ahead of now, in ticks; and full.
-- Expects capacity and period.
local state = redis.call('HMGET', KEYS[1], 'm', 'r')
local tat_ms = tonumber(state[1])
local debt = 0
if tat_ms ~= nil and tat_ms >= now then
  debt = (tat_ms - now) * capacity + tonumber(state[2])
end

local full = capacity * period
