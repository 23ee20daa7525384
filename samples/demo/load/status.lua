-- wrk script: counts answers by status code across threads (wrk itself only counts non-2xx)
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  ok = 0
  limited = 0
  other = 0
end
function response(status, headers, body)
  if status == 200 then ok = ok + 1
  elseif status == 429 then limited = limited + 1
  else other = other + 1 end
end
function done(summary, latency, requests)
  local o, l, x = 0, 0, 0
  for _, t in ipairs(threads) do
    o = o + t:get("ok"); l = l + t:get("limited"); x = x + t:get("other")
  end
  io.write(string.format("status 200: %d, 429: %d, other: %d\n", o, l, x))
end
