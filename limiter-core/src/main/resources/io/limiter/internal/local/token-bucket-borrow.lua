-- Borrowing for the local tier, on the bucket of token-bucket.lua (same key, same state, same refill), so that
-- limiters with and without a local tier share one budget.
-- KEYS[1] the bucket; ARGV capacity, period_ms, want_ticks, now_ms (< 0: server TIME), need_ticks.
-- want_ticks > 0 borrows: when the bucket holds at least need_ticks it takes min(held, want_ticks), else nothing.
-- want_ticks < 0 gives -want_ticks back, up to a full bucket.
-- Returns {borrowed_ticks (negative: given back), retry_ms (until need_ticks are there), ticks_left}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local need = tonumber(ARGV[5])

--#include /io/limiter/internal/algorithm/token-bucket-state.lua

local borrowed, retry = 0, 0
if want < 0 then
  borrowed = -math.min(-want, full - ticks)
elseif ticks >= need then
  borrowed = math.min(ticks, want)
else
  retry = ceildiv(need - ticks, capacity)
end
ticks = ticks - borrowed

local reset_after = ceildiv(full - ticks, capacity)
if reset_after > 0 then
  if borrowed ~= 0 then
    write(reset_after)
  end
elseif stored then
  redis.call('DEL', KEYS[1])
end
return {borrowed, retry, ticks}
