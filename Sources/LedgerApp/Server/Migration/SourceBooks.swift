import LedgerCore
import LedgerInterchange
import LedgerStore

/// One user's ledger file as `ledger serve migrate` copies it: verified when found, and each
/// event's hash derived again from the event itself, so the database (which links the events
/// with the same ``HashChain``) makes the same chain. Holds no events: each pass streams them
/// from the file, so a long ledger takes no more memory than a short one.
struct SourceBooks {
    let user: String
    let path: String
    let head: ChainHead

    /// How many events one transaction of the copy appends.
    static let batch = 1000

    /// The ledger at `path`, verified; nil when the user has none.
    init?(user: String, path: String) throws {
        guard Ledger.exists(at: path) else { return nil }
        let events = try Ledger.forReading(path: path).events
        let verified = try events.verifyChain()
        if let broken = verified.firstBreak {
            throw MigrationError.brokenChain(user: user, path: path, sequence: broken.sequence, reason: broken.reason)
        }
        var derived = ChainHead(count: 0, hash: HashChain.genesis)
        try events.forEachEvent { event in derived = Self.link(event, after: derived) }
        guard derived == verified.head else { throw MigrationError.notReproduced(user: user, path: path) }
        self.user = user
        self.path = path
        head = verified.head
    }

    /// The head after `event`, linked after `head`.
    static func link(_ event: LedgerEvent, after head: ChainHead) -> ChainHead {
        ChainHead(count: head.count + 1, hash: HashChain.hash(previous: head.hash, record: EventRecordV1(event)))
    }

    /// How many of the events the database holds already (the first so many: a copy that
    /// stopped, or a second run); throws when what it holds is not a beginning of this chain.
    func copiedHead(in events: some EventStore) throws -> ChainHead {
        let there = try events.chainHead()
        guard there.count > 0 else { return there }
        let file = try Ledger.forReading(path: path).events
        guard there.count <= head.count, try file.sequence(ofHash: there.hash) == there.count else {
            throw MigrationError.booksDiffer(user: user, there: there.count, here: head.count)
        }
        return there
    }

    /// The events, prices, settings, alerts and import receipts `books` lacks, then the copy
    /// verified against the file; what the database holds differently and keeps (`currency`,
    /// `alert 2`).
    func copy(into books: any BookStores) throws -> (tally: MigrationTally, kept: [String]) {
        let file = try Ledger.forReading(path: path)
        var tally = MigrationTally()
        tally.events = try copyEvents(from: file.events, into: books.events)
        let copied = try books.events.verifyChain()
        guard copied.firstBreak == nil, copied.head == head else { throw MigrationError.copyDiffers(user: user) }
        tally.prices = try copyPrices(try file.prices.observations(asset: nil), into: books.prices)
        let settings = try file.settings.allSettings()
        let there = try books.settings.allSettings()
        for (key, value) in settings.sorted(by: { $0.key < $1.key }) where there[key] == nil {
            try books.settings.setSetting(key, value)
            tally.settings += 1
        }
        let kept = settings.keys.filter { key in there[key].map { $0 != settings[key] } ?? false }.sorted()
        let alerts = try copyAlerts(from: file.alerts, into: books.alerts)
        tally.alerts = alerts.copied
        tally.receipts = try copyReceipts(try file.imports.receipts(), into: books.imports)
        return (tally, kept + alerts.kept.map { "alert \($0)" })
    }

    /// The alerts whose numbers the database lacks, each with its number, state and last
    /// sighting, new numbers following the file's (a removed alert's number is never given
    /// again); how many, and the numbers the database holds for a different alert.
    private func copyAlerts(from file: some AlertStore, into store: some AlertStore) throws
        -> (copied: Int, kept: [Int64])
    {
        let alerts = try file.alerts()
        let there = Dictionary(try store.alerts().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let copied = try store.copyAlerts(alerts, lastID: try file.lastAlertID())
        let kept = alerts.filter { alert in there[alert.id].map { !Self.sameAlert($0, alert) } ?? false }
        return (copied.count, kept.map(\.id))
    }

    /// The same alert as made (its state and sightings move as prices are checked).
    static func sameAlert(_ one: Alert, _ other: Alert) -> Bool {
        (one.asset, one.assetClass, one.quote, one.condition, one.note, one.createdAt)
            == (other.asset, other.assetClass, other.quote, other.condition, other.note, other.createdAt)
    }

    /// Appends the events after those there, `batch` at a time, each batch checking under the
    /// append's lock that the head is still where this copy left it; how many it appended.
    private func copyEvents(from file: LedgerEvents, into events: some EventStore) throws -> Int {
        let start = try copiedHead(in: events)
        var head = start
        var batch: [LedgerEvent] = []
        func flush() throws {
            let expected = head
            for event in batch { head = Self.link(event, after: head) }
            _ = try events.append(batch) { _ in
                guard try events.chainHead() == expected else {
                    throw MigrationError.booksChangedMeanwhile(user: user)
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        try file.forEachEvent { event in
            guard event.sequence > start.count else { return }
            batch.append(event)
            if batch.count == Self.batch { try flush() }
        }
        if !batch.isEmpty { try flush() }
        return Int(head.count - start.count)
    }

    /// Adds the receipts whose batch the database lacks, in the file's order; how many.
    private func copyReceipts(_ receipts: [ImportReceipt], into store: some ImportReceiptStore) throws -> Int {
        let there = Set(try store.receipts().map(\.batch))
        let missing = receipts.filter { !there.contains($0.batch) }
        try store.add(missing)
        return missing.count
    }

    /// Records the prices whose key (asset, quote, observed at, source) the database lacks,
    /// each with the fetch time it had; how many.
    private func copyPrices(_ prices: [RecordedPrice], into store: some PriceStore) throws -> Int {
        let there = Set(try store.observations(asset: nil).map { PriceKey($0.observation) })
        let missing = prices.filter { !there.contains(PriceKey($0.observation)) }
        let byFetch = Dictionary(grouping: missing, by: \.fetchedAt)
        for fetchedAt in byFetch.keys.sorted() {
            try store.record(byFetch[fetchedAt, default: []].map(\.observation), fetchedAt: fetchedAt)
        }
        return missing.count
    }
}

/// What identifies a stored price (recording the same key again replaces it).
private struct PriceKey: Hashable {
    let asset: AssetSymbol
    let quote: AssetSymbol
    let observedAt: Timestamp
    let source: String

    init(_ observation: PriceObservation) {
        asset = observation.asset
        quote = observation.quote
        observedAt = observation.observedAt
        source = observation.source
    }
}
