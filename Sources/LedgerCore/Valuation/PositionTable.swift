/// A replay's positions by small integers: each account and asset symbol gets the next id the
/// first time it is seen, each (account, asset) pair a slot, and the books, fiat balances,
/// held quantities and cash marks live in one array by slot. The fold finds a slot with an
/// array index and a probe on the symbol's digest instead of hashing a ``PositionKey`` and its
/// account per lookup; the names come back through the slot's key, which is made once
/// (docs/ARCHITECTURE.md, "The path of a report", step 4). Slots keep the order they were first seen.
struct PositionTable: Sendable {
    /// One position: what the replay keeps for an asset in an account.
    struct Entry: Sendable {
        let key: PositionKey
        var book: LotBook?
        var fiat: ExactDecimal?
        var held: ExactDecimal?
        /// Imported trades moved this fiat balance (``PortfolioState/cashNotKnown``).
        var cashImplied = false
    }

    private(set) var entries: [Entry] = []
    /// Asset symbols by id, and the class each was last remembered with (nil until then).
    private(set) var symbols: [AssetSymbol] = []
    private(set) var classes: [AssetClass?] = []
    /// Account names by id, and whether each one's cash is known (a fiat deposit, withdrawal or
    /// transfer).
    private(set) var accounts: [String] = []
    private(set) var cashKnown: [Bool] = []
    /// Open addressing over ``AssetSymbol``'s digest: id + 1 per place, 0 for an empty one;
    /// at least twice as many places as symbols.
    private var symbolPlaces = [Int32](repeating: 0, count: 16)
    /// Direct-mapped by a tagged symbol's tag (``AssetSymbol/tag``): the tag in the high half,
    /// the id in the low; 0 for an empty place. A replay's symbols are all tagged, so a lookup
    /// is one load and one compare; a miss (a new symbol, a collision) probes as untagged ones do.
    private var tagged = [UInt64](repeating: 0, count: 256)
    private var accountIDs: [String: Int] = [:]
    /// The two accounts named last, newest first: most events name the one before's, and a
    /// pooled replay goes back and forth between the pooled account and the fiat's.
    private var recentAccounts = (RecentAccount(), RecentAccount())
    /// The pooled account's id once ``pooledSlot(_:)`` has named it, else -1.
    private var pooledAccountID = -1
    /// Slot by account id, then asset id; -1 where the pair has none yet.
    private var slots: [[Int32]] = []

    /// The id of `symbol`, if it was seen.
    func id(of symbol: AssetSymbol) -> Int? {
        if let id = cachedID(symbol) { return id }
        return probedID(symbol)
    }

