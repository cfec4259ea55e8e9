/// The fill characters and colours of chart slices, and the text helpers that keep painted lines
/// within a width.
///
/// Neighbouring slices alternate dense and light characters so the pie reads without colour;
/// with colour each slice also gets its own ANSI foreground colour.
struct ChartPalette: Sendable {
    /// One distinct fill character per slice, in slice order.
    static let symbols: [Character] = ["#", ":", "@", "+", "%", "=", "*", "o", "x", "~", "&", "$"]
    /// One distinct ANSI SGR foreground colour per slice, in slice order.
    static let colors = ["34", "33", "32", "35", "36", "31", "94", "93", "92", "95", "96", "91"]
    /// The escape sequence that ends a coloured run.
    static let reset = "\u{1B}[0m"

    /// The most slices a chart can tell apart.
    static var capacity: Int { symbols.count }

    /// Whether runs are wrapped in ANSI colour codes.
    let color: Bool

    /// The fill character of the slice at `index`.
    func symbol(_ index: Int) -> Character {
        Self.symbols[index % Self.symbols.count]
    }

    /// `count` fill characters of the slice at `index`, coloured when colour is on.
    func run(_ index: Int, count: Int) -> String {
        guard count > 0 else { return "" }
        let text = String(repeating: symbol(index), count: count)
        guard color else { return text }
        return "\u{1B}[\(Self.colors[index % Self.colors.count])m" + text + Self.reset
    }

    /// One grid row as text: consecutive cells of one slice form a single (coloured) run;
    /// cells outside the disc are spaces.
    func row(_ cells: [Int?]) -> String {
        var text = ""
        var index = 0
        while index < cells.count {
            var end = index + 1
            while end < cells.count && cells[end] == cells[index] { end += 1 }
            if let owner = cells[index] {
                text += run(owner, count: end - index)
            } else {
                text += String(repeating: " ", count: end - index)
            }
            index = end
        }
        return text
    }

    /// The number of terminal columns `text` takes, not counting ANSI escape sequences.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// `text` cut to `width` visible columns (escape sequences are kept whole and a cut inside a
    /// coloured run is closed with a reset), with trailing spaces removed.
    static func fit(_ text: String, width: Int) -> String {
        var result = ""
        var visible = 0
        var inEscape = false
        var cut = false
        for character in text {
            if inEscape || character == "\u{1B}" {
                inEscape = character != "m"
                result.append(character)
            } else if visible < width {
                result.append(character)
                visible += 1
            } else {
                cut = true
                break
            }
        }
        if cut && result.contains("\u{1B}") && !result.hasSuffix(reset) { result += reset }
        while result.last == " " { result.removeLast() }
        return result
    }
}
