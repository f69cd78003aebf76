-- wrk script: each thread walks the request paths listed in $BENCH_PATHS (one per line),
-- starting at a different offset, and prints one JSON summary line at the end.
local paths = {}
local index = 0

function init(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do
    paths[#paths + 1] = line
  end
  -- Request headers, one "Name: value" per line in $BENCH_HEADERS (optional).
  for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
    local name, value = string.match(line, "^([^:]+):%s*(.*)$")
    if name then wrk.headers[name] = value end
  end
  index = (wrk.thread:get("offset") or 0) % #paths
end

local threads = 0
function setup(thread)
  thread:set("offset", threads * 7919)
  threads = threads + 1
end

function request()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"errors":%d,"non_2xx_3xx":%d,"lat_mean_us":%.1f,"lat_p50_us":%d,"lat_p99_us":%d,"lat_max_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency.mean, latency:percentile(50), latency:percentile(99), latency.max))
end
