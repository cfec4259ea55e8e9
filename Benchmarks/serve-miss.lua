-- wrk script of Benchmarks/serve-load.sh's "-miss" routes: every request asks for the report
-- as of another second (from 30 days ago on, each of wrk's threads on its own seconds), so the
-- server's kept answers never serve it: each request restores the snapshot, values the holdings
-- at that moment and writes the body. The ledger's events must all be older than 30 days.
local threads = 0

function setup(thread)
    thread:set("offset", threads)
    threads = threads + 1
    thread:set("stride", 64)
end

local sent = 0
local start = os.time() - 30 * 86400

function request()
    sent = sent + 1
    local moment = os.date("!%Y-%m-%dT%H:%M:%SZ", start + sent * stride + offset)
    return wrk.format(nil, wrk.path .. "?as-of=" .. moment)
end
