import LedgerCore

/// The postings of one event, from what the replay changed: lots removed and added, fiat
/// balances, and the running totals (paid in, income, fees, realized gain).
///
/// Every leg is in the ledger's currency except fiat in another currency, which carries its
/// value (`@@`) at the rate the replay used, unless the event moves it within that currency
/// only (a transfer). The gain is written as a number, not left for the tool to fill in, so
/// `Income:Gains` totals exactly what `ledger gains` reports; the tools still check that it
/// balances against the lots' costs.
struct EventLegs {
    let event: LedgerEvent
    let currency: AssetSymbol
    let prices: PriceTable
    /// Journal account names of the event's own accounts.
    let names: [String: String]
    var postings: [JournalPosting] = []
    /// Why the event cannot be written (a rate the replay did not need but a leg does).
    var problem: String?

    init(event: LedgerEvent, currency: AssetSymbol, prices: PriceTable, names: [String: String]) {
        self.event = event
        self.currency = currency
        self.prices = prices
        self.names = names
    }

    /// The lots added to and taken from one position, then its fiat change.
    mutating func addPosition(_ key: PositionKey, before: PositionSnapshot, after: PositionSnapshot) {
        let account = names[key.account]!
        for (identity, change) in before.lotChanges(to: after, key: key) {
            let lot = JournalLot(unitCost: identity.unitCost, currency: currency, acquired: identity.acquired)
            var posting = JournalPosting(account: account, quantity: change, symbol: key.asset, lot: lot)
            // The sale's unit price, shown: derived from a total, it is display only (the
            // cash leg below is the replay's exact change).
            if change.isNegative, case .sell(let amount, let term) = event.action,
                amount.asset.symbol == key.asset, key.account == event.account
            {
                posting.unitPrice = term.unitPrice(for: amount.quantity)
            }
            postings.append(posting)
        }
        let cash = before.fiatChange(to: after, key: key)
        if !cash.isZero { postings.append(JournalPosting(account: account, quantity: cash, symbol: key.asset)) }
    }

    /// The legs on the other side, then the values of fiat in other currencies.
    mutating func addTotals(_ change: FoldTotals) {
        var external = change.withdrawnCost - change.netFiatPaidIn
        if case .deposit(let amount) = event.action, !amount.asset.isFiat { external -= change.acquiredCost }
        add(JournalNames.external, external)
        if case .income(_, let kind, _) = event.action { add(JournalNames.income(kind), -change.income) }
        add(JournalNames.fees, change.feesPaid)
        add(JournalNames.gains, -change.realizedGain)
        valueForeignFiat()
    }

    private mutating func add(_ account: String, _ amount: ExactDecimal) {
        guard !amount.isZero else { return }
        postings.append(JournalPosting(account: account, quantity: amount, symbol: currency))
    }

    /// Fiat legs in another currency than the ledger's that do not cancel out get `@@ value`.
    private mutating func valueForeignFiat() {
        var net: [AssetSymbol: ExactDecimal] = [:]
        for posting in postings where posting.lot == nil && posting.symbol != currency {
            net[posting.symbol, default: .zero] += posting.quantity
        }
        for index in postings.indices {
            let posting = postings[index]
            guard posting.lot == nil, let total = net[posting.symbol], !total.isZero else { continue }
            guard let rate = prices.price(of: posting.symbol, in: currency, at: event.occurredAt) else {
                let date = event.occurredAt.date
                problem =
                    "no \(posting.symbol)/\(currency) rate on or before \(date) to value this event's \(posting.symbol) in \(currency); add one with 'ledger prices set \(posting.symbol) RATE --currency \(currency) --date \(date)'"
                return
            }
            postings[index].totalValue = Price(rate.value * posting.quantity.magnitude, currency)
        }
    }
}
