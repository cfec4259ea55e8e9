import LedgerCore

/// Binance "Generate all statements" transaction history: one row per balance change
/// (`UTC_Time,Account,Operation,Coin,Change,Remark`, with or without `User_ID`). The rows of
/// one trade share a time (`Transaction Buy` + `Transaction Spend` + `Transaction Fee`, or the
/// older `Buy`/`Sell`/`Fee`); holdings are the sum of `Change` over every wallet, so moves
/// between Binance's own wallets record nothing.
public struct BinanceStatementLayout: ImportLayout {
    public static let preset = "binance"
    public static let title = "transaction history statement"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    var group = RowGroup()

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["UTC_Time", "Account", "Operation", "Coin", "Change"]) else { return nil }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        let operation = BinanceOperation(row["Operation"])
        guard operation.isTradeLeg else { return flush() + [single(row, operation)] }
        return trade(group.add(row, key: row["UTC_Time"]))
    }

    public mutating func finish() -> [ImportOutcome] { flush() }

    private mutating func flush() -> [ImportOutcome] { trade(group.take()) }

    /// The balance change of one row.
    private func change(_ row: ImportRow) throws(RowError) -> AssetAmount {
        AssetAmount(try ImportNumber.plain(row["Change"], "Change"), try codes.asset(row["Coin"], "Coin"))
    }

    private func single(_ row: ImportRow, _ operation: BinanceOperation) -> ImportOutcome {
        do throws(RowError) {
            let amount = try change(row)
            let time = try ImportDate.iso(row["UTC_Time"], "UTC_Time")
            let note = row["Remark"].isEmpty ? row["Operation"] : row["Operation"] + ": " + row["Remark"]
            switch operation {
            case .movement, .bySign:
                return build.event(row, at: time, try TradeAction.movement(amount, field: "Change"), note: note)
            case .income(let kind):
                guard amount.quantity.isPositive else {
                    throw RowError("\(row["Operation"]) with a negative Change \(amount.quantity)")
                }
                return build.event(row, at: time, try TradeAction.income(amount, kind), note: note)
            case .fee:
                guard amount.quantity.isNegative else {
                    throw RowError("\(row["Operation"]) with a positive Change \(amount.quantity)")
                }
                return build.event(row, at: time, .fee(amount.magnitude), note: note)
            case .profitOrLoss:
                let action: EventAction =
                    amount.quantity.isNegative ? .fee(amount.magnitude) : try TradeAction.income(amount, .other)
                return build.event(row, at: time, action, note: note)
            case .internalMove:
                return build.ignored(
                    row,
                    "'\(row["Operation"])' moves \(amount.quantity.magnitude) \(amount.asset) between Binance wallets (no change in holdings)"
                )
            case .trade:
                return build.problem(row, "unreachable")
            case .unknown:
                throw RowError(
                    "operation '\(row["Operation"])' is not one the binance preset knows; record it with 'ledger add'")
            }
        } catch {
            return build.problem(row, error.message)
        }
    }

    /// The rows of one trade (sharing a time) → one event, or several for a dust conversion.
    private func trade(_ rows: [ImportRow]) -> [ImportOutcome] {
        guard let first = rows.first else { return [] }
        do throws(RowError) {
            let (legs, fees) = try StatementGroup.legsAndFees(rows, amount: change) {
                BinanceOperation.isFee($0["Operation"])
            }
            let time = try ImportDate.iso(first["UTC_Time"], "UTC_Time")
            let fee = try StatementGroup.singleFee(fees)
            let note = Set(rows.map { $0["Operation"] }).sorted().joined(separator: " + ")
            let changes = StatementGroup.net(legs)
            if changes.filter(\.quantity.isNegative).count > 1, changes.filter(\.quantity.isPositive).count == 1 {
                return try dust(changes, first: first, time: time, note: note)
            }
            return [build.event(first, at: time, try StatementGroup.action(legs: legs), fee: fee, note: note)]
        } catch {
            let lines = rows.map { String($0.line) }.joined(separator: ", ")
            return [build.problem(first, error.message + " (lines \(lines), time \(first["UTC_Time"]))")]
        }
    }

    /// Several small balances swapped for one asset at once (`Small Assets Exchange BNB`):
    /// the statement does not say how much of the received asset each one bought, so each
    /// goes out as a withdrawal and the received total comes in as a deposit.
    private func dust(_ changes: [AssetAmount], first: ImportRow, time: Timestamp, note: String) throws(RowError)
        -> [ImportOutcome]
    {
        changes.map { change in
            let action: EventAction = change.quantity.isNegative ? .withdraw(change.magnitude) : .deposit(change)
            return build.event(
                first, at: time, action, note: note + " (several assets into one; the split is not in the statement)")
        }
    }
}

/// What a Binance statement `Operation` does.
enum BinanceOperation: Equatable {
    case trade, movement, bySign, fee, profitOrLoss, internalMove, unknown
    case income(IncomeKind)

    var isTradeLeg: Bool { self == .trade }

    static func isFee(_ name: String) -> Bool {
        ["transaction fee", "fee"].contains(name.lowercased())
    }

    init(_ name: String) {
        let lower = name.lowercased()
        if let named = Self.named[lower] {
            self = named
        } else if lower.hasPrefix("transfer between") || lower.hasSuffix("subscription")
            || lower.hasSuffix("redemption") || lower.hasSuffix("purchase")
        {
            self = .internalMove
        } else {
            self = Self.incomes[lower].map { .income($0) } ?? .unknown
        }
    }

    /// The operations known by their whole name; a name in two lists takes the first.
    private static let named: [String: Self] = {
        let lists: [(Self, [String])] = [
            (.trade, Array(trades)),
            (
                .movement,
                [
                    "deposit", "withdraw", "fiat deposit", "fiat withdraw", "fiat withdrawal", "send",
                    "binance card spending", "p2p trading",
                ]
            ),
            (.bySign, ["token swap - redenomination/rebranding", "asset recovery", "token swap - distribution"]),
            (.fee, ["bnb fee deduction"]),
            (.profitOrLoss, ["realized profit and loss", "funding fee", "insurance fund compensation"]),
            (
                .internalMove,
                [
                    "main and funding account transfer", "transfer_in", "transfer_out", "isolated margin loan",
                    "margin loan",
                ]
            ),
        ]
        var table: [String: Self] = [:]
        for (kind, names) in lists { for name in names where table[name] == nil { table[name] = kind } }
        return table
    }()

    private static let trades: Set<String> = [
        "transaction buy", "transaction spend", "transaction sold", "transaction revenue", "transaction fee",
        "transaction related", "buy", "sell", "fee", "binance convert", "large otc trading",
        "small assets exchange bnb", "buy crypto with card", "buy crypto with fiat", "auto-invest transaction",
    ]

    private static let incomes: [String: IncomeKind] = [
        "simple earn flexible interest": .interest, "simple earn locked rewards": .staking,
        "staking rewards": .staking, "pos savings interest": .staking, "savings interest": .interest,
        "eth 2.0 staking rewards": .staking, "launchpool interest": .interest, "launchpool airdrop": .airdrop,
        "airdrop assets": .airdrop, "hodler airdrops distribution": .airdrop, "distribution": .airdrop,
        "crypto box": .reward, "commission history": .reward, "referral kickback": .reward,
        "referral commission": .reward, "cash voucher distribution": .reward, "binance card cashback": .reward,
        "mission reward distribution": .reward, "simple earn flexible airdrop": .airdrop,
    ]
}
