/// What kind of thing an asset is; decides defaults (fiat balances may go below zero as "paid in"),
/// which market-data sources price it, and groups the allocation report. The order of the cases
/// is the order of reports; the stored codes are LedgerStore's `PackedEvent.classes`.
public enum AssetClass: String, CaseIterable, Sendable, Comparable {
    case crypto, stock, etf, fund, adr, warrant, bond, fiat

    public static func < (lhs: AssetClass, rhs: AssetClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The classes a person may name with `--class`, as a list for messages:
    /// `crypto, stock, etf, fund, adr, warrant, bond or fiat`.
    public static var list: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// True for what is listed on a stock exchange (stock, etf, fund, adr, warrant, bond).
    public var isListed: Bool { self != .crypto && self != .fiat }
}

/// An asset symbol such as `BTC`, `1INCH`, `AAPL`, `BRK.B` or `USD`, kept upper-case.
///
/// Its bytes are held in the value itself, not in a `String`: a symbol holds no reference, so
/// an event's amounts, prices and the fold's arguments copy without a retain or a release
/// (docs/PERFORMANCE.md, "Cold replay, twenty-ninth round"); ``text`` makes the string.
public struct AssetSymbol: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1–20 ASCII bytes in memory order, zeros after them.
    private let bytes: (UInt64, UInt64, UInt64)
    /// A number the replay's decoder gives each symbol it makes (``tagged(_:)``), never given
    /// to another spelling in this process; 0 for symbols made anywhere else. Not part of
    /// equality or hashing: a replay's ``PositionTable`` finds a tagged symbol's id by one
    /// compare instead of a probe (docs/PERFORMANCE.md, "Cold replay, twenty-ninth round").
    package private(set) var tag: UInt32 = 0
    private let count: UInt8
    /// True for ISO 4217 codes of currencies in common use (looked up once: every purchase
    /// infers its quote currency's class, and a `String`-keyed lookup per event showed up as
    /// 5 % of a replay).
    public let isWellKnownFiat: Bool

    /// Accepts 1–20 letters and digits (and `.` inside, for share classes), containing a
    /// letter; lower case is folded to upper. Nil for anything else.
    public init?(_ raw: some StringProtocol) {
        let upper = raw.uppercased()
        let bytes = Array(upper.utf8)
        guard (1...20).contains(bytes.count),
            bytes.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") }),
            bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
            bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".")
        else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        self.bytes = words
        count = UInt8(bytes.count)
        isWellKnownFiat = FiatCurrency.named[upper] != nil
    }

    /// A digest of the bytes, from the three words at once (no byte loop): symbols key the
    /// replay's dictionaries. Not stored: with it the symbol took 40 bytes, not 32, and every
    /// amount (64 bytes, not 48) and event was copied by `memcpy` calls instead of moves.
    var textHash: UInt64 {
        var hash = bytes.0 &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ hash >> 29 ^ bytes.1) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ hash >> 32 ^ bytes.2) &* 0x94D0_49BB_1331_11EB
        return hash ^ hash >> 31
    }

    /// The symbol as text, e.g. `BTC`.
    public var text: String {
        withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(utf8))
                return utf8.count
            }
        }
    }

    /// How many bytes ``text`` has.
    public var utf8Count: Int { Int(count) }

    /// ``text``'s bytes written to `out` with no `String` made (a tax report writes one a
    /// disposal, a million at a million trades).
    public func write(to out: inout ByteCursor) {
        withUTF8 { out.append($0) }
    }

    /// ``text``'s bytes, read where the symbol holds them.
    @inline(__always)
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let count = Int(count)
        return withUnsafeBytes(of: bytes) { raw in
            body(UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<count]))
        }
    }

    /// This symbol with `tag`, which the caller guarantees no other spelling is ever given in
    /// this process (LedgerStore's `SymbolTags`).
    package func tagged(_ tag: UInt32) -> AssetSymbol {
        var copy = self
        copy.tag = tag
        return copy
    }

    public static func == (lhs: AssetSymbol, rhs: AssetSymbol) -> Bool {
        lhs.bytes == rhs.bytes && lhs.count == rhs.count
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(textHash) }

    /// What `Dictionary` and `Set` ask for: the digest mixed with their seed, without running
    /// a SipHash `Hasher` per lookup (15 % of the fold went to seeding and finalising hashers).
    /// Keys are symbols from the user's own books, so flooding attacks are not a concern.
    public func _rawHashValue(seed: Int) -> Int { mixedHash(textHash, seed: seed) }

    public var description: String { text }

    /// The class a symbol gets when the user does not say: fiat for well-known currency codes,
    /// else crypto.
    public var inferredClass: AssetClass { isWellKnownFiat ? .fiat : .crypto }

    /// The texts' order (ASCII: byte by byte, a prefix first), by the words read most
    /// significant byte first.
    public static func < (lhs: AssetSymbol, rhs: AssetSymbol) -> Bool {
        (UInt64(bigEndian: lhs.bytes.0), UInt64(bigEndian: lhs.bytes.1), UInt64(bigEndian: lhs.bytes.2))
            < (UInt64(bigEndian: rhs.bytes.0), UInt64(bigEndian: rhs.bytes.1), UInt64(bigEndian: rhs.bytes.2))
    }
}

