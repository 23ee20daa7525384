-- Returns a permit of a concurrency limit (see concurrency-acquire.lua): KEYS[1] the set; ARGV[5] the holder's id.
-- Answers {1 when the holder still held it, 0 when its lease had ended}. The last member's removal deletes the key.
return {redis.call('ZREM', KEYS[1], ARGV[5])}
