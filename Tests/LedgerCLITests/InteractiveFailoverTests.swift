import LedgerTestSupport
import Testing

/// #20: a timeout cost 2 sources × 3 attempts before the cache was used. At a terminal a
/// refused connection is given up on at once (the next source, then the cache, answers);
/// without one (cron) it is retried with backoff as before. The virtual clock records every
/// wait, so nothing really sleeps.
@Suite("interactive fail-over")
struct InteractiveFailoverTests {
    @Test("at a terminal a refused connection is not retried; from cron it is", arguments: [true, false])
    func refusedConnection(terminal: Bool) throws {
        let directory = makeTemporaryDirectory()
        let server = try LocalHTTPServer(routes: [:], lifetime: 5)
        let closed = server.baseURL
        server.stop()
        let fixed = FixedEnvironment(variables: [
            "LGR_FILE": directory + "/books.ledger", "HOME": directory,
            "LGR_FALLBACK_CRYPTO": "coingecko,cryptocompare",
            "LGR_COINGECKO_URL": closed, "LGR_CRYPTOCOMPARE_URL": closed,
            "LGR_COINGECKO_MIN_INTERVAL": "0", "LGR_CRYPTOCOMPARE_MIN_INTERVAL": "0",
        ])
        fixed.isTerminal = terminal
        #expect(fixed.run(["prices", "fetch", "BTC"]) == 1)
        #expect(
            fixed.stderr.text.contains(
                "coingecko could not be reached: connection refused; cryptocompare could not be reached: connection refused"
            ))
        // #36: from cron the first source gets the patient retries; once every source asked
        // has refused, the network looks down and the second is asked once.
        #expect(fixed.pacing.sleeps == (terminal ? [] : [0.5, 1.0]))
        #expect(
            fixed.stderr.text.hasSuffix(
                "ledger: the market-data sources are unreachable (coingecko, cryptocompare: connection refused); offline, 'ledger prices fetch' has no --offline form; 'ledger portfolio' and 'ledger prices show' read only the cache\n"
            ))
    }
}
