/// A Form 8949 box pair: the box checked in Part I (short term) and in Part II (long term) for
/// the same kind of reporting (docs/TAX.md, "Form 8949 boxes"). A, B, C / D, E, F: reported
/// on Form 1099-B with basis reported to the IRS, without, or not on a 1099-B at all; G, H, I /
/// J, K, L (the 2025 form): digital assets reported on Form 1099-DA with basis reported,
/// without, or not on a 1099-DA at all.
public struct Form8949Box: Hashable, Sendable {
    /// The Part I letter.
    public let short: String
    /// The Part II letter.
    public let long: String

    /// The pairs, in the form's order.
    public static let pairs: [Form8949Box] = [
        Form8949Box(short: "A", long: "D"), Form8949Box(short: "B", long: "E"), Form8949Box(short: "C", long: "F"),
        Form8949Box(short: "G", long: "J"), Form8949Box(short: "H", long: "K"), Form8949Box(short: "I", long: "L"),
    ]

    /// Not reported on a 1099-B: C / F.
    public static let notReported = pairs[2]
    /// A digital asset not reported on a 1099-DA (the 2025 form on): I / L.
    public static let digitalNotReported = pairs[5]
    /// The first year whose form has the digital-asset boxes G to L.
    public static let digitalBoxesFrom = 2025

    private init(short: String, long: String) {
        self.short = short
        self.long = long
    }

    /// The pair one letter of it names (either part's: `H` and `K` both name H / K), in any case.
    public init?(letter: String) {
        let upper = letter.uppercased()
        guard let pair = Self.pairs.first(where: { $0.short == upper || $0.long == upper }) else { return nil }
        self = pair
    }

    /// The letter checked for `term`.
    public func letter(for term: HoldingTerm) -> String { term == .long ? long : short }

    /// The Schedule D line the box's totals go to (line 1b, 2, 3 in Part I; 8b, 9, 10 in Part
    /// II; the digital-asset boxes with the box of their kind of reporting).
    public func scheduleDLine(for term: HoldingTerm) -> String {
        let index = Self.pairs.firstIndex(of: self)! % 3
        return term == .long ? ["8b", "9", "10"][index] : ["1b", "2", "3"][index]
    }
}

/// Which box each account's disposals go in: what `--box-for ACCOUNT=LETTER` said, else
/// C / F, or I / L for a digital asset (crypto) disposed of from 2025 on.
public struct Form8949Boxes: Hashable, Sendable {
    public var byAccount: [String: Form8949Box]

    public init(_ byAccount: [String: Form8949Box] = [:]) { self.byAccount = byAccount }

    public func box(for disposal: TaxDisposal) -> Form8949Box {
        if let given = byAccount[disposal.account] { return given }
        let digital = disposal.assetClass == .crypto && disposal.disposed.date.year >= Form8949Box.digitalBoxesFrom
        return digital ? .digitalNotReported : .notReported
    }
}
