/// `ledger returns --by`: what the portfolio is split into, each part (a *sleeve*) with a
/// return of its own (docs/RETURNS.md, "By asset, class or account").
public enum ReturnsGrouping: String, CaseIterable, Sendable {
    case asset
    case `class`
    case account

    /// The choices, for help and error messages.
    public static let list = "asset, class or account"

    /// The sleeve that `asset` held in `account` belongs to.
    func sleeve(_ asset: AssetSymbol, account: String, classes: [AssetSymbol: AssetClass]) -> String {
        switch self {
        case .asset: asset.text
        case .class: (classes[asset] ?? asset.inferredClass).rawValue
        case .account: account
        }
    }
}

/// One sleeve's daily quantities and flows, in the shape the portfolio's are.
public struct ReturnsSleeveInput: Sendable {
    public let name: String
    public let input: ReturnsInput
}

/// One sleeve's series and figures.
public struct ReturnsSleeve: Sendable {
    public let name: String
    public let days: [ReturnsDay]
    public let figures: ReturnFigures
}

extension LedgerEvent {
    /// Whether what the event moves is a flow of the sleeves it touches: everything but income,
    /// fees and splits, which are the sleeve's return (docs/RETURNS.md).
    var movesSleeves: Bool {
        switch action {
        case .income, .fee, .split, .void, .link: false
        case .buy, .sell, .trade, .deposit, .withdraw, .transfer: true
        }
    }
}

extension PortfolioState {
    /// What `account` holds of `asset`: its lots (pooled unless valued per account) and its
    /// fiat balance.
    func heldQuantity(_ key: PositionKey) -> ExactDecimal {
        let lots = PositionKey(
            account: options.perAccount ? key.account : ValuationOptions.pooledAccount, asset: key.asset)
        return (book(lots)?.quantity ?? .zero) + (balance(key) ?? .zero)
    }
}

/// Splits the replay's daily quantities and per-position flows into sleeves.
enum SleeveSplit {
    /// One input per sleeve (sorted by name) from the portfolio's days and closes, the closes per
    /// account (for `.account`), and the quantities each position moved by flows, per day.
    static func inputs(
        _ grouping: ReturnsGrouping, days: [LocalDate], closes: [[AssetSymbol: ExactDecimal]],
        accountCloses: [[PositionKey: ExactDecimal]], moved: [LocalDate: [PositionKey: ExactDecimal]],
        classes: [AssetSymbol: AssetClass]
    ) -> [ReturnsSleeveInput] {
        let sleeveOf = { (key: PositionKey) in grouping.sleeve(key.asset, account: key.account, classes: classes) }
        let keyed: [[PositionKey: ExactDecimal]] =
            grouping == .account
            ? accountCloses
            : closes.map {
                Dictionary(uniqueKeysWithValues: $0.map { (PositionKey(account: "", asset: $0.key), $0.value) })
            }
        var sleeveCloses: [String: [[AssetSymbol: ExactDecimal]]] = [:]
        for (index, held) in keyed.enumerated() {
            for (key, quantity) in held {
                sleeveCloses[sleeveOf(key), default: Array(repeating: [:], count: keyed.count)][index][
                    key.asset, default: .zero] += quantity
            }
        }
        var sleeveFlows: [String: [LocalDate: [AssetSymbol: ExactDecimal]]] = [:]
        for (day, positions) in moved {
            for (key, quantity) in positions {
                sleeveFlows[sleeveOf(key), default: [:]][day, default: [:]][key.asset, default: .zero] += quantity
            }
        }
        let names = Set(sleeveCloses.keys).union(sleeveFlows.keys).sorted()
        return names.map { name in
            ReturnsSleeveInput(
                name: name,
                input: ReturnsInput(
                    days: days, closes: sleeveCloses[name] ?? Array(repeating: [:], count: days.count),
                    flows: sleeveFlows[name] ?? [:]))
        }
    }
}
