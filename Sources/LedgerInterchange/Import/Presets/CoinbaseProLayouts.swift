import LedgerCore

/// Coinbase Pro / Exchange "Fills" report (with or without `portfolio`): one row per fill,
/// `size` in `size unit` (base), `price`, `fee` and signed `total` in the quote unit; UTC.
public struct CoinbaseProFillsLayout: ImportLayout {
    public static let preset = "coinbase-pro"
    public static let title = "fills report"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()

    public init?(header: ImportHeader, options: ImportOptions) {
        guard
            header.has([
                "trade id", "product", "side", "created at", "size", "size unit", "price", "fee", "total",
                "price/fee/total unit",
            ])
        else { return nil }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        do throws(RowError) {
            let pair = try codes.pair(row["product"], "product")
            let base = AssetAmount(
                try ImportNumber.plain(row["size"], "size"), try codes.asset(row["size unit"], "size unit"))
            let unit = try codes.asset(row["price/fee/total unit"], "price/fee/total unit")
            guard base.asset == pair.base, unit == pair.quote else {
                throw RowError("size unit \(base.asset) and total unit \(unit) do not match product \(row["product"])")
            }
            let fee = try ImportNumber.plain(row["fee"], "fee").magnitude
            let total = try ImportNumber.plain(row["total"], "total").magnitude
            let buying: Bool
            switch row["side"].uppercased() {
            case "BUY": buying = true
            case "SELL": buying = false
            default: throw RowError("side '\(row["side"])' is neither BUY nor SELL")
            }
            // total = −(size × price + fee) for a buy, size × price − fee for a sale.
            let quote = AssetAmount(buying ? total - fee : total + fee, unit)
            let action = try TradeAction.make(buying ? .buy : .sell, base: base, quote: quote)
            let time = try ImportDate.iso(row["created at"], "created at")
            return [
                build.event(
                    row, at: time, action, fee: AssetAmount(fee, unit), id: row["trade id"] + "-" + row["product"],
                    idKind: "fill")
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }
}

/// Coinbase Pro / Exchange "Account" statement: one row per balance change. A trade is a
/// `match` row per asset plus a `fee` row, sharing a `trade id`; deposits and withdrawals stand
/// alone; `conversion` (USD ↔ USDC) pairs like a match.
public struct CoinbaseProAccountLayout: ImportLayout {
    public static let preset = "coinbase-pro"
    public static let title = "account statement"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    var group = RowGroup()

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["type", "time", "amount", "balance", "amount/balance unit", "trade id"]) else { return nil }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        let type = row["type"].lowercased()
        guard type == "match" || type == "fee" || type == "conversion" else {
            return flush() + [single(row, type)]
        }
        let key = type == "conversion" ? "conversion:" + row["time"] : "trade:" + row["trade id"]
        return trade(group.add(row, key: key))
    }

    public mutating func finish() -> [ImportOutcome] { flush() }

    private mutating func flush() -> [ImportOutcome] { trade(group.take()) }

    /// The balance change of one row.
    private func change(_ row: ImportRow) throws(RowError) -> AssetAmount {
        AssetAmount(
            try ImportNumber.plain(row["amount"], "amount"),
            try codes.asset(row["amount/balance unit"], "amount/balance unit"))
    }

    private func single(_ row: ImportRow, _ type: String) -> ImportOutcome {
        do throws(RowError) {
            let amount = try change(row)
            let time = try ImportDate.iso(row["time"], "time")
            let id = row["transfer id"].isEmpty ? nil : row["transfer id"]
            switch type {
            case "deposit", "withdrawal":
                return build.event(
                    row, at: time, try TradeAction.movement(amount, field: "amount"), note: type, id: id,
                    idKind: "transfer")
            default:
                throw RowError(
                    "type '\(row["type"])' is not one the coinbase-pro preset knows (deposit, withdrawal, match, fee, conversion)"
                )
            }
        } catch {
            return build.problem(row, error.message)
        }
    }

    /// The rows of one trade (or conversion) → one event.
    private func trade(_ rows: [ImportRow]) -> [ImportOutcome] {
        guard let first = rows.first else { return [] }
        do throws(RowError) {
            let (legs, fees) = try StatementGroup.legsAndFees(rows, amount: change) { $0["type"].lowercased() == "fee" }
            let time = try ImportDate.iso(first["time"], "time")
            let action = try StatementGroup.action(legs: legs)
            let fee = try StatementGroup.singleFee(fees)
            let id = first["trade id"].isEmpty ? nil : first["trade id"]
            return [build.event(first, at: time, action, fee: fee, note: "", id: id, idKind: "trade")]
        } catch {
            return [
                build.problem(
                    first, error.message + " (the rows of trade \(first["trade id"]) from line \(first.line))")
            ]
        }
    }
}

/// Consecutive rows that form one event (a trade spread over several rows). Layouts feed it
/// every row of a trade; a row with another key, a row that stands alone, or the end of the
/// file closes the group, and the closed group's rows become one event.
struct RowGroup {
    private var key: String?
    private var rows: [ImportRow] = []

    /// Adds `row` under `key`; returns the rows of the group it closed (empty when `row`
    /// continues the current group).
    mutating func add(_ row: ImportRow, key: String) -> [ImportRow] {
        let closed = key == self.key ? [] : take()
        self.key = key
        rows.append(row)
        return closed
    }

    /// Closes the group: its rows, and an empty group left behind.
    mutating func take() -> [ImportRow] {
        defer { self = RowGroup() }
        return rows
    }
}
