import LedgerCore

extension JournalBuilder {
    /// One transaction dated `date` that brings in every open lot (with its own cost and
    /// acquisition date, so later sales still find it) and every fiat balance, against
    /// `Equity:Opening-Balances`: a journal that starts at `--since` still adds up.
    mutating func openingBalances(on date: LocalDate) throws {
        var postings: [JournalPosting] = []
        var equity: [AssetSymbol: ExactDecimal] = [:]
        var keys: Set<PositionKey> = []
        fold.state.forEachBook { key, book in if !book.isEmpty { keys.insert(key) } }
        fold.state.forEachBalance { key, balance in if balance.isPositive { keys.insert(key) } }
        for key in keys.sorted(by: { ($0.account, $0.asset) < ($1.account, $1.asset) }) {
            let account = try names.name(key.account).get()
            let empty = PositionSnapshot(fold.state, keys: [])
            for (identity, quantity) in empty.lotChanges(to: PositionSnapshot(fold.state, keys: [key]), key: key) {
                let lot = JournalLot(unitCost: identity.unitCost, currency: currency, acquired: identity.acquired)
                postings.append(JournalPosting(account: account, quantity: quantity, symbol: key.asset, lot: lot))
            }
            if let cost = fold.state.book(key)?.cost { equity[currency, default: .zero] -= cost }
            if let cash = fold.state.balance(key), cash.isPositive {
                postings.append(JournalPosting(account: account, quantity: cash, symbol: key.asset))
                equity[key.asset, default: .zero] -= cash
            }
        }
        for (symbol, amount) in equity.sorted(by: { $0.key < $1.key }) where !amount.isZero {
            postings.append(JournalPosting(account: JournalNames.openingBalances, quantity: amount, symbol: symbol))
        }
        guard !postings.isEmpty else { return }
        append(
            JournalTransaction(
                date: date, narration: "opening balances: every open lot and balance before \(date)",
                eventID: "", sequence: 0, postings: postings))
    }

    /// The finished document: accounts and commodities with their first dates, prices by date.
    func document(method: BookingMethod) -> JournalDocument {
        var firstSeen: [AssetSymbol: LocalDate] = [:]
        func see(_ symbol: AssetSymbol, _ date: LocalDate) {
            if let known = firstSeen[symbol], known <= date { return }
            firstSeen[symbol] = date
        }
        for transaction in transactions {
            for posting in transaction.postings {
                see(posting.symbol, transaction.date)
                if let lot = posting.lot { see(lot.currency, transaction.date) }
                if let price = posting.unitPrice { see(price.currency, transaction.date) }
                if let value = posting.totalValue { see(value.currency, transaction.date) }
            }
        }
        let observations = prices.observations.sorted {
            ($0.observedAt, $0.asset, $0.quote) < ($1.observedAt, $1.asset, $1.quote)
        }
        for observation in observations {
            see(observation.asset, observation.observedAt.date)
            see(observation.quote, observation.observedAt.date)
        }
        see(
            currency,
            transactions.first?.date ?? observations.first?.observedAt.date ?? LocalDate(year: 1970, month: 1, day: 1)!)
        return JournalDocument(
            currency: currency, method: method,
            accounts: accountOrder.map { ($0, accounts[$0]!) },
            commodities: firstSeen.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.key, $0.value) },
            prices: observations, transactions: transactions, largestQuantity: largestQuantity)
    }
}
