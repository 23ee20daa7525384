-- Borrowing for the local tier, on the state of gcra.lua (same key: the TAT's whole ms and the rest in ticks), so
-- that limiters with and without a local tier share one budget. Ticks as in token-bucket.lua: a permit is period_ms
-- ticks and capacity ticks pass per ms; the key holds capacity * period_ms - debt ticks, where the debt is how far
-- the TAT lies ahead of the key's time (now, or the later time of the last write). Borrowing moves the TAT ahead, giving back moves it back.
-- KEYS[1] the TAT; ARGV capacity, period_ms, want_ticks, now_ms (< 0: server TIME), need_ticks.
-- want_ticks > 0 borrows: when the key holds at least need_ticks it takes min(held, want_ticks), else nothing.
-- want_ticks < 0 gives -want_ticks back, down to no debt.
-- Returns {borrowed_ticks (negative: given back), retry_ms (until need_ticks are there), ticks_left}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local need = tonumber(ARGV[5])

--#include /io/limiter/internal/algorithm/gcra-state.lua
local borrowed, retry = 0, 0
if want < 0 then
  borrowed = -math.min(-want, debt)
elseif full - debt >= need then
  borrowed = math.min(full - debt, want)
else
  retry = ceildiv(debt + need - full, capacity)
end
debt = debt + borrowed

if debt == 0 then
  if stored then
    redis.call('DEL', KEYS[1])
  end
elseif borrowed ~= 0 then
  write(debt)
end
return {borrowed, retry, full - debt}
