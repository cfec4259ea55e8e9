import LedgerCore
import Synchronization

/// The strings the replay meets on every row — symbols, accounts, import batches — interned,
/// so a ledger's few distinct values are each made once, not once per row. Shared by the
/// column decoder (``EventRowDecoder``) and the replay-row decoder (``PackedEventDecoder``).
/// Each symbol made here is tagged (``SymbolTags``), so the fold's position table finds it by
/// its tag.
struct ReplayInterner {
    private var symbols = InternCache<AssetSymbol>()
    private var texts = InternCache<String>()
    /// The last batch made, its bytes and text apart: a tuple of both was copied, two
    /// retains and two releases, to be compared on every row.
    private var lastBatchBytes: [UInt8] = []
    private var lastBatchText: String?

    /// The symbol spelled by `bytes`, or nil when they are not a stored (upper-case, valid)
    /// symbol: the callers then fall back or report the row.
    @inline(__always)
    mutating func symbol(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetSymbol? {
        if let key = PackedText(bytes), let known = symbols[key] { return known }
        return newSymbol(bytes)
    }

    @inline(never)
    private mutating func newSymbol(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetSymbol? {
        guard let key = PackedText(bytes) else { return AssetSymbol(String(decoding: bytes, as: UTF8.self)) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let symbol = AssetSymbol(text), symbol.text == text else { return nil }
        let tagged = symbol.tagged(SymbolTags.next())
        symbols.insert(tagged, for: key)
        return tagged
    }

    /// Short texts (accounts): few, repeated on every row.
    @inline(__always)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let key = PackedText(bytes), let known = texts[key] { return known }
        return newText(bytes)
    }

    @inline(never)
    private mutating func newText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if let key = PackedText(bytes) { texts.insert(text, for: key) }
        return text
    }

    /// One batch per imported file: the previous row's is nearly always the same.
    mutating func batch(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // `memcmp`: the generic `elementsEqual` was a tenth of decoding a replay row in `verify`.
        if let text = lastBatchText, FastChainWalk.same(bytes, lastBatchBytes) { return text }
        let text = String(decoding: bytes, as: UTF8.self)
        (lastBatchBytes, lastBatchText) = (Array(bytes), text)
        return text
    }
}

/// Account names by index for the events a replay makes for the fold (``FoldEvent``): found
/// by their bytes in an ``InternCache``, each name made and indexed once. A name past 15 bytes
/// (no cache key) is compared with the last such name before it is looked up by its text.
struct ReplayNames {
    private var table = FoldNames()
    private var cache = InternCache<Int32>()
    private var lastLongBytes: [UInt8] = []
    private var lastLongIndex: Int32 = -1

    /// Every name indexed so far.
    var names: [String] { table.names }

    @inline(__always)
    mutating func index(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let key = PackedText(bytes), let known = cache[key] { return known }
        return newIndex(bytes)
    }

    @inline(never)
    private mutating func newIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let key = PackedText(bytes) else {
            if lastLongIndex >= 0, FastChainWalk.same(bytes, lastLongBytes) { return lastLongIndex }
            lastLongIndex = table.index(String(decoding: bytes, as: UTF8.self))
            lastLongBytes = Array(bytes)
            return lastLongIndex
        }
        let index = table.index(String(decoding: bytes, as: UTF8.self))
        cache.insert(index, for: key)
        return index
    }

    mutating func index(_ name: String) -> Int32 { table.index(name) }
}

/// The tags of the symbols the interners make (``AssetSymbol/tag``): each symbol made gets the
/// next number of the process, so a tag never names two spellings, whichever decoder made it.
/// When all 2³²−1 are used, symbols are made untagged (0), and the position table probes.
enum SymbolTags {
    private static let counter = Atomic<UInt32>(1)

    static func next() -> UInt32 {
        var current = counter.load(ordering: .relaxed)
        while current != 0 {
            let (exchanged, original) = counter.compareExchange(
                expected: current, desired: current &+ 1, ordering: .relaxed)
            if exchanged { return current }
            current = original
        }
        return 0
    }
}

/// Up to 15 bytes of text packed into two integers: a cheap dictionary key for interning.
struct PackedText: Hashable {
    let low: UInt64
    let high: UInt64

    /// Byte i at bits 8i of the pair, little-endian; the length in the top byte. Read by at most
    /// two overlapping loads, never past the text (a `memcpy` call and a loop over the bytes
    /// were ~50 and ~80 instructions a symbol in a replay).
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count <= 15 else { return nil }
        var (low, high): (UInt64, UInt64) = (0, 0)
        if let start = bytes.baseAddress.map(UnsafeRawPointer.init) {
            if count >= 8 {
                low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
                if count > 8 {
                    let tail = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                    high = tail >> (UInt64(16 - count) * 8)
                }
            } else if count >= 4 {
                let head = UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
                let tail = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
                low = head | tail << (UInt64(count - 4) * 8)
            } else {
                for index in 0..<count { low |= UInt64(bytes[index]) << (UInt64(index) * 8) }
            }
        }
        self.low = low
        self.high = high | UInt64(count) << 56
    }
}

/// An open-addressed cache of 256 places: a lookup is an index and a compare, no hashing, and a
/// collision probes the next place instead of evicting. Direct-mapped, two of a ledger's ~50
/// symbols in one place made each other again on every row they alternated: 4,000 symbols
/// remade at 100k events, ~75 instructions an event on the reader and a fresh tag each time
/// for the fold's table (docs/PERFORMANCE.md, "Cold replay, thirtieth round"). Past 128 keys the
/// cache starts again empty, so probes stay short whatever a ledger holds. Keys and values
/// in two arrays, so a miss touches no value.
struct InternCache<Value> {
    private var keys = [PackedText?](repeating: nil, count: 256)
    private var values: [Value?] = Array(repeating: nil, count: 256)
    private var count = 0

    @inline(__always)
    subscript(key: PackedText) -> Value? {
        var place = key.slot
        while let known = keys[place] {
            if known == key { return values[place] }
            place = (place + 1) & 255
        }
        return nil
    }

    mutating func insert(_ value: Value, for key: PackedText) {
        if count >= 128 {
            keys = [PackedText?](repeating: nil, count: 256)
            values = Array(repeating: nil, count: 256)
            count = 0
        }
        var place = key.slot
        while let known = keys[place], known != key { place = (place + 1) & 255 }
        if keys[place] == nil { count += 1 }
        keys[place] = key
        values[place] = value
    }
}

extension PackedText {
    /// A slot from a multiplicative mix of the bytes.
    var slot: Int { Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 56) }
}
