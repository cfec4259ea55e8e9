import LedgerCore

/// Kraken ledgers export (every header since 2021: with or without `subclass`, `wallet`,
/// `amountusd`): one row per balance change; the rows of a trade share `refid`; `amount` is the
/// gross change and `fee` is charged on top in the same asset. Rows without a `txid` are the
/// pending duplicates of rows confirmed later, and are ignored. Times are UTC.
public struct KrakenLedgerLayout: ImportLayout {
    public static let preset = "kraken"
    public static let title = "ledgers export"
    let build = OutcomeBuilder(preset: preset)
    var group = RowGroup()

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["txid", "refid", "time", "type", "asset", "amount", "fee", "balance"]) else { return nil }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        guard !row["txid"].isEmpty else {
            return flush() + [
                build.ignored(
                    row, "a pending '\(row["type"])' row without txid; the confirmed row with the same refid counts")
            ]
        }
        let type = row["type"].lowercased()
        guard ["trade", "spend", "receive"].contains(type) else { return flush() + [single(row, type)] }
        return trade(group.add(row, key: row["refid"]))
    }

    public mutating func finish() -> [ImportOutcome] { flush() }

    private mutating func flush() -> [ImportOutcome] { trade(group.take()) }

    private func amounts(_ row: ImportRow) throws(RowError) -> (amount: AssetAmount, fee: AssetAmount) {
        let asset = try KrakenCodes.asset(row["asset"], "asset")
        let amount = AssetAmount(try ImportNumber.plain(row["amount"], "amount"), asset)
        let fee = AssetAmount(try ImportNumber.optional(row["fee"], "fee").magnitude, asset)
        return (amount, fee)
    }

    private func single(_ row: ImportRow, _ type: String) -> ImportOutcome {
        do throws(RowError) {
            let (amount, fee) = try amounts(row)
            let time = try ImportDate.iso(row["time"], "time")
            let subtype = row["subtype"].lowercased()
            func event(_ action: EventAction) -> ImportOutcome {
                build.event(
                    row, at: time, action, fee: fee, note: subtype.isEmpty ? type : type + "/" + subtype,
                    id: row["txid"], idKind: "ledger")
            }
            switch KrakenEntry(type: type, subtype: subtype) {
            case .movement: return event(try TradeAction.movement(amount, field: "amount"))
            case .income(let kind):
                guard amount.quantity.isPositive else {
                    throw RowError("a \(type) row with a negative amount \(amount.quantity)")
                }
                return event(try TradeAction.income(amount, kind))
            case .internalMove:
                return build.ignored(
                    row,
                    "'\(type)\(subtype.isEmpty ? "" : "/" + subtype)' moves \(amount.quantity.magnitude) \(amount.asset) between Kraken wallets (no change in holdings)"
                )
            case .unsupported:
                throw RowError(
                    "type '\(row["type"])'\(subtype.isEmpty ? "" : " subtype '\(subtype)'") is not one the kraken preset knows (margin and futures rows are not supported); record it with 'ledger add'"
                )
            }
        } catch {
            return build.problem(row, error.message)
        }
    }

    /// The rows of one trade (sharing a refid) → one event.
    private func trade(_ rows: [ImportRow]) -> [ImportOutcome] {
        guard let first = rows.first else { return [] }
        do throws(RowError) {
            var legs: [AssetAmount] = []
            var fees: [AssetAmount] = []
            for row in rows {
                let (amount, fee) = try amounts(row)
                legs.append(amount)
                // A fee in any asset reduces that asset: fee credits (a KFEE row with amount 0
                // and fee 26) included, valued at their fixed 0.01 USD (PriceTable).
                if fee.quantity.isPositive { fees.append(fee) }
            }
            let time = try ImportDate.iso(first["time"], "time")
            let action = try StatementGroup.action(legs: legs)
            let fee = try StatementGroup.singleFee(fees)
            return [
                build.event(first, at: time, action, fee: fee, note: first["type"], id: first["refid"], idKind: "ref")
            ]
        } catch {
            return [build.problem(first, error.message + " (rows with refid \(first["refid"]))")]
        }
    }
}

/// What a Kraken ledger `type`/`subtype` does.
enum KrakenEntry: Equatable {
    case movement, internalMove, unsupported
    case income(IncomeKind)

    init(type: String, subtype: String) {
        switch type {
        case "deposit", "withdrawal", "adjustment", "sale", "credit": self = .movement
        case "staking": self = .income(.staking)
        case "dividend": self = .income(.interest)
        case "reward", "invite bonus": self = .income(.reward)
        case "earn":
            switch subtype {
            case "reward": self = .income(.staking)
            case "airdrop": self = .income(.airdrop)
            case "delistingconversion": self = .movement
            default: self = .internalMove
            }
        case "transfer":
            switch subtype {
            case "airdrop": self = .income(.airdrop)
            case "delistingconversion", "": self = .movement
            default: self = .internalMove
            }
        default: self = .unsupported
        }
    }
}

/// Kraken trades export (13, 22 or 24 columns): `pair` as `BASE/QUOTE` (2024+) or an altname
/// (`XXBTZEUR`), `cost` = price × vol and `fee` in the quote, `vol` in the base; UTC.
public struct KrakenTradesLayout: ImportLayout {
    public static let preset = "kraken"
    public static let title = "trades export"
    let build = OutcomeBuilder(preset: preset)

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["txid", "ordertxid", "pair", "time", "type", "price", "cost", "fee", "vol"]) else {
            return nil
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        do throws(RowError) {
            let pair = try KrakenCodes.pair(row["pair"], "pair")
            let base = AssetAmount(try ImportNumber.plain(row["vol"], "vol"), pair.base)
            let cost = AssetAmount(try ImportNumber.plain(row["cost"], "cost"), pair.quote)
            let fee = AssetAmount(try ImportNumber.optional(row["fee"], "fee").magnitude, pair.quote)
            let side: TradeAction.Side
            switch row["type"].lowercased() {
            case "buy": side = .buy
            case "sell": side = .sell
            default: throw RowError("type '\(row["type"])' is neither buy nor sell")
            }
            let time = try ImportDate.iso(row["time"], "time")
            return [
                build.event(
                    row, at: time, try TradeAction.make(side, base: base, quote: cost), fee: fee,
                    note: row["ordertype"], id: row["txid"], idKind: "trade")
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }
}
