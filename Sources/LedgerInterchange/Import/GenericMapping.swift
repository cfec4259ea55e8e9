import LedgerCore

/// How a generic CSV's columns map to the ledger's fields (`--map date=Time,side=Type,…` or
/// a mapping file of `key=value` lines).
///
/// Required: `date`, `side`, `asset`, `quantity`. Optional: `price` (per unit) or `total`
/// (what the trade moved in the quote), `quote`, `fee`, `fee_asset`, `id` (the row's
/// transaction id: the fingerprint), `note`, and for a deposit or withdrawal `tx_hash` and
/// `address` (the on-chain transaction hash and the address it went to). For `asset`, `quote` and `fee_asset` a value
/// that is not a column of the header is taken as a fixed asset code (`quote=USD`).
public struct GenericMapping: Sendable, Equatable {
    public static let fields = [
        "date", "side", "asset", "quantity", "price", "total", "quote", "fee", "fee_asset", "id", "note", "tx_hash",
        "address",
    ]
    public static let required = ["date", "side", "asset", "quantity"]

    public var columns: [String: String]
    public var datePattern: DatePattern?
    public var number = ImportNumber.Style()
    /// The quote when neither the file nor `quote=` gives one (the ledger's currency).
    public var defaultQuote = "USD"

    public init(
        columns: [String: String], datePattern: DatePattern? = nil, number: ImportNumber.Style = ImportNumber.Style(),
        defaultQuote: String = "USD"
    ) {
        self.columns = columns
        self.datePattern = datePattern
        self.number = number
        self.defaultQuote = defaultQuote
    }

    /// Reads `key=value` pairs separated by commas or line breaks (`#` starts a comment line).
    public static func parse(_ text: String) -> Result<[String: String], RowError> {
        var columns: [String: String] = [:]
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        for line in lines where !ImportText.trimmed(line).hasPrefix("#") {
            for pair in line.split(separator: ",") where !ImportText.trimmed(pair).isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1).map { ImportText.trimmed($0) }
                guard parts.count == 2, !parts[1].isEmpty else {
                    return .failure(
                        RowError("mapping '\(ImportText.trimmed(pair))' is not KEY=COLUMN (e.g. date=Time)"))
                }
                let key = parts[0].lowercased()
                guard fields.contains(key) else {
                    return .failure(
                        RowError("mapping key '\(parts[0])' is unknown; use \(fields.joined(separator: ", "))"))
                }
                columns[key] = parts[1]
            }
        }
        let missing = required.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            return .failure(
                RowError(
                    "the mapping needs \(missing.joined(separator: ", ")) (e.g. --map date=Time,side=Type,asset=Coin,quantity=Amount,price=Price)"
                ))
        }
        return .success(columns)
    }
}
