-- The start of every Limiter script: RedisScript puts this file in front of each one.
-- ARGV[4] is the time in ms, or < 0 for the server's TIME. Lua numbers are doubles, exact for integers below 2^53:
-- floordiv corrects the one-off error a double division can make near that bound. redis.call passes a number on
-- whole (Redis formats it with 17 digits), but Lua's own tostring and .. keep 14: int makes the text of a number
-- that goes into a string.
-- ARGV[6] = 'read-only' (a look: RateLimiter.peek, for 0 permits; or multi-rate.lua deciding every rate before it
-- writes any): the decision scripts then write nothing, neither state nor time to live.
local now = tonumber(ARGV[4])
local read_only = ARGV[6] == 'read-only'
if now < 0 then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end

-- How far client clocks (RedisBackendBuilder.clientClock) may differ from each other: every key lives this much
-- longer than its state needs, so that a client whose clock is behind the writer's still finds state that owes.
local CLOCK_SKEW_MS = 1000

local function floordiv(a, b)
  local q = math.floor(a / b)
  if q * b > a then q = q - 1 elseif (q + 1) * b <= a then q = q + 1 end
  return q
end

local function ceildiv(a, b)
  return -floordiv(-a, b)
end

local function int(x)
  return string.format('%.0f', x)
end

