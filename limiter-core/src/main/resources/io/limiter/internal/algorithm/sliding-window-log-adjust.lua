-- Added permits and penalty on the log of sliding-window-log.lua, as SlidingWindowLog's in memory (see admin.lua): adding
-- removes the newest permits in the window, the highest indices of the newest time first, so that the members of a
-- time stay "time:0" to "time:(n-1)"; the refund of a grant removes the grant's own permits, the highest indices of its
-- time, while they are in the window (nothing changes otherwise); a penalty adds permits at the key's time, to at most
-- twice the capacity in the window.
--#include /io/limiter/internal/algorithm/admin.lua
--#include /io/limiter/internal/algorithm/sliding-window-log-state.lua

-- Removes the n members of a time with the highest indices, of the at_stamp it holds.
local function remove_last(stamp, at_stamp, n)
  local members = {}
  for i = at_stamp - n, at_stamp - 1 do
    members[#members + 1] = stamp .. ':' .. int(i)
    if #members == 1000 then
      redis.call('ZREM', KEYS[1], unpack(members))
      members = {}
    end
  end
  if #members > 0 then
    redis.call('ZREM', KEYS[1], unpack(members))
  end
end

if operation == 'refund-grant' then
  local stamp = int(grant_time)
  local at_stamp = 0
  if grant_time > at - period then
    at_stamp = redis.call('ZCOUNT', KEYS[1], stamp, stamp)
  end
  local removed = math.min(permits, at_stamp)
  if removed == 0 then
    return {1}
  end
  remove_last(stamp, at_stamp, removed)
  count = count - removed
  newest = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
elseif operation == 'add-permits' then
  local left = math.min(permits, count)
  count = count - left
  while left > 0 do
    local stamp = int(tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]))
    local at_stamp = redis.call('ZCOUNT', KEYS[1], stamp, stamp)
    local removed = math.min(left, at_stamp)
    remove_last(stamp, at_stamp, removed)
    left = left - removed
  end
  newest = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
else
  local added = math.max(count, math.min(count + permits, 2 * capacity)) - count
  if added > 0 then
    add(added)
  end
end
if count > 0 then
  redis.call('PEXPIRE', KEYS[1], newest + period - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
return {1}
