import LedgerCore

/// Turns the balance changes of one trade in a ledger-style statement (Binance, Kraken,
/// Coinbase Pro) into one event: the asset that went down was given, the one that went up was
/// received, the fee rows are the fee.
enum StatementGroup {
    /// Net change per asset, in order of first appearance.
    static func net(_ amounts: [AssetAmount]) -> [AssetAmount] {
        var order: [Asset] = []
        var totals: [Asset: ExactDecimal] = [:]
        for amount in amounts {
            if totals[amount.asset] == nil { order.append(amount.asset) }
            totals[amount.asset, default: .zero] += amount.quantity
        }
        return order.map { AssetAmount(totals[$0]!, $0) }.filter { !$0.quantity.isZero }
    }

    /// One given and one received asset → a trade (a buy/sell when one side is fiat).
    static func action(legs: [AssetAmount]) throws(RowError) -> EventAction {
        let changes = net(legs)
        let given = changes.filter(\.quantity.isNegative)
        let received = changes.filter(\.quantity.isPositive)
        guard given.count == 1, received.count == 1 else {
            let listed = changes.map { "\($0.quantity) \($0.asset)" }.joined(separator: ", ")
            throw RowError(
                "a trade needs one asset going out and one coming in; these rows net to \(listed.isEmpty ? "nothing" : listed)"
            )
        }
        return try TradeAction.swap(given: given[0], received: received[0])
    }

    /// The rows of one trade split into the balance changes of the trade and those of its fee,
    /// read with the layout's own column names.
    static func legsAndFees(
        _ rows: [ImportRow], amount: (ImportRow) throws(RowError) -> AssetAmount, isFee: (ImportRow) -> Bool
    ) throws(RowError) -> (legs: [AssetAmount], fees: [AssetAmount]) {
        var legs: [AssetAmount] = []
        var fees: [AssetAmount] = []
        for row in rows {
            let change = try amount(row)
            if isFee(row) { fees.append(change) } else { legs.append(change) }
        }
        return (legs, fees)
    }

    /// The fee of a group: nil, or one asset's total (as a positive amount).
    static func singleFee(_ fees: [AssetAmount]) throws(RowError) -> AssetAmount? {
        let changes = net(fees)
        guard changes.count <= 1 else {
            throw RowError(
                "the fee is paid in \(changes.count) assets (\(changes.map(\.asset.description).joined(separator: ", "))); record the extra fee with 'ledger add fee'"
            )
        }
        return changes.first.map { AssetAmount($0.quantity.magnitude, $0.asset) }
    }
}
