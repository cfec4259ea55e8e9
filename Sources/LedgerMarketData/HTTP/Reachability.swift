import Synchronization

/// What one command has learnt about reaching the market-data sources: whether any request
/// was answered, and which sources found no route (connection refused, host not found). While
/// every request so far found no route the network looks down, and ``MarketHTTP`` retries no
/// such failure under either policy: an offline command fails in milliseconds, not seconds.
public final class Reachability: Sendable {
    private struct State {
        var answered = false
        /// Source → why it could not be reached, in the order they failed.
        var noRoute: [(source: String, reason: String)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Forgets what was learnt (a new command in the same process).
    public func reset() {
        state.withLock { $0 = State() }
    }

    func noteAnswer() {
        state.withLock { $0.answered = true }
    }

    func noteNoRoute(source: String, reason: String) {
        state.withLock { $0.noRoute.append((source, reason)) }
    }

    /// True when at least one source found no route and no request was answered.
    public var looksOffline: Bool {
        state.withLock { !$0.answered && !$0.noRoute.isEmpty }
    }

    /// `coingecko, cryptocompare: connection refused` when ``looksOffline``, else nil.
    public var unreachableSummary: String? {
        state.withLock { state in
            guard !state.answered, !state.noRoute.isEmpty else { return nil }
            var sources: [String] = []
            var reasons: [String] = []
            for (source, reason) in state.noRoute {
                if !sources.contains(source) { sources.append(source) }
                if !reasons.contains(reason) { reasons.append(reason) }
            }
            return sources.joined(separator: ", ") + ": " + reasons.joined(separator: ", ")
        }
    }
}
