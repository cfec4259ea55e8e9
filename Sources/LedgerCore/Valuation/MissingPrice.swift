/// A valuation a replay could not make: no price of `asset` in `quote` at or before the day
/// of the events that needed it. The figures those events feed are incomplete until a price
/// is recorded (`ledger prices fetch --missing` fetches exactly these).
public struct MissingPrice: Hashable, Sendable, Comparable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    /// The UTC day of the events (a daily close of that day, or any earlier price, fills it).
    public let day: LocalDate
    /// The events (by sequence) that needed it, ascending.
    public internal(set) var sequences: [Int64]

    public init(asset: AssetSymbol, quote: AssetSymbol, day: LocalDate, sequences: [Int64]) {
        self.asset = asset
        self.quote = quote
        self.day = day
        self.sequences = sequences
    }

    public static func < (lhs: MissingPrice, rhs: MissingPrice) -> Bool {
        (lhs.asset, lhs.quote, lhs.day) < (rhs.asset, rhs.quote, rhs.day)
    }
}

/// The missing valuations of one asset in one quote, as a run of days: what the text reports
/// print on one line and what one history request can fill.
public struct MissingPriceRange: Hashable, Sendable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    public let first: LocalDate
    public let last: LocalDate
    /// The distinct days inside the range that need a price.
    public let days: Int
    public let events: Int

    /// Groups `missing` by asset and quote, earliest first within each.
    public static func grouped(_ missing: [MissingPrice]) -> [MissingPriceRange] {
        var byPair: [AssetPair: [MissingPrice]] = [:]
        for item in missing { byPair[AssetPair(item.asset, item.quote), default: []].append(item) }
        return byPair.keys.sorted().map { pair in
            let items = byPair[pair]!.sorted()
            return MissingPriceRange(
                asset: pair.asset, quote: pair.quote, first: items.first!.day, last: items.last!.day,
                days: items.count, events: MissingPrice.eventCount(items))
        }
    }
}

extension MissingPrice {
    /// The one command that fetches every missing price.
    public static let fillCommand = "ledger prices fetch --missing"
    /// How many pairs a summary names before "and N more pairs".
    static let listed = 6

    /// "3 events lack a price: ETH/USD on 2024-02-01, USDC/USD 2024-02-05 to 2024-02-10",
    /// or nil when nothing is missing.
    public static func summary(_ missing: [MissingPrice]) -> String? {
        guard !missing.isEmpty else { return nil }
        let ranges = MissingPriceRange.grouped(missing)
        var parts = ranges.prefix(listed).map(\.description)
        if ranges.count > listed {
            parts.append("and \(ranges.count - listed) more pair\(ranges.count - listed == 1 ? "" : "s")")
        }
        return eventsLacking(missing, "a price") + ": " + parts.joined(separator: ", ")
    }

    /// How many distinct events `missing` names.
    public static func eventCount(_ missing: [MissingPrice]) -> Int {
        Set(missing.flatMap(\.sequences)).count
    }

    /// "1 event lacks WHAT", "3 events lack WHAT".
    public static func eventsLacking(_ missing: [MissingPrice], _ what: String) -> String {
        let events = eventCount(missing)
        return "\(events) event\(events == 1 ? " lacks" : "s lack") \(what)"
    }
}

extension MissingPriceRange: CustomStringConvertible {
    /// `ETH/USD on 2024-02-01`, `USDC/USD 2024-02-05 to 2024-02-10`.
    public var description: String {
        "\(asset)/\(quote) " + (first == last ? "on \(first)" : "\(first) to \(last)")
    }
}

/// An (asset, quote) pair, ordered by symbol.
public struct AssetPair: Hashable, Sendable, Comparable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol

    public init(_ asset: AssetSymbol, _ quote: AssetSymbol) {
        self.asset = asset
        self.quote = quote
    }

    public static func < (lhs: AssetPair, rhs: AssetPair) -> Bool { (lhs.asset, lhs.quote) < (rhs.asset, rhs.quote) }
}
