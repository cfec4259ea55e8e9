-- wrk script of Benchmarks/pg-serve-load.sh: POST /api/v1/events, a deposit of 1 USD, each
-- request as the next of the users whose API tokens LGR_TOKENS lists one a line, so every user
-- appends at once. Counts the answers that were not 201, over every thread.
tokens = {}
for line in io.lines(os.getenv("LGR_TOKENS")) do
    tokens[#tokens + 1] = line
end
next_user = math.random(#tokens)
refused = 0
local threads = {}

function setup(thread)
    threads[#threads + 1] = thread
end

function request()
    next_user = next_user % #tokens + 1
    return wrk.format("POST", nil, {
        ["Authorization"] = "Bearer " .. tokens[next_user],
        ["Content-Type"] = "application/json",
    }, '{"kind": "deposit", "words": "USD 1", "date": "2025-01-01"}')
end

function response(status)
    if status ~= 201 then refused = refused + 1 end
end

function done()
    local total = 0
    for _, thread in ipairs(threads) do total = total + thread:get("refused") end
    io.write(string.format("    answers other than 201: %d\n", total))
end
