import LedgerCore

/// KuCoin spot trades: the bundle's filled orders (one row per order), its order-splitting
/// file (one row per fill) and the legacy `tradeCreatedAt,…` exports. The time zone is in
/// the header (`Filled Time(UTC+08:00)`); a header without one, and the legacy files, are
/// UTC+8 (Singapore) unless `--timezone` says otherwise.
public struct KuCoinTradeLayout: ImportLayout {
    public static let preset = "kucoin"
    public static let title = "spot trades"
    static let singapore = 8 * 3600
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    let columns:
        (
            time: String, symbol: String, side: String, base: String, quote: String, fee: String, feeAsset: String,
            id: String?
        )
    let offset: Int

    public init?(header: ImportHeader, options: ImportOptions) {
        let names = header.names
        if header.has(["Symbol", "Side", "Filled Amount", "Filled Volume", "Fee", "Fee Currency"]),
            let time = names.first(where: { $0.hasPrefix("Filled Time") })
        {
            // Filled orders carry a status and one row per order; order-splitting has none.
            let perOrder = header.has(["Status", "Order Amount"])
            columns = (
                time, "Symbol", "Side", "Filled Amount", "Filled Volume", "Fee", "Fee Currency",
                perOrder ? "Order ID" : nil
            )
            offset = options.timeZoneOffset ?? ImportDate.headerOffset(time) ?? Self.singapore
        } else if header.has(["tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency"]) {
            columns = ("tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency", nil)
            offset = options.timeZoneOffset ?? Self.singapore
        } else {
            return nil
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        if let status = row.header.position("Status").map({ row[at: $0].lowercased() }),
            status == "cancelled" || status == "canceled"
        {
            if (try? ImportNumber.optional(row[columns.base], columns.base).isZero) ?? false {
                return [build.ignored(row, "a cancelled order with nothing filled")]
            }
        }
        do throws(RowError) {
            let pair = try codes.pair(row[columns.symbol], columns.symbol)
            let base = AssetAmount(try ImportNumber.money(row[columns.base], columns.base), pair.base)
            let quote = AssetAmount(try ImportNumber.money(row[columns.quote], columns.quote), pair.quote)
            let fee = AssetAmount(
                try ImportNumber.optional(row[columns.fee], columns.fee).magnitude,
                try codes.asset(row[columns.feeAsset], columns.feeAsset))
            let side = try BinanceTradeLayout.side(row[columns.side])
            let time = try ImportDate.iso(row[columns.time], columns.time, defaultOffset: offset)
            let id = columns.id.map { row[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            return [
                build.event(
                    row, at: time, try TradeAction.make(side, base: base, quote: quote), fee: fee, id: id,
                    idKind: "order")
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }
}

/// KuCoin bundle deposits, withdrawals and earn profits. Only `SUCCESS` transfers count; a
/// withdrawal's `Fee` is charged on top of `Amount` (as BittyTax books it; KuCoin does not
/// document it). Earn profits are staking income.
public struct KuCoinTransferLayout: ImportLayout {
    public static let preset = "kucoin"
    public static let title = "deposits, withdrawals or earn profits"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    enum Kind { case deposit, withdrawal, earn }
    let kind: Kind
    let time: String
    let offset: Int

    public init?(header: ImportHeader, options: ImportOptions) {
        guard let time = header.names.first(where: { $0.hasPrefix("Time(") }), header.has(["UID", "Account Type"])
        else { return nil }
        if header.has(["Earnings Coin", "Amount", "Fee"]) {
            kind = .earn
        } else if header.has(["Coin", "Amount", "Fee", "Status"]),
            header.names.contains(where: { $0.hasPrefix("Withdrawal Address") })
        {
            kind = .withdrawal
        } else if header.has(["Coin", "Amount", "Fee", "Status", "Deposit Address"]) {
            kind = .deposit
        } else {
            return nil
        }
        self.time = time
        offset = options.timeZoneOffset ?? ImportDate.headerOffset(time) ?? KuCoinTradeLayout.singapore
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        if kind != .earn, row["Status"].uppercased() != "SUCCESS" {
            return [build.ignored(row, "status '\(row["Status"])' (only SUCCESS moves funds)")]
        }
        do throws(RowError) {
            let when = try ImportDate.iso(row[time], time, defaultOffset: offset)
            let asset = try codes.asset(
                row[kind == .earn ? "Earnings Coin" : "Coin"], kind == .earn ? "Earnings Coin" : "Coin")
            let signed = AssetAmount(try ImportNumber.money(row["Amount"], "Amount"), asset)
            if kind != .withdrawal, signed.quantity.isNegative {
                throw RowError(
                    "Amount is \(signed.quantity) on a \(kind == .earn ? "profit" : "deposit"); it brings the asset in, so it cannot be negative"
                )
            }
            let amount = signed.magnitude
            let fee = AssetAmount(try ImportNumber.optional(row["Fee"], "Fee").magnitude, asset)
            guard amount.quantity.isPositive else { throw RowError("Amount is 0") }
            return [event(row, at: when, amount, fee: fee, asset: asset)]
        } catch {
            return [build.problem(row, error.message)]
        }
    }

    /// The row's event by the file's kind: a deposit or withdrawal on its chain, or staking income.
    private func event(
        _ row: ImportRow, at when: Timestamp, _ amount: AssetAmount, fee: AssetAmount, asset: Asset
    ) -> ImportOutcome {
        let hash = row["Hash"]
        let id = hash.isEmpty ? nil : hash + ":" + asset.symbol.text
        switch kind {
        case .deposit:
            return build.event(
                row, at: when, .deposit(amount), fee: fee, note: row["Remarks"], id: id, idKind: "deposit",
                hash: hash, address: row[at: row.header.position(prefix: "Deposit Address")])
        case .withdrawal:
            return build.event(
                row, at: when, .withdraw(amount), fee: fee, note: row["Remarks"], id: id, idKind: "withdrawal",
                hash: hash, address: row[at: row.header.position(prefix: "Withdrawal Address")])
        case .earn:
            return build.event(
                row, at: when, .income(amount, kind: .staking, value: nil), fee: fee, note: row["Product Name"])
        }
    }
}
