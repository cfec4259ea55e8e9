import LedgerCore

/// Turns a ledger into a ``JournalDocument`` by driving the real replay: each effective event
/// is applied to a ``PortfolioFold`` with lots per account, and the lots and totals it changed
/// become the transaction's postings. So the journal's lots, costs and gains are the ones
/// `ledger portfolio --by-account` and `ledger gains` report, not a second implementation.
///
/// Average cost cannot be booked by beancount; such a ledger is exported with FIFO lots.
public struct JournalBuilder {
    let currency: AssetSymbol
    let prices: PriceTable
    var fold: PortfolioFold
    var names = AccountNameMap()
    var transactions: [JournalTransaction] = []
    var accounts: [String: LocalDate] = [:]
    var accountOrder: [String] = []
    var largestQuantity = ExactDecimal.zero
    /// Problems found while writing postings (beyond the fold's own diagnostics).
    var problems: [LedgerDiagnostic] = []

    /// The booking method lots are exported with.
    public static func exportedMethod(_ method: BookingMethod) -> BookingMethod {
        method == .average ? .fifo : method
    }

    init(currency: AssetSymbol, method: BookingMethod, prices: PriceTable) {
        self.currency = currency
        self.prices = prices
        let options = ValuationOptions(
            method: Self.exportedMethod(method), perAccount: true, currency: currency,
            asOf: Timestamp(secondsSinceEpoch: Int64.max / 4))
        fold = PortfolioFold(options: options, prices: prices, recordingDisposals: false)
    }

    /// The journal of `events` (all of them: voids are applied here). With `since`, events
    /// before it are folded into one opening-balance transaction dated `since`; with `until`,
    /// events after that day are left out.
    public static func build(
        events: [LedgerEvent], prices: PriceTable, currency: AssetSymbol, method: BookingMethod,
        since: LocalDate? = nil, until: LocalDate? = nil
    ) -> Result<JournalDocument, JournalExportError> {
        var builder = JournalBuilder(currency: currency, method: method, prices: prices)
        var opened = since == nil
        do {
            for event in EventReplay.effective(events) {
                let date = event.occurredAt.date
                if let until, date > until { break }
                if let since, !opened, date >= since {
                    try builder.openingBalances(on: since)
                    opened = true
                }
                if opened { try builder.record(event) } else { builder.fold.apply(event) }
            }
            if let since, !opened { try builder.openingBalances(on: since) }
        } catch let error as JournalExportError {
            return .failure(error)
        } catch {
            preconditionFailure("only JournalExportError is thrown")
        }
        let missing = builder.fold.state.missingPrices
        if !missing.isEmpty { return .failure(.missingPrices(missing)) }
        let diagnostics = builder.fold.state.diagnostics + builder.problems
        if !diagnostics.isEmpty { return .failure(.unvalued(diagnostics)) }
        return .success(builder.document(method: exportedMethod(method)))
    }

    /// Applies one event and records its transaction.
    mutating func record(_ event: LedgerEvent) throws {
        let keys = touchedKeys(event)
        var journalNames: [String: String] = [:]
        for key in keys { journalNames[key.account] = try names.name(key.account).get() }
        let before = PositionSnapshot(fold.state, keys: keys)
        let totalsBefore = FoldTotals(fold.state)
        let known = fold.state.diagnostics.count
        let missed = fold.state.valuationsMissed
        fold.apply(event)
        // A diagnostic or a missing price means a value is missing or wrong: no transaction,
        // the export fails.
        guard fold.state.diagnostics.count == known, fold.state.valuationsMissed == missed else { return }
        var legs = EventLegs(event: event, currency: currency, prices: prices, names: journalNames)
        let after = PositionSnapshot(fold.state, keys: keys)
        for key in keys { legs.addPosition(key, before: before, after: after) }
        legs.addTotals(FoldTotals(fold.state) - totalsBefore)
        if let problem = legs.problem {
            problems.append(LedgerDiagnostic(.error, problem, sequence: event.sequence))
            return
        }
        append(
            JournalTransaction(
                date: event.occurredAt.date, narration: JournalNarration.describe(event),
                eventID: "\(event.id)", sequence: event.sequence, postings: legs.postings))
    }

    /// Every position the event may change: its quantity changes (fee included), and for a
    /// split every account holding the asset.
    func touchedKeys(_ event: LedgerEvent) -> [PositionKey] {
        var keys: [PositionKey] = []
        for change in event.quantityChanges where !keys.contains(change.key) { keys.append(change.key) }
        if case .split(let asset, _) = event.action {
            keys += fold.state.bookKeys(of: asset.symbol)
        }
        return keys
    }

    /// Remembers each account's first use and keeps the transaction.
    mutating func append(_ transaction: JournalTransaction) {
        for posting in transaction.postings {
            if accounts[posting.account] == nil {
                accounts[posting.account] = transaction.date
                accountOrder.append(posting.account)
            }
        }
        let lotQuantity = transaction.postings.filter { $0.lot != nil }.reduce(ExactDecimal.zero) {
            $0 + $1.quantity.magnitude
        }
        largestQuantity = max(largestQuantity, lotQuantity)
        transactions.append(transaction)
    }
}
