import LedgerCore

/// One file layout of one exchange: which header it has and how its rows become events.
///
/// A layout is created from the header it recognised and then fed the data rows in file
/// order. It may hold rows back to group them (a trade spread over several rows) and must
/// give everything back by ``finish()``. Every row ends as an event, a problem or an ignored
/// row with a reason: nothing is dropped silently.
public protocol ImportLayout: SendableMetatype {
    /// The preset it belongs to (`coinbase`, `binance`, …): the `--format` name.
    static var preset: String { get }
    /// A short name of the layout for messages (`transaction history (2023+)`).
    static var title: String { get }
    /// True for a file of many tables (Interactive Brokers' statement), whose rows each name
    /// their table and follow that table's own header: the reader then hands every row over
    /// as it is, without holding it to the first header's column count.
    static var sectioned: Bool { get }
    /// A layout for this header, or nil when the header is not one of its own.
    init?(header: ImportHeader, options: ImportOptions)
    /// Reads one data row (never blank).
    mutating func read(_ row: ImportRow) -> [ImportOutcome]
    /// Gives back what is still held.
    mutating func finish() -> [ImportOutcome]
}

extension ImportLayout {
    public mutating func finish() -> [ImportOutcome] { [] }
    public static var sectioned: Bool { false }
}

/// What the user said about the file beyond its format.
public struct ImportOptions: Sendable {
    /// Seconds east of UTC for times that carry no zone (`--timezone`); nil = the layout's own
    /// documented zone (UTC for all presets but legacy KuCoin).
    public var timeZoneOffset: Int?
    /// The generic layout's column mapping.
    public var mapping: GenericMapping?

    public init(timeZoneOffset: Int? = nil, mapping: GenericMapping? = nil) {
        self.timeZoneOffset = timeZoneOffset
        self.mapping = mapping
    }
}

/// Builds the outcomes of a layout, with the preset's fingerprint namespace.
struct OutcomeBuilder {
    let preset: String

    /// `hash` and `address` are what a deposit's or withdrawal's row says of the on-chain
    /// transaction; a text that cannot be one (Binance's `Internal transfer 123`) is not kept.
    func event(
        _ row: ImportRow, at time: Timestamp, _ action: EventAction, fee: AssetAmount? = nil,
        note: String = "", id: String? = nil, idKind: String = "tx", spot: Price? = nil,
        hash: String? = nil, address: String? = nil
    ) -> ImportOutcome {
        let key: FingerprintKey = id.map { .sourceID(kind: idKind, id: $0) } ?? .content("")
        var imported = ImportedEvent(
            line: row.line, occurredAt: time, action: action, fee: fee, note: note, preset: preset, key: key)
        imported.spot = spot
        if action.kind == .deposit || action.kind == .withdraw {
            imported.chain = ChainReference(hash: Self.valid(hash), address: Self.valid(address))
        }
        return .event(imported)
    }

    private static func valid(_ text: String?) -> String? {
        ChainReference(hash: text, address: nil)?.hash.flatMap { ChainReference.isValid($0) ? $0 : nil }
    }

    func problem(_ row: ImportRow, _ message: String) -> ImportOutcome {
        .problem(ImportProblem(line: row.line, message: message))
    }

    func ignored(_ row: ImportRow, _ reason: String) -> ImportOutcome {
        .ignored(line: row.line, reason: reason)
    }
}
