import LedgerCore

/// How our account names and asset symbols become beancount and ledger-cli names.
///
/// Beancount account components start with a capital letter or a digit and hold only
/// `A-Z a-z 0-9 -`; commodities match `[A-Z][A-Z0-9'._-]{0,22}[A-Z0-9]`. Our accounts hold
/// `A-Z a-z 0-9 - _ . :` and our symbols `A-Z 0-9 .` (starting with a letter or a digit).
/// The mapping is deterministic; two accounts that map to one name are refused, never merged.
public enum JournalNames {
    /// `Assets:` + each `:`-separated part of the account, with `_` and `.` written `-`, the first
    /// letter capitalised, and `X` put before a part that would start with `-` (or be empty):
    /// `cold-wallet` → `Assets:Cold-wallet`, `broker:ibkr_us` → `Assets:Broker:Ibkr-us`.
    public static func account(_ name: String) -> String {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false).map { part -> String in
            var text = String(part.map { $0 == "_" || $0 == "." ? "-" : $0 })
            if text.isEmpty || text.first == "-" { text = "X" + text }
            return text.prefix(1).uppercased() + text.dropFirst()
        }
        return "Assets:" + parts.joined(separator: ":")
    }

    /// The prefix of a symbol beancount would refuse (one character long, or starting with a
    /// digit): `1INCH` → `X-1INCH`. Our symbols never contain `-`, so a prefixed name cannot
    /// collide with another symbol.
    public static let commodityPrefix = "X-"

    /// The beancount commodity for a symbol.
    public static func beancountCommodity(_ symbol: AssetSymbol) -> String {
        let text = symbol.text
        guard let first = text.unicodeScalars.first, text.count > 1, first.properties.isAlphabetic else {
            return commodityPrefix + text
        }
        return text
    }

    /// The ledger-cli commodity: as is when all letters, else quoted (`"1INCH"`, `"BRK.B"`),
    /// since ledger-cli reads digits and `.` next to a commodity as part of the amount.
    public static func ledgerCommodity(_ symbol: AssetSymbol) -> String {
        symbol.text.unicodeScalars.allSatisfy(\.properties.isAlphabetic) ? symbol.text : "\"\(symbol.text)\""
    }

    /// The fixed accounts on the other side of the books.
    public static let external = "Equity:External"
    public static let openingBalances = "Equity:Opening-Balances"
    public static let fees = "Expenses:Fees"
    public static let gains = "Income:Gains"

    /// `Income:Staking`, `Income:Airdrop`, … by income kind.
    public static func income(_ kind: IncomeKind) -> String {
        "Income:" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }
}

/// Our account names mapped to journal names, refusing two that map to one.
struct AccountNameMap {
    private var mapped: [String: String] = [:]
    private var owners: [String: String] = [:]

    /// The journal name of `account`, or the collision it would cause.
    mutating func name(_ account: String) -> Result<String, JournalExportError> {
        if let known = mapped[account] { return .success(known) }
        let name = JournalNames.account(account)
        if let owner = owners[name] { return .failure(.accountCollision(owner, account, name)) }
        owners[name] = account
        mapped[account] = name
        return .success(name)
    }
}
