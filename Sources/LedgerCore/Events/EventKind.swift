/// The kinds of fact a ledger records.
public enum EventKind: String, CaseIterable, Sendable {
    case buy, sell, trade, deposit, withdraw, transfer, income, fee, split, void, link

    /// The kinds, comma-separated, for messages that list what is accepted.
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The kinds `ledger add` records: a void and a transfer link have their own commands.
    public static var typed: [EventKind] { allCases.filter { $0 != .void && $0 != .link } }
}

/// Where income came from. Every kind enters at market value on its date.
public enum IncomeKind: String, CaseIterable, Sendable {
    case staking, airdrop, interest, mining, reward, dividend, other

    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A stock split or reverse split: every open quantity is multiplied by
/// `numerator / denominator` and every unit cost divided by it (`4:1` gives 4 for 1).
public struct SplitRatio: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0, numerator != denominator else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Parses `4:1` (also `4/1`).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "/" })
        guard parts.count == 2, parts.allSatisfy({ part in part.allSatisfy { $0.isASCII && $0.isNumber } }),
            let numerator = Int(parts[0]), let denominator = Int(parts[1]),
            numerator <= 1_000_000, denominator <= 1_000_000
        else { return nil }
        self.init(numerator: numerator, denominator: denominator)
    }

    public var description: String { "\(numerator):\(denominator)" }
}

/// Where an event came from.
public enum Provenance: Hashable, Sendable {
    /// Typed by the user (`ledger add`, `ledger void`).
    case manual
    /// One row of an imported file: the import batch and the row's fingerprint, which makes
    /// re-importing the same row a no-op.
    case imported(batch: String, fingerprint: ImportFingerprint)
}
