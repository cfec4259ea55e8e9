/// Why one alert could not be checked. Reported for that alert; the others are still checked.
public enum AlertError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No price of the pair at or before the check.
    case noPrice(asset: AssetSymbol, quote: AssetSymbol)
    /// The newest price is older than the alert may fire on: `--max-age` when given, else the
    /// alert's own limit (``AlertCondition/maxPriceAge``); `age` is how old it is at the check.
    case tooOld(asset: AssetSymbol, quote: AssetSymbol, observedAt: Timestamp, age: Int64, maxAge: Int64, given: Bool)
    /// No observation in the window a `change` alert compares with (`from` … `to`).
    case noReference(asset: AssetSymbol, quote: AssetSymbol, from: Timestamp, to: Timestamp)
    /// The price to compare with is 0, so a percentage means nothing.
    case zeroReference(asset: AssetSymbol, observedAt: Timestamp)
    /// The numbers are too large to compare exactly.
    case outOfRange(asset: AssetSymbol)

    public var description: String {
        switch self {
        case .noPrice(let asset, let quote):
            "no \(asset) price in \(quote) in the cache; 'ledger prices fetch \(asset) --currency \(quote)' fetches one"
        case .tooOld(let asset, let quote, let observedAt, let age, let maxAge, let given):
            "the newest \(asset) price is stale (\(observedAt), \(Self.ageText(age)) old; "
                + (given ? "--max-age \(AlertCondition.durationText(maxAge))" : Self.limitText(maxAge))
                + "), so the alert was not checked; 'ledger prices fetch \(asset) --currency \(quote)' refreshes it"
        case .noReference(let asset, let quote, let from, let to):
            "no \(asset) price in \(quote) observed from \(from) to \(to) to compare with; "
                + Self.referenceAdvice(asset, from: from, to: to)
        case .zeroReference(let asset, let observedAt):
            "the \(asset) price to compare with (\(observedAt)) is 0, so no percentage can be computed"
        case .outOfRange(let asset):
            "the \(asset) prices are too large to compare exactly"
        }
    }
}

extension AlertError {
    /// A price's age in the largest whole unit: `881 days`, `5 h`, `40 min`, `12 s`.
    static func ageText(_ seconds: Int64) -> String {
        if seconds >= 172_800 { return "\(seconds / 86_400) days" }
        if seconds >= 3_600 { return "\(seconds / 3_600) h" }
        return seconds >= 60 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// The limit an alert sets itself when no `--max-age` is given.
    static func limitText(_ seconds: Int64) -> String {
        "an alert fires on no price older than \(AlertCondition.durationText(seconds)) without --max-age"
    }

    /// What records a reference price in `from`…`to`. Daily closes are a day apart (stamped
    /// 23:59:59 UTC): a span of a day or more always holds one, so fetching daily history
    /// works; a shorter span (a window under 48 h) can fall between two closes, and only
    /// prices recorded at least that often serve.
    static func referenceAdvice(_ asset: AssetSymbol, from: Timestamp, to: Timestamp) -> String {
        let span = to.secondsSinceEpoch - from.secondsSinceEpoch
        if span >= 86_400 {
            return "'ledger prices fetch \(asset) --history --since \(from.date)' records daily prices"
        }
        let every = AlertCondition.durationText(span)
        let window = AlertCondition.durationText(span * 2)
        return
            "daily prices are a day apart and can miss this \(every) span; run 'ledger alert check' at least every \(every)"
            + " (from cron, docs/cron.md): each check records the price it compares with \(window) later"
    }
}

/// The prices an alert was judged on: the current one and, for `change`, the one it is
/// compared with and the change in percent (rounded to 2 places, for display only).
public struct AlertReading: Hashable, Sendable {
    public let current: AlertSighting
    public let reference: AlertSighting?
    public let changePercent: ExactDecimal?
}

/// One alert after a check: the alert with its new state, and what happened.
public struct AlertVerdict: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// The condition holds and the alert was armed: report it.
        case fired(AlertReading)
        /// Nothing to report; `rearmed` when a fired alert's condition stopped holding.
        case quiet(AlertReading, rearmed: Bool)
        /// The alert could not be checked; it is left as it was.
        case failed(AlertError)
    }

    public let alert: Alert
    public let outcome: Outcome
}

/// Checks alerts against a price table. Pure: the caller supplies the prices and the time.
public enum AlertEvaluator {
    /// How far before its window's start a `change` alert's reference may have been observed,
    /// as a fraction of the window (one half): a daily price still serves a 24 h window, but a
    /// month-old price is never taken for "24 h ago".
    public static func referenceSlack(_ window: Int64) -> Int64 { window / 2 }

