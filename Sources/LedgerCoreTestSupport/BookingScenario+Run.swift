import LedgerCore

extension BookingScenario {
    /// What the replay did with a scenario.
    public struct Outcome: Sendable {
        public let state: PortfolioState
        /// Every disposal, as `quantity@cost÷quantity acquired-date`.
        public let booked: [LotSpec]
        /// The open lots after, in acquisition order.
        public let left: [LotSpec]
        public let warnings: [LedgerDiagnostic]
        public let errors: [LedgerDiagnostic]
    }

    /// The events the scenario stands for (numbered in the order written), the prices they
    /// need and an as-of instant after all of them.
    public func ledger() -> (events: [LedgerEvent], prices: PriceTable, asOf: Timestamp) {
        var make = Events()
        var events = lots.map { lot in
            make.buy(Self.asset, lot.quantity.description, at: lot.unitCost.description, on: lot.date!.description)
        }
        var day = lots.compactMap(\.date).max() ?? LocalDate(year: 2024, month: 1, day: 1)!
        var priceLines: [String] = []
        for action in actions {
            day = day.adding(days: 1)
            priceLines.append("\(day) \(Self.asset) \(Self.salePrice) USD")
            switch action {
            case .sell(let quantity):
                events.append(make.sell(Self.asset, quantity.description, at: Self.salePrice, on: day.description))
            case .fee(let quantity):
                events.append(make.fee(Self.asset, quantity.description, on: day.description))
            case .buy(let quantity, let unitCost):
                events.append(make.buy(Self.asset, quantity.description, at: unitCost.description, on: day.description))
            }
        }
        return (
            Events.sequenced(events), priceTable(priceLines.joined(separator: "\n")), day.adding(days: 1).startOfDay
        )
    }

    /// Replays the scenario with its method (lots pooled, valued in USD).
    public func run() -> Outcome {
        let (events, prices, asOf) = ledger()
        let options = ValuationOptions(method: method, currency: sym("USD"), asOf: asOf)
        let state = PortfolioFold.replay(events, options: options, prices: prices)
        let booked = state.disposals.map {
            LotSpec(quantity: $0.quantity, unitCost: $0.cost / $0.quantity, date: $0.acquired.date)
        }
        let book = state.book(PositionKey(account: ValuationOptions.pooledAccount, asset: sym(Self.asset)))
        let left = (book?.lots ?? []).map {
            LotSpec(quantity: $0.quantity, unitCost: $0.unitCost, date: $0.acquired.date)
        }
        return Outcome(
            state: state, booked: booked, left: left,
            warnings: state.diagnostics.filter { $0.severity == .warning },
            errors: state.diagnostics.filter { $0.severity == .error })
    }

    /// How many reductions take more than is held at their time (each should warn once).
    public var uncoveredReductions: Int {
        var held = lots.reduce(ExactDecimal.zero) { $0 + $1.quantity }
        var count = 0
        for action in actions {
            switch action {
            case .buy(let quantity, _): held += quantity
            case .sell(let quantity), .fee(let quantity):
                if quantity > held { count += 1 }
                held = max(.zero, held - quantity)
            }
        }
        return count
    }

    /// Nil when the replay matches the scenario; else a message naming the line and every
    /// difference.
    public func check() -> String? {
        let outcome = run()
        var problems: [String] = []
        if !Self.same(booked, outcome.booked) {
            problems.append("booked: expected \(Self.list(booked)), got \(Self.list(outcome.booked))")
        }
        if !Self.same(left, outcome.left) {
            problems.append("left: expected \(Self.list(left)), got \(Self.list(outcome.left))")
        }
        if outcome.warnings.count != uncoveredReductions {
            problems.append("warnings: expected \(uncoveredReductions), got \(outcome.warnings.map(\.description))")
        }
        if !outcome.errors.isEmpty {
            problems.append("errors: expected none, got \(outcome.errors.map(\.description))")
        }
        guard !problems.isEmpty else { return nil }
        return (["booking scenario failed: \(line)"] + problems.map { "  " + $0 }).joined(separator: "\n")
    }

    private static func same(_ expected: [LotSpec], _ actual: [LotSpec]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { $0.matches($1) }
    }

    private static func list(_ specs: [LotSpec]) -> String {
        specs.isEmpty ? "none" : specs.map(\.description).joined(separator: ", ")
    }
}
