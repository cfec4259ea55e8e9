import LedgerCore

/// The fixed text of an object a report writes many times at one place — between each two of
/// its values the separators, new lines, indentation and keys — worked out once, each run in a
/// slot of one size, so that writing the text between two values is one copy of a slot (a
/// few 16-byte moves) and one count, where ``JSONObjectBytes/key(_:_:)`` wrote each key's
/// comma, new line, indentation, name and colon apart (~40–60 instructions for each of the
/// ~25 keys of a tax disposal, ~15 % of `tax -O json`'s output at a million trades).
public struct JSONRuns: Sendable {
    /// Each slot's size: a multiple of 16, the run's length in its last byte.
    let stride: Int
    private let slots: [UInt8]

    /// The runs `texts` in this order (each under 255 bytes).
    public init(_ texts: [[UInt8]]) {
        let longest = texts.map(\.count).max() ?? 0
        precondition(longest < 255, "JSONRuns: a run of 255 bytes or more")
        let stride = (longest + 1 + 15) & ~15
        var slots = [UInt8](repeating: 0, count: stride * texts.count)
        for (index, text) in texts.enumerated() {
            slots.replaceSubrange(index * stride..<index * stride + text.count, with: text)
            slots[index * stride + stride - 1] = UInt8(text.count)
        }
        (self.stride, self.slots) = (stride, slots)
    }

    /// `use` with the runs where they lie (``JSONRunsView``).
    public func withView<Result>(_ use: (JSONRunsView) -> Result) -> Result {
        slots.withUnsafeBytes { use(JSONRunsView(base: $0.baseAddress!, stride: stride)) }
    }
}

/// ``JSONRuns`` where they lie, for the writer to copy from.
public struct JSONRunsView {
    let base: UnsafeRawPointer
    let stride: Int

    /// Run `index` appended to `out` (which must have room for a whole slot: the bytes past
    /// the run are written over by what comes next).
    @inline(__always)
    public func append(_ index: Int, to out: inout ByteCursor) {
        let slot = base + index * stride
        let length = Int(slot.load(fromByteOffset: stride - 1, as: UInt8.self))
        out.reserve(stride) { target in
            let target = UnsafeMutableRawPointer(target)
            var offset = 0
            repeat {
                target.storeBytes(
                    of: slot.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
                    as: SIMD16<UInt8>.self)
                offset += 16
            } while offset < stride
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
