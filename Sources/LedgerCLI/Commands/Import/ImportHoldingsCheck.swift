import LedgerCore
import LedgerRender
import LedgerStore

/// The held-quantity rule (docs/EVENTS.md) applied to an import, in one pass over the ledger's
/// events and the staged ones in replay order, with the balances of ``PositionBook``.
///
/// A staged event that takes out more than is held is a shortfall at its file and line. It is
/// then left out of the balances (as `--skip-invalid` will leave it out of the ledger), or,
/// with `allowZeroBasis`, the missing quantity is credited as a zero-basis lot — so one pass
/// gives the final list either way. An event of the ledger left short only because of the
/// import is reported without a line.
struct ImportHoldingsCheck {
    struct Shortfall {
        let place: StagedPlace
        let event: LedgerEvent
        let key: PositionKey
        let needed: ExactDecimal
        let held: ExactDecimal
        var missing: ExactDecimal { needed - max(held, .zero) }
    }

    private(set) var shortfalls: [Shortfall] = []
    private(set) var shortExisting: [LedgerEvent] = []
    private var balances: [PositionKey: ExactDecimal] = [:]

    /// Runs the check. `allowZeroBasis` credits what is missing instead of leaving the event out.
    static func run(_ session: SQLiteImportSession, allowZeroBasis: Bool) throws -> ImportHoldingsCheck {
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
            if shortSeqs.contains(event.sequence), !shortBefore.contains(event.sequence) { check.shortExisting.append(event) }
        }
        return check
    }

    /// Applies one event; true when it took out more than was held.
    mutating func apply(_ event: LedgerEvent, place: StagedPlace?, credit: Bool) -> Bool {
        if case .split(let asset, let ratio) = event.action {
            for (key, quantity) in balances where key.asset == asset.symbol {
                balances[key] = quantity * ExactDecimal(ratio.numerator) / ExactDecimal(ratio.denominator)
            }
            return false
        }
        // Each position the event changes, once, in the order first changed (an event changes
        // two or three: a list, not a dictionary, on a path taken for every imported row). A
        // position is guarded when its first change takes out what must be held.
        var net: [(key: PositionKey, delta: ExactDecimal, guarded: Bool)] = []
        for change in event.quantityChanges {
            if let index = net.firstIndex(where: { $0.key == change.key }) {
                net[index].delta += change.delta
            } else {
                net.append((change.key, change.delta, change.mustBeHeld && change.delta.isNegative))
            }
        }
        let short = net.indices.filter { net[$0].guarded && (balances[net[$0].key] ?? .zero) + net[$0].delta < .zero }
        if let place, !short.isEmpty {
            for index in short {
                let (key, delta, _) = net[index]
                shortfalls.append(Shortfall(place: place, event: event, key: key, needed: delta.negated, held: balances[key] ?? .zero))
            }
            guard credit else { return true }
            for index in short { net[index].delta -= (balances[net[index].key] ?? .zero) + net[index].delta }
        }
        for (key, delta, _) in net { balances[key, default: .zero] += delta }
        return !short.isEmpty
    }

    /// `takes 2 BTC from 'coinbase' where 1.5 BTC is held on 2024-01-02T10:00:00Z`.
    static func describe(_ shortfall: Shortfall) -> String {
        let asset = shortfall.key.asset
        return "takes \(shortfall.needed) \(asset) from '\(shortfall.key.account)' where \(max(shortfall.held, .zero)) \(asset) is held on \(shortfall.event.occurredAt.compactDescription)"
    }

    static func describeExisting(_ event: LedgerEvent) -> String {
        "the import would leave #\(event.sequence) on \(event.occurredAt.date) (\(EventSummary.describe(event))) short of what it takes out; import the rows that bring it in, or void #\(event.sequence)"
    }
}
