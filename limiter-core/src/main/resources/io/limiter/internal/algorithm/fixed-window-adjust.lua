-- Added permits and penalty on the window of fixed-window.lua, as FixedWindow's in memory (see admin.lua): adding permits lowers
-- the count of the current window, not below 0, and so does the refund of a grant of the current window (one of an
-- earlier window took nothing from it: nothing changes); a penalty raises it to at most twice the capacity. Either
-- writes the count at the key's time, as a grant does.
--#include /io/limiter/internal/algorithm/admin.lua
--#include /io/limiter/internal/algorithm/fixed-window-state.lua
if operation == 'refund-grant' then
  if count == 0 or grant_time < window_start or grant_time >= window_end then
    return {1}
  end
  count = math.max(0, count - permits)
elseif operation == 'add-permits' then
  count = math.max(0, count - permits)
else
  count = math.max(count, math.min(count + permits, 2 * capacity))
end
if count > 0 then
  redis.call('HSET', KEYS[1], 'n', count, 't', at)
  redis.call('PEXPIRE', KEYS[1], window_end - now + CLOCK_SKEW_MS)
else
  redis.call('DEL', KEYS[1])
end
return {1}
