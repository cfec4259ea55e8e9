import Synchronization

/// One priced pair: `asset` quoted in `quote`.
public struct PricePair: Hashable, Sendable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol

    public init(asset: AssetSymbol, quote: AssetSymbol) {
        self.asset = asset
        self.quote = quote
    }
}

/// Where a ``PriceTable`` reads the observations it does not hold (the ledger's price store):
/// the pairs, and one pair's observations around a time, by index lookups, never a scan of
/// the whole table.
public protocol PriceSeriesSource {
    /// Every pair with at least one observation.
    func pairs() throws -> [PricePair]
    /// The newest observation of `pair` at or before `time` (when there is one), then at most
    /// `limit` observations after `time`; oldest first, by observed-at, then source.
    func observations(of pair: PricePair, around time: Timestamp, after limit: Int) throws -> [PriceObservation]
}

/// The part of each pair's series a table has read, so that a fold moving forward in time
/// asks the source once per window, and a report that only values holdings today asks once
/// per pair. A window doubles each time a pair misses (64 observations, then 128, …), so a
/// pair read from end to end costs a few dozen lookups. The first failure of the source is
/// kept (``failure``) and the lookups that met it find no price.
final class PriceSeriesCache: @unchecked Sendable {
    /// A run of one pair's observations and the times it answers for: every lookup between
    /// `validFrom` (nil: from the beginning) and `validThrough` (nil: to the end), inclusive.
    struct Window {
        var observations: [PriceObservation]
        var validFrom: Timestamp?
        var validThrough: Timestamp?
        var misses = 0

        func covers(_ time: Timestamp) -> Bool {
            (validFrom.map { time >= $0 } ?? true) && (validThrough.map { time <= $0 } ?? true)
        }
    }

    private struct State {
        var windows: [PricePair: Window] = [:]
        var failure: (any Error)?
    }

    private let source: any PriceSeriesSource
    private let state = Mutex(State())
    /// The smallest window read; each miss of the same pair doubles it, up to 2^18.
    static let firstWindow = 64

    init(source: any PriceSeriesSource) {
        self.source = source
    }

    var failure: (any Error)? { state.withLock { $0.failure } }

    /// The last observation of `pair` at or before `time` (on a tie of times, the greatest
    /// source), reading a window from the source when the one held does not cover `time`.
    func latest(_ pair: PricePair, at time: Timestamp) -> PriceObservation? {
        state.withLock { state in
            if let window = state.windows[pair], window.covers(time) {
                return PriceTable.last(in: window.observations, atOrBefore: time)
            }
            let misses = (state.windows[pair]?.misses ?? -1) + 1
            let limit = Self.firstWindow << min(misses, 12)
            do {
                let read = try source.observations(of: pair, around: time, after: limit)
                let window = Self.window(read, around: time, limit: limit, misses: misses)
                state.windows[pair] = window
                return PriceTable.last(in: window.observations, atOrBefore: time)
            } catch {
                if state.failure == nil { state.failure = error }
                return nil
            }
        }
    }

    /// Every observation of `pair`, oldest first.
    func all(_ pair: PricePair) -> [PriceObservation] {
        state.withLock { state in
            do {
                let read = try source.observations(
                    of: pair, around: Timestamp(secondsSinceEpoch: .min), after: Int.max)
                state.windows[pair] = Window(observations: read, validFrom: nil, validThrough: nil)
                return read
            } catch {
                if state.failure == nil { state.failure = error }
                return []
            }
        }
    }

    /// What a read of `limit` observations after `time` answers for: from the newest at or
    /// before `time` (or the beginning when there is none), to the end when fewer than
    /// `limit` came after it, else to just before the last one read (an observation at that
    /// same second with a greater source may not have been read).
    static func window(_ read: [PriceObservation], around time: Timestamp, limit: Int, misses: Int) -> Window {
        let head = read.first.flatMap { $0.observedAt <= time ? $0 : nil }
        let after = read.count - (head == nil ? 0 : 1)
        let through = after < limit ? nil : read.last.map { $0.observedAt.adding(seconds: -1) }
        return Window(observations: read, validFrom: head?.observedAt, validThrough: through, misses: misses)
    }
}
