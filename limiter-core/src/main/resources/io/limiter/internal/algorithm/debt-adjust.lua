-- The debt after added permits or a penalty, for token-bucket-adjust.lua and gcra-adjust.lua; DebtState does the same in memory.
-- Adding permits pays them back, down to no debt. A penalty adds them, to at most two full buckets (one below empty),
-- or 2^53 ticks where that is less so that doubles stay exact; a debt a reservation made larger is kept.
-- The refund of a grant pays back the part of the grant's debt that refill has not paid back by the key's time at: the
-- grant's ticks are the last it added to the grant_ticks it left at grant_time, paid back at capacity ticks per ms.
-- Expects full, capacity, period, permits, operation, grant_time and grant_ticks.
local function adjusted(debt_ticks, at)
  local cost = permits * period
  if operation == 'refund-grant' then
    local elapsed = math.max(0, at - grant_time)
    if elapsed >= ceildiv(grant_ticks, capacity) then
      return debt_ticks
    end
    return math.max(0, debt_ticks - math.min(cost, grant_ticks - elapsed * capacity))
  elseif operation == 'add-permits' then
    return math.max(0, debt_ticks - cost)
  end
  return math.max(debt_ticks, math.min(debt_ticks + cost, math.min(2 * full, 9007199254740992)))
end
