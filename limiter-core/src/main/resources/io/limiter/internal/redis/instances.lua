-- The instances that share this Redis: a sorted set of instance ids scored by the time of their last heartbeat.
-- KEYS[1] the set; ARGV[1] this instance's id; ARGV[2] how long a heartbeat counts, in ms; ARGV[3] 'leave' to
-- remove this instance. Answers {the number of instances whose heartbeat still counts}.
local key = KEYS[1]
local expiry = tonumber(ARGV[2])
if ARGV[3] == 'leave' then
  redis.call('ZREM', key, ARGV[1])
else
  redis.call('ZADD', key, now, ARGV[1])
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - expiry)
local count = redis.call('ZCARD', key)
if count > 0 then
  redis.call('PEXPIRE', key, expiry)
end
return {count}
