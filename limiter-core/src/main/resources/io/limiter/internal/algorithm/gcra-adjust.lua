-- Added permits and penalty on the TAT of gcra.lua, as Gcra's in memory (see admin.lua): adding permits never moves the TAT
-- before the key's time.
--#include /io/limiter/internal/algorithm/admin.lua
--#include /io/limiter/internal/algorithm/gcra-state.lua
--#include /io/limiter/internal/algorithm/debt-adjust.lua
debt = adjusted(debt, at)
if debt > 0 then
  write(debt)
elseif stored then
  redis.call('DEL', KEYS[1])
end
return {1}
