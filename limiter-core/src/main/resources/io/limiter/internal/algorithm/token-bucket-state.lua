-- The bucket of token-bucket.lua and token-bucket-borrow.lua, read and refilled up to now: full, ticks, updated.
-- Expects capacity and period.
local full = capacity * period
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local ticks = tonumber(state[1])
local updated = tonumber(state[2])
if ticks == nil or updated == nil then
  ticks = full
  updated = now
elseif now > updated then
  if now - updated >= ceildiv(full - ticks, capacity) then
    ticks = full
  else
    ticks = ticks + (now - updated) * capacity
  end
  updated = now
end
