/// How `ledger market` orders a top list.
public enum TopListSort: String, CaseIterable, Sendable {
    case rank, change, price, name, volume

    /// The order a user expects without `--reverse`: rank and name ascending; the biggest
    /// change, price and volume first.
    var descendingByDefault: Bool { self == .change || self == .price || self == .volume }
}

/// Which entries of a top list to show, in which order, and which page of them.
/// A pure value: the same list and query always give the same page.
public struct TopListQuery: Sendable, Equatable {
    public var sort: TopListSort
    public var reverse: Bool
    /// Only the watched symbols.
    public var favoritesOnly: Bool
    /// 1-based; nil shows every entry on one page.
    public var page: Int?
    public var perPage: Int
    /// The change shown, coloured and sorted by (`--sort change`).
    public var change: ChangePeriod

    public init(
        sort: TopListSort = .rank, reverse: Bool = false, favoritesOnly: Bool = false, page: Int? = nil,
        perPage: Int = 20, change: ChangePeriod = .day
    ) {
        self.change = change
        self.sort = sort
        self.reverse = reverse
        self.favoritesOnly = favoritesOnly
        self.page = page
        self.perPage = perPage
    }

    /// The page of `entries` this query selects, or nil when `page` is beyond the last.
    public func apply(_ entries: [TopListEntry], favorites: Set<AssetSymbol>) -> TopListPage? {
        let chosen = favoritesOnly ? entries.filter { favorites.contains($0.symbol) } : entries
        let ordered = sorted(chosen)
        let size = page == nil ? max(ordered.count, 1) : perPage
        let pages = max(1, (ordered.count + size - 1) / size)
        let number = page ?? 1
        guard number <= pages else { return nil }
        let start = (number - 1) * size
        let slice = Array(ordered[min(start, ordered.count)..<min(start + size, ordered.count)])
        let listed = Set(entries.map(\.symbol))
        return TopListPage(
            entries: slice, page: number, pages: pages, matching: ordered.count,
            unlistedFavorites: favorites.filter { !listed.contains($0) }.sorted())
    }

    /// Entries in the chosen order; entries lacking the sorted figure go last either way,
    /// and ties keep market-cap rank order.
    func sorted(_ entries: [TopListEntry]) -> [TopListEntry] {
        let descending = sort.descendingByDefault != reverse
        return entries.sorted { left, right in
            switch compare(left, right) {
            case .some(let ordered) where ordered != 0: return descending ? ordered > 0 : ordered < 0
            case .none: return key(left) != nil
            default: return left.rank < right.rank
            }
        }
    }

    /// −1, 0 or 1 when both have the figure; nil when one lacks it (0 when both lack it).
    private func compare(_ left: TopListEntry, _ right: TopListEntry) -> Int? {
        if sort == .name {
            let (a, b) = (left.name.lowercased(), right.name.lowercased())
            return a == b ? 0 : (a < b ? -1 : 1)
        }
        if sort == .rank { return left.rank == right.rank ? 0 : (left.rank < right.rank ? -1 : 1) }
        switch (key(left), key(right)) {
        case (let a?, let b?): return a == b ? 0 : (a < b ? -1 : 1)
        case (nil, nil): return 0
        default: return nil
        }
    }

    private func key(_ entry: TopListEntry) -> ExactDecimal? {
        switch sort {
        case .change: entry.change(change)
        case .price: entry.price
        case .volume: entry.volume24h
        case .rank: ExactDecimal(entry.rank)
        case .name: .zero
        }
    }
}

/// One page of a top list, as ``TopListQuery/apply(_:favorites:)`` chose it.
public struct TopListPage: Sendable, Equatable {
    public let entries: [TopListEntry]
    /// 1-based.
    public let page: Int
    public let pages: Int
    /// How many entries matched before paging.
    public let matching: Int
    /// Watched symbols that are not in the list at all.
    public let unlistedFavorites: [AssetSymbol]
}
