import LedgerCore

/// The strings the replay meets on every row — symbols, accounts, import batches — interned,
/// so a ledger's few distinct values are each made once, not once per row. Shared by the
/// column decoder (``EventRowDecoder``) and the replay-row decoder (``PackedEventDecoder``).
struct ReplayInterner {
    private var symbols = InternCache<AssetSymbol>()
    private var texts = InternCache<String>()
    private var lastBatch: (bytes: [UInt8], text: String)?

    /// The symbol spelled by `bytes`, or nil when they are not a stored (upper-case, valid)
    /// symbol: the callers then fall back or report the row.
    mutating func symbol(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetSymbol? {
        guard let key = PackedText(bytes) else { return AssetSymbol(String(decoding: bytes, as: UTF8.self)) }
        if let known = symbols[key] { return known }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let symbol = AssetSymbol(text), symbol.text == text else { return nil }
        symbols.insert(symbol, for: key)
        return symbol
    }

    /// Short texts (accounts): few, repeated on every row.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let key = PackedText(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        if let known = texts[key] { return known }
        let text = String(decoding: bytes, as: UTF8.self)
        texts.insert(text, for: key)
        return text
    }

    /// One batch per imported file: the previous row's is nearly always the same.
    mutating func batch(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // `memcmp`: the generic `elementsEqual` was a tenth of decoding a replay row in `verify`.
        if let last = lastBatch, FastChainWalk.same(bytes, last.bytes) { return last.text }
        let text = String(decoding: bytes, as: UTF8.self)
        lastBatch = (Array(bytes), text)
        return text
    }
}

/// Up to 16 bytes of text packed into two integers: a cheap dictionary key for interning.
struct PackedText: Hashable {
    let low: UInt64
    let high: UInt64

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 15 else { return nil }
        // Byte i at bits 8i of the pair, little-endian, as one copy (a loop over the bytes was
        // ~80 instructions a symbol in a replay); the length in the top byte.
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        low = UInt64(littleEndian: words.0)
        high = UInt64(littleEndian: words.1) | UInt64(bytes.count) << 56
    }
}

/// A direct-mapped cache of 256 slots: a lookup is one index and one compare, no hashing.
/// A collision only evicts, so the cache is always correct.
struct InternCache<Value> {
    private var slots: [(key: PackedText, value: Value)?] = Array(repeating: nil, count: 256)

    subscript(key: PackedText) -> Value? {
        guard let slot = slots[key.slot], slot.key == key else { return nil }
        return slot.value
    }

    mutating func insert(_ value: Value, for key: PackedText) {
        slots[key.slot] = (key, value)
    }
}

extension PackedText {
    /// A slot from a multiplicative mix of the bytes.
    var slot: Int { Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 56) }
}
