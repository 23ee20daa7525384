-- Several rates of one limit, decided together, decided in memory by MultiRateState.java. RedisScript puts this after the
-- algorithm's script, wrapped as the function rate(KEYS, ARGV, read_only) that decides one rate.
-- KEYS[i] the state of rate i, all under one hash tag; ARGV capacity_1, period_ms_1, permits, now_ms (< 0: server
-- TIME), max_wait_ms (ignored: several rates make no reservations), mode ('read-only' for a look), then
-- capacity_i, period_ms_i of every further rate: the layout of one rate's script, with more rates after it.
-- Every rate is first decided without writing; only when all allow is each decided again, writing its grant, so a
-- denied request takes permits from none.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, 0, index, at_1, debt_1, ..., at_n, debt_n}: the answer
-- of the reported rate (index from 0), then the marks of a grant's receipt that each rate answered. Of a grant, the rate with the fewest permits left; of a denial, the refusing rate with the fewest permits
-- left, of equals the one with the latest retry-after, and the retry-after is the latest of the refusing rates'. The
-- first of equals otherwise.
local function rate_args(i)
  if i == 1 then
    return {ARGV[1], ARGV[2], ARGV[3], ARGV[4], '0'}
  end
  return {ARGV[3 + 2 * i], ARGV[4 + 2 * i], ARGV[3], ARGV[4], '0'}
end

local answers = {}
local all_allowed = 1
for i = 1, #KEYS do
  answers[i] = rate({KEYS[i]}, rate_args(i), true)
  if answers[i][1] == 0 then
    all_allowed = 0
  end
end
if all_allowed == 1 and not read_only then
  for i = 1, #KEYS do
    answers[i] = rate({KEYS[i]}, rate_args(i), false)
  end
end

local reported, latest_retry = 1, answers[1][3]
for i = 2, #KEYS do
  local candidate, current = answers[i], answers[reported]
  latest_retry = math.max(latest_retry, candidate[3])
  if all_allowed == 1 then
    if candidate[2] < current[2] then
      reported = i
    end
  elseif candidate[1] == 0 and (current[1] == 1 or candidate[2] < current[2]
      or (candidate[2] == current[2] and candidate[3] > current[3])) then
    reported = i
  end
end
local answer = answers[reported]
local reply = {all_allowed, answer[2], latest_retry, answer[4], 0, reported - 1}
for i = 1, #KEYS do
  reply[#reply + 1] = answers[i][6]
  reply[#reply + 1] = answers[i][7]
end
return reply
