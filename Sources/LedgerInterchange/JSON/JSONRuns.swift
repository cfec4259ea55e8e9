import LedgerCore

/// The fixed text of an object a report writes many times at one place — between each two of
/// its values the separators, new lines, indentation and keys — worked out once, each run in a
/// slot of 64 bytes, so that writing the text between two values is one copy of a slot (four
/// 16-byte moves, no loop) and one count, where ``JSONObjectBytes/key(_:_:)`` wrote each key's
/// comma, new line, indentation, name and colon apart (~40–60 instructions for each of the
/// ~25 keys of a tax disposal, ~15 % of `tax -O json`'s output at a million trades).
public struct JSONRuns: Sendable {
    /// Each slot's size, the run's length in its last byte. A fixed size: a loop over a
    /// slot of the size of the longest run took twice the instructions.
    public static let slot = 64
    private let slots: [UInt8]

    /// The runs `texts` in this order, each under ``slot`` bytes (a tax disposal's longest
    /// is ~40 at the depth of the report's disposals, 6 more a level deeper).
    public init(_ texts: [[UInt8]]) {
        var slots = [UInt8](repeating: 0, count: Self.slot * texts.count)
        for (index, text) in texts.enumerated() {
            precondition(text.count < Self.slot, "JSONRuns: a run of \(Self.slot) bytes or more")
            slots.replaceSubrange(index * Self.slot..<index * Self.slot + text.count, with: text)
            slots[index * Self.slot + Self.slot - 1] = UInt8(text.count)
        }
        self.slots = slots
    }

    /// `use` with the runs where they lie (``JSONRunsView``).
    public func withView<Result>(_ use: (JSONRunsView) -> Result) -> Result {
        slots.withUnsafeBytes { use(JSONRunsView(base: $0.baseAddress!)) }
    }
}

/// ``JSONRuns`` where they lie, for the writer to copy from.
public struct JSONRunsView {
    let base: UnsafeRawPointer

    /// Run `index` appended to `out` (which must have room for a whole slot: the bytes past
    /// the run are written over by what comes next).
    @inline(__always)
    public func append(_ index: Int, to out: inout ByteCursor) {
        let slot = base + index &* JSONRuns.slot
        let length = Int(slot.load(fromByteOffset: JSONRuns.slot - 1, as: UInt8.self))
        out.reserve(JSONRuns.slot) { target in
            let target = UnsafeMutableRawPointer(target)
            let words = (
                slot.loadUnaligned(as: SIMD16<UInt8>.self),
                slot.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self),
                slot.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self),
                slot.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
            )
            target.storeBytes(of: words.0, as: SIMD16<UInt8>.self)
            target.storeBytes(of: words.1, toByteOffset: 16, as: SIMD16<UInt8>.self)
            target.storeBytes(of: words.2, toByteOffset: 32, as: SIMD16<UInt8>.self)
            target.storeBytes(of: words.3, toByteOffset: 48, as: SIMD16<UInt8>.self)
            return length
        }
    }
}

/// A run's text (``JSONRuns``) at the place of its object, as ``JSONWriter`` lays it out.
public struct JSONRunText {
    public private(set) var bytes: [UInt8] = []
    let pretty: Bool

    public init(pretty: Bool) { self.pretty = pretty }

    /// Text as it is: brackets, commas, quotes.
    public mutating func text(_ text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }

    /// A new line indented two spaces a level (pretty only).
    public mutating func line(_ depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    }

    /// The key `name` of an object at `depth`: on its own line (pretty), `"name": `.
    public mutating func key(_ name: StaticString, in depth: Int) {
        line(depth + 1)
        text("\"")
        text(name)
        text(pretty ? "\": " : "\":")
    }
}
