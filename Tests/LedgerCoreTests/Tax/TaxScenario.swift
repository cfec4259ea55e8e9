import LedgerCore

/// A history of one or more assets for the tax engine, written as a filer reads an example:
/// dates as text, amounts in the filing currency. Each call is one event, later than the
/// previous one (within a day, in the order written).
struct TaxScenario {
    var transactions: [TaxTransaction] = []
    var income: [TaxIncomeRecord] = []
    private var events: UInt128 = 0
    private var secondsIntoDay: [LocalDate: Int64] = [:]

    static func date(_ text: String) -> LocalDate {
        let parts = text.split(separator: "-").map { Int($0)! }
        return LocalDate(year: parts[0], month: parts[1], day: parts[2])!
    }

    private mutating func moment(_ text: String) -> (Timestamp, EventID) {
        let day = Self.date(text)
        let second = secondsIntoDay[day, default: 36_000]
        secondsIntoDay[day] = second + 60
        events += 1
        return (day.startOfDay.adding(seconds: second), EventID(value: events))
    }

    /// The id the next event will get.
    var nextEvent: EventID { EventID(value: events + 1) }

    mutating func buy(
        _ date: String, _ quantity: ExactDecimal, _ asset: String, cost: ExactDecimal,
        class assetClass: AssetClass = .stock, account: String = "broker"
    ) {
        let (time, event) = moment(date)
        transactions.append(
            TaxTransaction(
                .acquisition, asset: AssetSymbol(asset)!, class: assetClass, account: account, quantity: quantity,
                amount: cost, time: time, event: event))
    }

    /// `proceeds` before the sale's `costs` (as HMRC and the IRS state them).
    mutating func sell(
        _ date: String, _ quantity: ExactDecimal, _ asset: String, proceeds: ExactDecimal, costs: ExactDecimal = .zero,
        class assetClass: AssetClass = .stock, account: String = "broker"
    ) {
        let (time, event) = moment(date)
        transactions.append(
            TaxTransaction(
                .disposal(fee: costs), asset: AssetSymbol(asset)!, class: assetClass, account: account,
                quantity: quantity, amount: proceeds - costs, time: time, event: event))
    }

    /// A move between two of the filer's accounts (a `transfer` or a linked pair).
    mutating func transfer(
        _ date: String, _ quantity: ExactDecimal, _ asset: String, from source: String, to destination: String,
        class assetClass: AssetClass = .crypto
    ) {
        let (time, event) = moment(date)
        transactions.append(
            TaxTransaction(
                .transfer(to: destination), asset: AssetSymbol(asset)!, class: assetClass, account: source,
                quantity: quantity, amount: .zero, time: time, event: event))
    }

    mutating func split(_ date: String, _ asset: String, _ numerator: Int, for denominator: Int) {
        let (time, event) = moment(date)
        transactions.append(
            TaxTransaction(
                .split(numerator: ExactDecimal(numerator), denominator: ExactDecimal(denominator)),
                asset: AssetSymbol(asset)!, class: .stock, quantity: .zero, amount: .zero, time: time, event: event))
    }

    func report(_ rules: TaxRules, _ options: TaxOptions = TaxOptions()) -> TaxReport {
        TaxEngine.report(transactions, income: income, rules: rules, options: options)
    }
}

extension ExactDecimal {
    /// Rounded to pence or cents, as the examples print them.
    var cents: ExactDecimal { rounded(places: 2) }
}

extension TaxReport {
    func holding(_ asset: String) -> TaxHolding? { holdings.first { $0.asset.text == asset } }

    func year(_ label: String) -> TaxYear? { years.first { $0.label == label } }
}

/// A decimal written as text (`dec("2930.67")`).
func dec(_ text: String) -> ExactDecimal { ExactDecimal(text)! }
