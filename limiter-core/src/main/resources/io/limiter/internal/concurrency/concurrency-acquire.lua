-- Takes a permit of a concurrency limit. The permits of a key are a sorted set of their holders' ids, each scored by
-- the end of its lease (ms); a member whose score is not after now has ended and no longer counts.
-- KEYS[1] the set; ARGV[1] the most permits in flight; ARGV[2] the lease in ms; ARGV[3] unused; ARGV[4] the time
-- (preamble.lua); ARGV[5] the new holder's id; ARGV[6] 'read-only' for a look, which writes nothing but the releases.
-- KEYS[2], KEYS[3], ... sets of the same hash slot with a permit released by this instance, ARGV[7], ARGV[8], ...
-- their holders (see concurrency-release.lua): released first, so that the take counts without them.
-- Answers {1 when the permit was taken, else 0; the permits in flight, the new one included}.
-- A denial writes nothing but the releases: ended members are dropped only when a permit is added.
for i = 2, #KEYS do
  redis.call('ZREM', KEYS[i], ARGV[5 + i])
end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
local in_flight = redis.call('ZCOUNT', key, '(' .. int(now), '+inf')
if read_only or in_flight >= limit then
  return {0, in_flight}
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', int(now))
redis.call('ZADD', key, now + lease, ARGV[5])
redis.call('PEXPIRE', key, lease + CLOCK_SKEW_MS)
return {1, in_flight + 1}