/// An asset: its symbol and class.
public struct Asset: Hashable, Sendable, CustomStringConvertible {
    public let symbol: AssetSymbol
    public let assetClass: AssetClass

    public init(_ symbol: AssetSymbol, class assetClass: AssetClass? = nil) {
        self.symbol = symbol
        self.assetClass = assetClass ?? symbol.inferredClass
    }

    public var description: String { symbol.text }
    public var isFiat: Bool { assetClass == .fiat }
}

/// A quantity of an asset: `0.1 BTC`.
public struct AssetAmount: Hashable, Sendable, CustomStringConvertible {
    public let asset: Asset
    public let quantity: ExactDecimal

    public init(_ quantity: ExactDecimal, _ asset: Asset) {
        self.asset = asset
        self.quantity = quantity
    }

    public var description: String { "\(quantity) \(asset)" }
}

/// A price per unit in a quote currency (or asset): `30000 USD`.
public struct Price: Hashable, Sendable, CustomStringConvertible {
    public let amount: ExactDecimal
    public let currency: AssetSymbol

    public init(_ amount: ExactDecimal, _ currency: AssetSymbol) {
        self.amount = amount
        self.currency = currency
    }

    public var description: String { "\(amount) \(currency)" }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (self >= 48 && self <= 57) || (self >= 65 && self <= 90) || (self >= 97 && self <= 122)
    }
}

/// FNV-1a, 64 bits: a cheap, stable digest of short keys (symbols, accounts) that a `Hasher`
/// then mixes with its per-process seed.
func fnv1a(_ bytes: some Sequence<UInt8>, from start: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
    // Native strings hand over their bytes at once; walking the UTF-8 view byte by byte was a
    // few per cent of a replay (every position key hashes its account).
    if let hash = bytes.withContiguousStorageIfAvailable({ fnv1aBuffer($0, from: start) }) { return hash }
    var hash = start
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
}

/// A 64-bit finaliser (MurmurHash3's fmix64) over a digest and a table's seed: every bit of
/// the result depends on every bit of both, so the table's low-bit buckets spread well.
func mixedHash(_ digest: UInt64, seed: Int) -> Int {
    var value = digest ^ UInt64(bitPattern: Int64(seed))
    value ^= value >> 33
    value &*= 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value &*= 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return Int(truncatingIfNeeded: value)
}

private func fnv1aBuffer(_ bytes: UnsafeBufferPointer<UInt8>, from start: UInt64) -> UInt64 {
    var hash = start
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
}
