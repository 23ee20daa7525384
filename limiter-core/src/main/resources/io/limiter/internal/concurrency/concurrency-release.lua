-- Returns permits of concurrency limits (see concurrency-acquire.lua): KEYS[1], KEYS[2], ... sets of one hash slot,
-- ARGV[7], ARGV[8], ... the holder released from each (ARGV[1] to ARGV[6] as concurrency-acquire.lua takes them;
-- only the time, ARGV[4], is read, by the preamble). A holder no longer in its set (released already, or its lease
-- ended and a take dropped it) is nothing to release. The last member's removal deletes a set.
-- Answers {the number of holders that were still in their set}.
local released = 0
for i = 1, #KEYS do
  released = released + redis.call('ZREM', KEYS[i], ARGV[6 + i])
end
return {released}
