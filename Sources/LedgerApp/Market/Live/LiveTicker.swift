import LedgerCore
import LedgerMarketData

/// What the change column of `ledger live` is measured from.
public enum LiveChange: String, CaseIterable, Sendable {
    /// The first price seen since the ticker started.
    case sinceStart = "since-start"
    /// The price 24 hours ago (the streamer's OPEN24HOUR).
    case day = "24h"
}

/// One asset's line in the live ticker.
public struct LiveRow: Equatable {
    public let symbol: AssetSymbol
    public let quote: AssetSymbol
    /// The first price seen since the ticker started.
    public var start: ExactDecimal?
    public var price: ExactDecimal?
    public var updatedAt: Timestamp?
    public var source: String?
    /// The price 24 hours ago, when the stream said it.
    public var open24h: ExactDecimal?
    public var changeFrom = LiveChange.sinceStart

    public var quoteText: String { quote.text }

    public init(symbol: AssetSymbol, quote: AssetSymbol, changeFrom: LiveChange = .sinceStart) {
        self.symbol = symbol
        self.quote = quote
        self.changeFrom = changeFrom
    }

    /// The price the change is measured from.
    public var base: ExactDecimal? { changeFrom == .day ? open24h : start }

    /// Percent change from ``base``, exact (nil without both prices or from a zero base).
    public var changePercent: ExactDecimal? {
        guard let base, let price, !base.isZero else { return nil }
        return (price - base).divided(by: base, rounding: .halfEven).multiplied(byInteger: 100)
    }
}

/// The polling loop of `ledger live`: ask for the latest prices, update the rows, show them,
/// wait `interval` seconds, until `updates` polls have succeeded, `duration` seconds have
/// passed, or `shouldStop` says so (Ctrl-C). Time and waiting come from `pacing`, and the
/// wall clock from `now`, so tests run it on a virtual clock.
public struct LiveTicker {
    /// Consecutive failed polls after which the ticker gives up (exit 1).
    static let maximumFailures = 10

    var rows: [LiveRow]
    let interval: Double
    let updates: Int?
    let duration: Double?
    let pacing: Pacing
    let now: () -> Timestamp
    let shouldStop: () -> Bool
    /// One poll: the observations of the assets asked for, and the failures.
    let poll: ([AssetSymbol]) throws -> PriceBatch

    /// The ticker over `feed`'s assets, polling it; `pacing` is the shell's ``MarketLink/pacing``.
    public init(
        feed: LiveFeed, interval: Double, updates: Int?, duration: Double?, pacing: Pacing,
        now: @escaping () -> Timestamp, shouldStop: @escaping () -> Bool
    ) {
        self.init(
            rows: feed.symbols.map { LiveRow(symbol: $0, quote: feed.quote) }, interval: interval, updates: updates,
            duration: duration, pacing: pacing, now: now, shouldStop: shouldStop, poll: feed.poll)
    }

    init(
        rows: [LiveRow], interval: Double, updates: Int?, duration: Double?, pacing: Pacing,
        now: @escaping () -> Timestamp, shouldStop: @escaping () -> Bool,
        poll: @escaping ([AssetSymbol]) throws -> PriceBatch
    ) {
        self.rows = rows
        self.interval = interval
        self.updates = updates
        self.duration = duration
        self.pacing = pacing
        self.now = now
        self.shouldStop = shouldStop
        self.poll = poll
    }

    /// Runs until done; `show` gets the rows after every successful poll, `warn` each new
    /// kind of trouble once.
    public mutating func run(show: ([LiveRow]) -> Void, warn: (String) -> Void) throws {
        let began = pacing.now()
        var done = 0
        var failures = 0
        var lastWarning = ""
        while !shouldStop() {
            do {
                let batch = try poll(rows.map(\.symbol))
                try update(batch, warn: warn)
                failures = 0
                lastWarning = ""
                done += 1
                show(rows)
            } catch let failure as LiveError {
                throw failure
            } catch {
                failures += 1
                let message = Self.withoutAdvice("\(error)")
                if done == 0 || failures >= Self.maximumFailures {
                    throw LiveError.notFetched(message)
                }
                if message != lastWarning {
                    warn("could not fetch the latest prices: \(message); retrying every \(Self.seconds(interval))")
                }
                lastWarning = message
            }
            if let updates, done >= updates { return }
            wait(until: pacing.now() + interval, deadline: duration.map { began + $0 })
            if let duration, pacing.now() - began >= duration { return }
        }
    }

    /// Applies one poll's prices; assets no source knows are dropped with a warning (all of
    /// them unknown is an error).
    private mutating func update(_ batch: PriceBatch, warn: (String) -> Void) throws {
        let time = now()
        for observation in batch.observations {
            guard let index = rows.firstIndex(where: { $0.symbol == observation.asset }) else { continue }
            rows[index].start = rows[index].start ?? observation.price
            rows[index].price = observation.price
            rows[index].updatedAt = time
            rows[index].source = observation.source
        }
        let unknown = rows.filter { row in
            row.price == nil && batch.failures[row.symbol].map { !$0.isSourceFailure } == true
        }
        guard !unknown.isEmpty else { return }
        let reasons = unknown.map { batch.failures[$0.symbol]!.description }.joined(separator: "; ")
        if unknown.count == rows.count {
            throw LiveError.noLivePrice(symbols: unknown.map(\.symbol.text).joined(separator: ", "), reasons: reasons)
        }
        warn("\(reasons); left out")
        rows.removeAll { row in unknown.contains { $0.symbol == row.symbol } }
    }

    /// Sleeps in short slices so that Ctrl-C is noticed within a fifth of a second.
    private func wait(until end: Double, deadline: Double?) {
        let stop = min(end, deadline ?? end)
        while !shouldStop() {
            let left = stop - pacing.now()
            guard left > 0 else { return }
            pacing.sleep(min(left, 0.2))
        }
    }

    /// A source's reason without the "; try again later" some end with, for messages that
    /// give their own advice once at the end.
    static func withoutAdvice(_ reason: String) -> String {
        let advice = "; try again later"
        return reason.hasSuffix(advice) ? String(reason.dropLast(advice.count)) : reason
    }

    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
