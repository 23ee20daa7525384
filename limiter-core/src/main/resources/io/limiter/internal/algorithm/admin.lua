-- The start of every admin script (the *-adjust.lua scripts, KeyState.adjust in Lua): KEYS[1] the key's state; ARGV capacity,
-- period_ms, permits, now_ms (< 0: server TIME), operation ('reset', 'refund' or 'penalty'). A reset deletes the key,
-- so that it starts afresh; the rest of each script refunds or penalizes, with the same time rule as its decision
-- script (a now before the key's time counts as it). Every admin script returns {1}.
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local operation = ARGV[5]
if operation == 'reset' then
  redis.call('DEL', KEYS[1])
  return {1}
end
