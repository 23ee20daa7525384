-- wrk script of src/soak: counts the answers per status and prints them ("status <code> <count>"), with the socket
-- errors, the requests and the 99th percentile latency. Optional arguments (after --): KEYS PREFIX [DISTRIBUTION] send
-- the header X-Client: PREFIX1 when KEYS is 1, else PREFIX<n> with n drawn from 1..KEYS for each request: uniformly,
-- or with DISTRIBUTION "zipf" by Zipf's law of exponent 1 (key n drawn with a probability proportional to 1 / n).
local threads = {}

function setup(thread)
	table.insert(threads, thread)
end

function init(args)
	statuses = {}
	keys = tonumber(args[1] or "0")
	prefix = args[2] or ""
	fixed = (keys > 0) and wrk.format(nil, nil, { ["X-Client"] = prefix .. "1" }) or wrk.format()
	math.randomseed(os.time() + math.floor(os.clock() * 1000000))
	draw = (args[3] == "zipf") and zipf(keys) or function() return math.random(keys) end
end

-- A draw of 1..n by Zipf's law of exponent 1: a binary search of the cumulative weights.
function zipf(n)
	local cumulative, sum = {}, 0
	for i = 1, n do
		sum = sum + 1 / i
		cumulative[i] = sum
	end
	return function()
		local target, low, high = math.random() * sum, 1, n
		while low < high do
			local middle = math.floor((low + high) / 2)
			if cumulative[middle] < target then low = middle + 1 else high = middle end
		end
		return low
	end
end

function request()
	if keys <= 1 then
		return fixed
	end
	return wrk.format(nil, nil, { ["X-Client"] = prefix .. draw() })
end

function response(status, headers, body)
	statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
	local total = {}
	for _, thread in ipairs(threads) do
		for status, count in pairs(thread:get("statuses")) do
			total[status] = (total[status] or 0) + count
		end
	end
	for status, count in pairs(total) do
		io.write(string.format("status %d %d\n", status, count))
	end
	local e = summary.errors
	io.write(string.format("socket_errors %d\n", e.connect + e.read + e.write + e.timeout))
	io.write(string.format("requests %d\n", summary.requests))
	io.write(string.format("p99_ms %.1f\n", latency:percentile(99) / 1000))
end
