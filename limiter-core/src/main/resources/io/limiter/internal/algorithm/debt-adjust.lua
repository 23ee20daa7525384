-- The debt after a refund or penalty, for token-bucket-adjust.lua and gcra-adjust.lua; DebtState does the same in memory.
-- A refund pays permits back, down to no debt. A penalty adds them, to at most two full buckets (one below empty),
-- or 2^53 ticks where that is less so that doubles stay exact; a debt a reservation made larger is kept.
-- Expects full, period, permits and operation.
local function adjusted(debt_ticks)
  local cost = permits * period
  if operation == 'refund' then
    return math.max(0, debt_ticks - cost)
  end
  return math.max(debt_ticks, math.min(debt_ticks + cost, math.min(2 * full, 9007199254740992)))
end
