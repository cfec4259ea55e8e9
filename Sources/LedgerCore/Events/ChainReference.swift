/// What a deposit or withdrawal row says about the on-chain transaction behind it (record
/// version 5): the transaction hash and the address the asset went to. The transfer matcher
/// pairs a withdrawal and a deposit by them (docs/VALUATION.md, "Transfers between your
/// accounts"). Kept exactly as the source gave them, except for surrounding whitespace.
public struct ChainReference: Hashable, Sendable {
    /// The transaction hash (`0x…`, a Bitcoin txid), if the row gave one.
    public let hash: String?
    /// The address the asset was sent to (a withdrawal's destination, a deposit's own
    /// address), if the row gave one.
    public let address: String?

    /// The references a row gave; nil when it gave neither (an empty text counts as none).
    public init?(hash: String?, address: String?) {
        let hash = Self.cleaned(hash)
        let address = Self.cleaned(address)
        guard hash != nil || address != nil else { return nil }
        self.hash = hash
        self.address = address
    }

    /// The record version that first holds a reference.
    public static let schemaVersion = 5

    /// The most characters a hash or an address may have.
    public static let maximumLength = 128

    /// Whether `text` can be a hash or an address: 1 to ``maximumLength`` printable ASCII
    /// characters without spaces (every chain's hashes and addresses are such).
    public static func isValid(_ text: String) -> Bool {
        (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
