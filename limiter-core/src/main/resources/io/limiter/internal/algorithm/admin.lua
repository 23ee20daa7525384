-- The start of every admin script (the *-adjust.lua scripts, KeyState.adjust in Lua): KEYS[1] the key's state; ARGV capacity,
-- period_ms, permits, now_ms (< 0: server TIME), operation ('reset', 'add-permits', 'penalty' or 'refund-grant'), and for
-- 'refund-grant' (KeyState.refund: the permits of one grant) the marks of its receipt, the key's time of the grant and
-- the ticks the key owed right after it. A reset deletes the key, so that it starts afresh; the rest of each script
-- refunds or penalizes, with the same time rule as its decision script (a now before the key's time counts as it).
-- Every admin script returns {1}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local operation = ARGV[5]
local grant_time, grant_ticks = tonumber(ARGV[6]), tonumber(ARGV[7])
if operation == 'reset' then
  redis.call('DEL', KEYS[1])
  return {1}
end