    /// The state machine: an armed alert whose condition holds fires and becomes fired; a
    /// fired one is re-armed once its condition no longer holds; otherwise nothing changes.
    public static func step(_ state: AlertState, holds: Bool) -> (state: AlertState, fires: Bool) {
        switch (state, holds) {
        case (.armed, true): (.fired, true)
        case (.fired, false): (.armed, false)
        default: (state, false)
        }
    }

    /// Whether `condition` holds for `current` (and, for `change`, `reference`); nil when the
    /// numbers overflow. Compared by cross-multiplying, so no division rounds at the boundary.
    public static func holds(_ condition: AlertCondition, current: ExactDecimal, reference: ExactDecimal?) -> Bool? {
        switch condition {
        case .above(let level): return !(current < level)
        case .below(let level): return !(level < current)
        case .change(let percent, let direction, _):
            guard let reference else { return nil }
            let moved = (current - reference).multiplied(byInteger: 100)
            let needed = percent * reference
            guard !moved.isOverflow, !needed.isOverflow else { return nil }
            switch direction {
            case .either: return !(moved.magnitude < needed)
            case .up: return !(moved < needed)
            case .down: return !(moved.negated < needed)
            }
        }
    }

    /// Checks one alert at `now` (never on a price older than `maxAge`, or without it the
    /// condition's ``AlertCondition/maxPriceAge``): finds its prices in `prices`, applies the state machine and
    /// returns the alert with its new state and last sighting (unchanged when it failed).
    public static func check(_ alert: Alert, prices: PriceTable, now: Timestamp, maxAge: Int64?) -> AlertVerdict {
        let reading: AlertReading
        switch self.reading(for: alert, prices: prices, now: now, maxAge: maxAge) {
        case .failure(let problem): return AlertVerdict(alert: alert, outcome: .failed(problem))
        case .success(let found): reading = found
        }
        let condition = alert.condition
        guard let holds = holds(condition, current: reading.current.price, reference: reading.reference?.price) else {
            return AlertVerdict(alert: alert, outcome: .failed(.outOfRange(asset: alert.asset)))
        }
        var updated = alert
        let (state, fires) = step(alert.state, holds: holds)
        updated.state = state
        updated.lastSeen = reading.current
        if fires { updated.lastFiredAt = now }
        let rearmed = alert.state == .fired && state == .armed
        return AlertVerdict(alert: updated, outcome: fires ? .fired(reading) : .quiet(reading, rearmed: rearmed))
    }

    /// The newest price of the pair at or before `now` and, for `change`, the newest at or
    /// before the window's start (no older than the slack allows).
    public static func reading(for alert: Alert, prices: PriceTable, now: Timestamp, maxAge: Int64?) -> Result<
        AlertReading, AlertError
    > {
        guard let quote = prices.price(of: alert.asset, in: alert.quote, at: now) else {
            return .failure(.noPrice(asset: alert.asset, quote: alert.quote))
        }
        let age = now.secondsSinceEpoch - quote.observedAt.secondsSinceEpoch
        let limit = maxAge ?? alert.condition.maxPriceAge
        if age > limit {
            return .failure(
                .tooOld(
                    asset: alert.asset, quote: alert.quote, observedAt: quote.observedAt, age: age, maxAge: limit,
                    given: maxAge != nil))
        }
        let current = AlertSighting(price: quote.value, observedAt: quote.observedAt, source: quote.source)
        guard case .change(_, _, let window) = alert.condition else {
            return .success(AlertReading(current: current, reference: nil, changePercent: nil))
        }
        let to = quote.observedAt.adding(seconds: -window)
        let from = to.adding(seconds: -referenceSlack(window))
        guard let old = prices.price(of: alert.asset, in: alert.quote, at: to), !(old.observedAt < from) else {
            return .failure(.noReference(asset: alert.asset, quote: alert.quote, from: from, to: to))
        }
        guard !old.value.isZero else { return .failure(.zeroReference(asset: alert.asset, observedAt: old.observedAt)) }
        let percent = ((quote.value - old.value).multiplied(byInteger: 100) / old.value).rounded(places: 2)
        let reference = AlertSighting(price: old.value, observedAt: old.observedAt, source: old.source)
        return .success(AlertReading(current: current, reference: reference, changePercent: percent))
    }
}
