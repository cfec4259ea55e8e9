import LedgerCore
import LedgerStore

/// The held-quantity rule (docs/EVENTS.md) applied to an import, in one pass over the ledger's
/// events and the staged ones in replay order, folded by ``PositionBook`` (the same fold as
/// `add` and `verify`; only what is done about a shortfall is the import's own).
///
/// A staged event that takes out more than is held is a shortfall at its file and line. It is
/// then left out of the balances (as `--skip-invalid` will leave it out of the ledger), or,
/// with `allowZeroBasis`, the missing quantity is credited as a zero-basis lot — so one pass
/// gives the final list either way. An event of the ledger left short only because of the
/// import is reported without a line.
public struct ImportHoldingsCheck {
    public struct Shortfall {
        public let place: StagedPlace
        public let event: LedgerEvent
        public let key: PositionKey
        public let needed: ExactDecimal
        public let held: ExactDecimal
        /// What must be credited for the balance to end at 0: a balance already below 0 (fiat
        /// spent on buys without a deposit) must be made up too, or `verify` finds it short.
        public var missing: ExactDecimal { needed - held }
    }

    public private(set) var shortfalls: [Shortfall] = []
    public private(set) var shortExisting: [LedgerEvent] = []
    private var book = PositionBook()

    /// Runs the check. `allowZeroBasis` credits what is missing instead of leaving the event out.
    public static func run(_ session: SQLiteImportSession, allowZeroBasis: Bool) throws -> ImportHoldingsCheck {
        var check = ImportHoldingsCheck()
        var shortSeqs: Set<Int64> = []
        try session.replay { event, place in
            let found = check.apply(event, place: place, credit: allowZeroBasis)
            if place == nil, found { shortSeqs.insert(event.sequence) }
        }
        guard !shortSeqs.isEmpty else { return check }
        // Which of the ledger's events were short before the import? Only new ones count.
        var before = ImportHoldingsCheck()
        var shortBefore: Set<Int64> = []
        try session.replay(includeStaged: false) { event, _ in
            if before.apply(event, place: nil, credit: false) { shortBefore.insert(event.sequence) }
        }
        try session.replay(includeStaged: false) { event, _ in
            if shortSeqs.contains(event.sequence), !shortBefore.contains(event.sequence) {
                check.shortExisting.append(event)
            }
        }
        return check
    }

    /// Applies one event; true when it took out more than was held.
    public mutating func apply(_ event: LedgerEvent, place: StagedPlace?, credit: Bool) -> Bool {
        if case .split(let asset, let ratio) = event.action {
            book.applySplit(asset.symbol, ratio)
            return false
        }
        var net = PositionBook.netChanges(event)
        guard net.contains(where: book.isShort) else {
            book.apply(net)
            return false
        }
        if let place {
            for change in net where book.isShort(change) {
                shortfalls.append(
                    Shortfall(
                        place: place, event: event, key: change.key, needed: change.delta.negated,
                        held: book.balance(change.key)))
            }
            guard credit else { return true }
            for index in net.indices where book.isShort(net[index]) {
                net[index].delta -= book.balance(net[index].key) + net[index].delta
            }
        }
        book.apply(net)
        return true
    }

    /// `takes 2 BTC from 'coinbase' where 1.5 BTC is held on 2024-01-02T10:00:00Z`.
    public static func describe(_ shortfall: Shortfall) -> String {
        let asset = shortfall.key.asset
        return
            "takes \(shortfall.needed) \(asset) from '\(shortfall.key.account)' where \(shortfall.held) \(asset) is held on \(shortfall.event.occurredAt.compactDescription)"
    }
}
