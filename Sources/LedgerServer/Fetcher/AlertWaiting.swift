import LedgerCore

/// What the server says about an alert its fetcher could not judge, in words for a browser
/// user (no `ledger …` command, no cron): a `change` alert younger than its window is waiting
/// for the history it compares with, not failing.
enum AlertWaiting {
    /// When a `change` alert can first be judged while it waits for its history: it has never
    /// been judged and was added less than its window (plus the reference's slack) ago, so no
    /// price from its window's start can have been recorded for it. Nil for any other alert.
    static func until(_ alert: Alert, now: Timestamp) -> Timestamp? {
        guard case .change(_, _, let window) = alert.condition, alert.lastSeen == nil else { return nil }
        let ready = alert.createdAt.adding(seconds: window)
        return now < ready.adding(seconds: AlertEvaluator.referenceSlack(window)) ? ready : nil
    }

    /// `waiting for 24h of prices (from about 2024-06-02T12:00:00Z)`.
    static func text(_ alert: Alert, until: Timestamp) -> String {
        guard case .change(_, _, let window) = alert.condition else { return "waiting" }
        return "waiting for \(AlertCondition.durationText(window)) of prices (from about \(until))"
    }

    /// Why the fetcher could not judge an alert, for `/status`; `interval` is the fetcher's
    /// (seconds, nil when it is off).
    static func problem(_ problem: AlertError, interval: Int?) -> String {
        let fetcher = interval.map { "the fetcher records one every \(StatusRoutes.duration(Int64($0)))" }
        switch problem {
        case .noPrice(let asset, let quote):
            return "no \(asset) price in \(quote) yet; " + (fetcher ?? "this server does not fetch prices")
        case .tooOld(let asset, _, let observedAt, _, let maxAge, _):
            return "the newest \(asset) price (\(observedAt)) is older than the \(AlertCondition.durationText(maxAge))"
                + " an alert fires on; " + (fetcher ?? "this server does not fetch prices")
        case .noReference(let asset, let quote, let from, let to):
            return "no \(asset) price in \(quote) observed from \(from) to \(to) to compare with; "
                + (fetcher.map { $0 + ", so the alert is judged once its window holds one" }
                    ?? "this server does not fetch prices")
        case .zeroReference, .outOfRange:
            return problem.description
        }
    }
}
