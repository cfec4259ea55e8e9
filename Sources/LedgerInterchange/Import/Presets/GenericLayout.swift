import LedgerCore

/// A CSV described by a ``GenericMapping``. `side` values: `buy`, `sell`, `deposit`,
/// `withdraw`/`withdrawal`, `income`/`reward`/`staking`/`interest`/`airdrop`, `fee`
/// (case-insensitive). A buy or sell needs `price` or `total`.
public struct GenericLayout: ImportLayout {
    public static let preset = "generic"
    public static let title = "mapped columns"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    let mapping: GenericMapping
    let header: ImportHeader
    let offset: Int
    /// Where each field is read, worked out from the mapping and the header once: looking the
    /// mapping and then the header up by name for every field of every row was half of reading
    /// a generic row (docs/PERFORMANCE.md, "CSV import").
    private let fields: [MappedField]

    public init?(header: ImportHeader, options: ImportOptions) {
        guard let mapping = options.mapping else { return nil }
        let needed = ["date", "side", "quantity"].compactMap { mapping.columns[$0] }
        guard header.has(needed) else { return nil }
        self.mapping = mapping
        self.header = header
        offset = options.timeZoneOffset ?? 0
        fields = Key.allCases.map { key in
            let name = mapping.columns[key.name]
            return MappedField(
                name: name ?? key.name, mapped: name != nil, position: name.flatMap { header.position($0) })
        }
    }

    /// The fields a mapping may name, in the order of ``GenericMapping/fields`` (their names).
    private enum Key: Int, CaseIterable {
        case date, side, asset, quantity, price, total, quote, fee, feeAsset, id, note, txHash, address

        var name: String { GenericMapping.fields[rawValue] }
    }

    private struct MappedField {
        /// The column the mapping names (a fixed code for an asset field without such a
        /// column), or the key when it names none: what messages call the field.
        let name: String
        let mapped: Bool
        /// The named column's position in the header, when there is one.
        let position: Int?
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        do throws(RowError) {
            let time = try date(row)
            let asset = try assetField(.asset, row)
            let style = mapping.number
            let quantity = AssetAmount(
                try ImportNumber.required(field(.quantity, row), column(.quantity), style: style, unit: asset), asset)
            let fee = try feeAmount(row, asset: asset)
            let side = field(.side, row).lowercased()
            let id = field(.id, row)
            let action: EventAction
            switch side {
            case "buy", "sell": action = try trade(row, quantity, buying: side == "buy")
            case "deposit", "receive": action = try TradeAction.inflow(quantity, field: column(.quantity))
            case "withdraw", "withdrawal", "send":
                // Written -5 or 5: the side says it goes out.
                action = .withdraw(quantity.magnitude)
            case "income", "reward", "other": action = try TradeAction.income(quantity, .reward)
            case "staking", "interest", "airdrop", "mining":
                action = try TradeAction.income(quantity, IncomeKind(rawValue: side)!)
            case "fee": action = .fee(quantity.magnitude) // a fee goes out whether written -5 or 5
            default:
                throw RowError(
                    "\(column(.side)) '\(field(.side, row))' is not a side the generic format knows; use buy, sell, deposit, withdraw, income, staking, interest, airdrop or fee"
                )
            }
            return [
                build.event(
                    row, at: time, action, fee: fee, note: field(.note, row), id: id.isEmpty ? nil : id,
                    hash: field(.txHash, row), address: field(.address, row))
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }

    private func column(_ key: Key) -> String { fields[key.rawValue].name }

    private func mapped(_ key: Key) -> Bool { fields[key.rawValue].mapped }

    /// The trimmed field ("" when the mapping names no column for `key` or the file has none).
    private func field(_ key: Key, _ row: ImportRow) -> String {
        let field = fields[key.rawValue]
        return field.mapped ? row[at: field.position] : ""
    }

    /// A column's asset code, or the fixed code the mapping gives instead of a column.
    private func assetField(_ key: Key, _ row: ImportRow, fallback: String? = nil) throws(RowError) -> Asset {
        let field = fields[key.rawValue]
        guard field.mapped else { return try codes.asset(fallback ?? "", key.name) }
        return try codes.asset(field.position != nil ? row[at: field.position] : field.name, field.name)
    }

    private func date(_ row: ImportRow) throws(RowError) -> Timestamp {
        let text = field(.date, row)
        guard let pattern = mapping.datePattern else {
            do throws(RowError) {
                return try ImportDate.iso(text, column(.date), defaultOffset: offset)
            } catch {
                if error.message.hasSuffix(Timestamp.recordableRangeText) { throw error }
                throw RowError(
                    "\(column(.date)) '\(text)' is not an ISO date and time (YYYY-MM-DD HH:MM:SS); describe the column with --date-format, e.g. '%d.%m.%Y %H:%M'"
                )
            }
        }
        guard let time = pattern.read(text, offset: offset) else {
            throw RowError("\(column(.date)) '\(text)' does not match --date-format '\(pattern.text)'")
        }
        guard Timestamp.recordable.contains(time) else { throw ImportDate.outOfRange(text, column(.date)) }
        return time
    }

    private func feeAmount(_ row: ImportRow, asset: Asset) throws(RowError) -> AssetAmount? {
        guard mapped(.fee) else { return nil }
        let text = field(.fee, row)
        guard try !ImportNumber.optional(text, column(.fee), style: mapping.number).isZero else { return nil }
        let feeAsset: Asset
        if mapped(.feeAsset) {
            feeAsset = try assetField(.feeAsset, row)
        } else {
            feeAsset = try assetField(.quote, row, fallback: mapping.defaultQuote)
        }
        // Read again knowing the fee's asset: a unit written beside the number must name it.
        let value = try ImportNumber.money(text, column(.fee), style: mapping.number, unit: feeAsset)
        return AssetAmount(value.magnitude, feeAsset)
    }

    private func trade(_ row: ImportRow, _ quantity: AssetAmount, buying: Bool) throws(RowError) -> EventAction {
        let quote = try assetField(.quote, row, fallback: mapping.defaultQuote)
        let style = mapping.number
        let total: ExactDecimal
        if mapped(.total), !field(.total, row).isEmpty {
            total = try ImportNumber.money(field(.total, row), column(.total), style: style, unit: quote).magnitude
        } else if mapped(.price) {
            let price = try ImportNumber.required(field(.price, row), column(.price), style: style, unit: quote)
            guard !price.isNegative else {
                throw RowError("\(column(.price)) is \(price); a unit price cannot be negative")
            }
            total = try ImportNumber.total(quantity.quantity.magnitude, price, column(.price))
        } else {
            throw RowError(
                "a \(buying ? "buy" : "sell") needs a price or a total; add price=COLUMN or total=COLUMN to the mapping"
            )
        }
        return try TradeAction.make(
            buying ? .buy : .sell, base: quantity, quote: AssetAmount(total, quote), field: column(.quantity))
    }
}