    /// The id the tag cache holds for `symbol`, if it is tagged and there.
    @inline(__always)
    private func cachedID(_ symbol: AssetSymbol) -> Int? {
        let tag = UInt64(symbol.tag)
        let entry = tagged[Int(truncatingIfNeeded: tag & 255)]
        return tag != 0 && entry >> 32 == tag ? Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) : nil
    }

    private func probedID(_ symbol: AssetSymbol) -> Int? {
        let mask = symbolPlaces.count - 1
        var place = Self.firstPlace(symbol.textHash) & mask
        while true {
            let entry = Int(symbolPlaces[place])
            if entry == 0 { return nil }
            if symbols[entry - 1] == symbol { return entry - 1 }
            place = (place + 1) & mask
        }
    }

    /// The id of `symbol`, given the next one when new.
    mutating func symbolID(_ symbol: AssetSymbol) -> Int {
        if let id = cachedID(symbol) { return id }
        let id = probedID(symbol) ?? newSymbolID(symbol)
        if symbol.tag != 0 { tagged[Int(symbol.tag & 255)] = UInt64(symbol.tag) << 32 | UInt64(id) }
        return id
    }

    private mutating func newSymbolID(_ symbol: AssetSymbol) -> Int {
        symbols.append(symbol)
        classes.append(nil)
        if symbols.count * 2 > symbolPlaces.count {
            symbolPlaces = [Int32](repeating: 0, count: symbolPlaces.count * 2)
            for id in symbols.indices { place(id) }
        } else {
            place(symbols.count - 1)
        }
        return symbols.count - 1
    }

    private mutating func place(_ id: Int) {
        let mask = symbolPlaces.count - 1
        var place = Self.firstPlace(symbols[id].textHash) & mask
        while symbolPlaces[place] != 0 { place = (place + 1) & mask }
        symbolPlaces[place] = Int32(id + 1)
    }

    /// Where a symbol's probe starts: its digest's high bits after a multiply.
    private static func firstPlace(_ digest: UInt64) -> Int {
        Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    private struct RecentAccount: Sendable {
        var name = ""
        var id = -1
    }

    /// The id of account `name`, if it was seen.
    func id(ofAccount name: String) -> Int? {
        if recentAccounts.0.id >= 0, recentAccounts.0.name == name { return recentAccounts.0.id }
        if recentAccounts.1.id >= 0, recentAccounts.1.name == name { return recentAccounts.1.id }
        return accountIDs[name]
    }

    /// The id of account `name`, given the next one when new.
    mutating func accountID(_ name: String) -> Int {
        // Either of the two is a hit as it stands: reordering them on each turn of a pooled
        // replay retained and released both names.
        if recentAccounts.0.id >= 0, recentAccounts.0.name == name { return recentAccounts.0.id }
        if recentAccounts.1.id >= 0, recentAccounts.1.name == name { return recentAccounts.1.id }
        let id = knownOrNewAccountID(name)
        recentAccounts = (RecentAccount(name: name, id: id), recentAccounts.0)
        return id
    }

    private mutating func knownOrNewAccountID(_ name: String) -> Int {
        if let id = accountIDs[name] { return id }
        accounts.append(name)
        cashKnown.append(false)
        slots.append([])
        accountIDs[name] = accounts.count - 1
        return accounts.count - 1
    }

    /// The slot of `asset` in `account`, made (empty) when new.
    mutating func slot(_ account: String, _ asset: AssetSymbol) -> Int {
        let assetID = symbolID(asset)
        return slot(account, assetID)
    }

    /// The slot of the asset with id `assetID` (``symbolID(_:)``, ``remember(_:)``) in
    /// `account`, made (empty) when new.
    mutating func slot(_ account: String, _ assetID: Int) -> Int {
        slot(accountID: accountID(account), assetID)
    }

    /// ``slot(_:_:)`` in ``ValuationOptions/pooledAccount``, whose id is kept: a pooled replay
    /// names it and the events' account in turn, and the two recent accounts' names were
    /// compared (~45 instructions) on every other lookup (docs/PERFORMANCE.md, "Cold replay,
    /// thirtieth round").
    mutating func pooledSlot(_ assetID: Int) -> Int {
        if pooledAccountID < 0 { pooledAccountID = knownOrNewAccountID(ValuationOptions.pooledAccount) }
        return slot(accountID: pooledAccountID, assetID)
    }

    private mutating func slot(accountID: Int, _ assetID: Int) -> Int {
        if assetID < slots[accountID].count, slots[accountID][assetID] >= 0 {
            return Int(slots[accountID][assetID])
        }
        while slots[accountID].count <= assetID { slots[accountID].append(-1) }
        slots[accountID][assetID] = Int32(entries.count)
        entries.append(Entry(key: PositionKey(account: accounts[accountID], asset: symbols[assetID])))
        return entries.count - 1
    }

    /// The entry at `key`, if the replay made one.
    func entry(_ key: PositionKey) -> Entry? {
        guard let accountID = id(ofAccount: key.account), let assetID = id(of: key.asset),
            assetID < slots[accountID].count, slots[accountID][assetID] >= 0
        else { return nil }
        return entries[Int(slots[accountID][assetID])]
    }

    /// Records `asset`'s class (the latest one seen wins); returns its symbol's id.
    @discardableResult mutating func remember(_ asset: Asset) -> Int {
        let id = symbolID(asset.symbol)
        if classes[id] != asset.assetClass { classes[id] = asset.assetClass }
        return id
    }

    /// Marks account `name`'s cash as known; true the first time.
    mutating func markCashKnown(_ name: String) -> Bool {
        let id = accountID(name)
        guard !cashKnown[id] else { return false }
        cashKnown[id] = true
        return true
    }

    /// The book at `slot`, opened empty under `method` when the slot has none.
    mutating func withBook<Result>(
        _ slot: Int, method: BookingMethod, _ body: (inout LotBook) -> Result
    ) -> Result {
        if entries[slot].book == nil { entries[slot].book = LotBook(method: method) }
        return body(&entries[slot].book!)
    }

    /// The fiat balance at `slot`, 0 when the slot has none yet.
    mutating func withFiat<Result>(_ slot: Int, _ body: (inout ExactDecimal) -> Result) -> Result {
        if entries[slot].fiat == nil { entries[slot].fiat = .zero }
        return body(&entries[slot].fiat!)
    }

    /// The held quantity at `slot` (positions without lots), 0 when the slot has none yet.
    mutating func withHeld<Result>(_ slot: Int, _ body: (inout ExactDecimal) -> Result) -> Result {
        if entries[slot].held == nil { entries[slot].held = .zero }
        return body(&entries[slot].held!)
    }

    /// Scales the book and the held quantity at `slot` (a split; without lots the quantity is
    /// scaled as a book scales its total).
    mutating func split(_ slot: Int, numerator: ExactDecimal, denominator: ExactDecimal) {
        entries[slot].book?.split(numerator: numerator, denominator: denominator)
        if let held = entries[slot].held { entries[slot].held = LotBook.scaled(held, numerator, denominator) }
    }

    /// Marks the fiat balance at `slot` as moved by imported trades.
    mutating func markCashImplied(_ slot: Int) {
        if !entries[slot].cashImplied { entries[slot].cashImplied = true }
    }

    /// Every slot of `asset`, in the order of their accounts' ids.
    func slots(of asset: AssetSymbol) -> [Int] {
        guard let id = id(of: asset) else { return [] }
        return slots.compactMap { bySymbol in id < bySymbol.count && bySymbol[id] >= 0 ? Int(bySymbol[id]) : nil }
    }

    /// Each remembered symbol with its class.
    var assetClasses: [AssetSymbol: AssetClass] {
        var classes: [AssetSymbol: AssetClass] = [:]
        for (symbol, assetClass) in zip(symbols, self.classes) { classes[symbol] = assetClass }
        return classes
    }
}
