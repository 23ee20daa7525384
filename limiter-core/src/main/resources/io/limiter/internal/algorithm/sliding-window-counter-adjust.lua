-- Added permits and penalty on the counts of sliding-window-counter.lua, as SlidingWindowCounter's in memory (see
-- admin.lua): adding permits lowers the current window's count first, then the previous one's, neither below 0; the refund of
-- a grant lowers the count of the grant's window, if that is the current or the previous one (an older grant counts no
-- more: nothing changes); a penalty raises the current count to at most twice the capacity. Either writes the counts
-- at the key's time, as a grant does.
--#include /io/limiter/internal/algorithm/admin.lua
--#include /io/limiter/internal/algorithm/sliding-window-counter-state.lua
if operation == 'refund-grant' then
  local grant_window = floordiv(grant_time, period)
  if grant_window == window and current > 0 then
    current = math.max(0, current - permits)
  elseif grant_window == window - 1 and previous > 0 then
    previous = math.max(0, previous - permits)
  else
    return {1}
  end
elseif operation == 'add-permits' then
  local from_current = math.min(current, permits)
  current = current - from_current
  previous = math.max(0, previous - (permits - from_current))
else
  current = math.max(current, math.min(current + permits, 2 * capacity))
end
local reset_after = reset_after_of(current, previous)
if reset_after > 0 then
  redis.call('HSET', KEYS[1], 'c', current, 'p', previous, 't', at)
  redis.call('PEXPIRE', KEYS[1], reset_after + at - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
return {1}
