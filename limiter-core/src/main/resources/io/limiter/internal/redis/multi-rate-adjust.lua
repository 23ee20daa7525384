-- An admin operation on every rate of one limit, in one call, as MultiRateState's refund and penalize in memory (a
-- reset retires the whole state). RedisScript puts this after the algorithm's admin script, wrapped as the function
-- rate(KEYS, ARGV, read_only) that adjusts one rate.
-- KEYS[i] the state of rate i, all under one hash tag; ARGV capacity_1, period_ms_1, permits, now_ms (< 0: server
-- TIME), operation, mode (unused), then capacity_i, period_ms_i of every further rate, as multi-rate.lua lays them
-- out, and for 'refund-grant' the two marks of every rate's receipt after them. Each rate is reset, refunded or
-- penalized as a limit of that one rate would be. Returns {1}.
local marks = 4 + 2 * #KEYS
for i = 1, #KEYS do
  if i == 1 then
    rate({KEYS[1]}, {ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[marks + 1], ARGV[marks + 2]}, false)
  else
    rate({KEYS[i]}, {ARGV[3 + 2 * i], ARGV[4 + 2 * i], ARGV[3], ARGV[4], ARGV[5], ARGV[marks + 2 * i - 1],
      ARGV[marks + 2 * i]}, false)
  end
end
return {1}
