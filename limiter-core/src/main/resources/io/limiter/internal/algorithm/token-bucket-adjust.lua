-- Added permits and penalty on the bucket of token-bucket.lua, as TokenBucket's in memory (see admin.lua).
--#include /io/limiter/internal/algorithm/admin.lua
--#include /io/limiter/internal/algorithm/token-bucket-state.lua
--#include /io/limiter/internal/algorithm/debt-adjust.lua
ticks = full - adjusted(full - ticks, updated)
local reset_after = ceildiv(full - ticks, capacity)
if reset_after > 0 then
  write(reset_after)
elseif stored then
  redis.call('DEL', KEYS[1])
end
return {1}
