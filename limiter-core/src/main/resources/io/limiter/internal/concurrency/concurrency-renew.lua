-- Renews the leases of the permits one instance holds of a key (see concurrency-acquire.lua): KEYS[1] the set;
-- ARGV[2] the lease in ms; ARGV[4] the time; ARGV[5], ARGV[6], ... the holders whose work still runs. A holder whose
-- lease had ended (a process paused for longer than a lease, a failover that lost the write) is added again: its work
-- runs, so it counts, and takes are refused until the key is below its limit again.
-- Answers {the number of holders renewed}.
local key = KEYS[1]
local lease = tonumber(ARGV[2])
for i = 5, #ARGV do
  redis.call('ZADD', key, now + lease, ARGV[i])
end
redis.call('PEXPIRE', key, lease + CLOCK_SKEW_MS)
return {#ARGV - 4}
