-- The log of sliding-window-log.lua and sliding-window-log-adjust.lua: newest (the newest grant's time), at (now, or
-- newest when now is earlier), outside (the text of at - period: permits at or before it are out of the window) and
-- count (the permits in the window); add(n) drops the permits out of the window and adds n at at.
-- The members of one time are "time:0" to "time:(n-1)", so that the next grant at that time goes on from n.
-- Expects period.
local newest = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
local at = now
if newest ~= nil and newest > now then
  at = newest
end
local outside = int(at - period)
local count = redis.call('ZCOUNT', KEYS[1], '(' .. outside, '+inf')

local function add(n)
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', outside)
  local stamp = int(at)
  local first = redis.call('ZCOUNT', KEYS[1], stamp, stamp)
  local entries = {}
  for i = first, first + n - 1 do
    entries[#entries + 1] = stamp
    entries[#entries + 1] = stamp .. ':' .. int(i)
    if #entries == 2000 then
      redis.call('ZADD', KEYS[1], unpack(entries))
      entries = {}
    end
  end
  if #entries > 0 then
    redis.call('ZADD', KEYS[1], unpack(entries))
  end
  count = count + n
  newest = at
end
