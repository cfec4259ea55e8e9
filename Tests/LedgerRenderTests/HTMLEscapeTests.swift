import LedgerCoreTestSupport
import LedgerRender
import Testing

@Suite("HTML escaping: the one escaper")
struct HTMLEscapeTests {
    @Test("the five characters that matter become entities; everything else is kept")
    func entities() {
        #expect(
            HTML.escape(#"<a href="x">Tom & Jerry's</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTML.escape("café ₿ 🙂 plain") == "café ₿ 🙂 plain")
        #expect(HTML.escape("") == "")
    }

    @Test("a '<' that a combining mark follows is still escaped (scalar by scalar, not by character)")
    func combiningMark() {
        #expect(HTML.escape("<\u{0338}script>") == "&lt;\u{0338}script&gt;")
    }

    @Test("escaped text holds no markup character, for seeded random strings")
    func noMarkupLeft() {
        var random = SplitMix64(seed: 33)
        let alphabet = Array("<>&\"'a é\u{0301}\u{0338}/=".unicodeScalars)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            let escaped = HTML.escape(text)
            #expect(
                !escaped.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) }, "\(text.debugDescription)")
            #expect(Array(unescape(escaped).unicodeScalars) == Array(text.unicodeScalars))
        }
    }

    @Test("markup escapes every interpolated value; literals and markup stay as written")
    func markupEscapesByDefault() {
        let note = #"<script>x</script> "><img onerror=y> &amp;"#
        let cell: Markup = "<td class=\"note\" title=\"\(note)\">\(note)</td>"
        let escaped = HTML.escape(note)
        #expect(cell.html == "<td class=\"note\" title=\"\(escaped)\">\(escaped)</td>")
        let row: Markup = "<tr>\(cell)\(3)\(note.prefix(1))</tr>"
        #expect(row.html == "<tr>" + cell.html + "3&lt;</tr>")
        #expect(Markup.text(note).html == escaped)
        #expect(Markup.trusted("<b>").html == "<b>")
        #expect(([cell, "<br>"] as [Markup]).joined(separator: "\n").html == cell.html + "\n<br>")
        var sum: Markup = "<p>"
        sum += Markup.text("&") + "</p>"
        #expect(sum.html == "<p>&amp;</p>" && "\(sum)" == sum.html)
        // Not a literal `true`: the compiler would warn that the other branches never run.
        let open = !note.isEmpty
        let literal: Markup = "<details\(open ? " class=\"x\"" : "")>\(open ? "<b>" : "")"
        #expect(literal.html == "<details class=\"x\"><b>")
        let name = "<b>"
        let variable: Markup = "<i>\(open ? name : "")</i>"
        #expect(variable.html == "<i>&lt;b&gt;</i>")
    }

    @Test("escaped text in markup holds no markup character, for seeded random strings")
    func markupRandom() {
        var random = SplitMix64(seed: 34)
        let alphabet = Array("<>&\"'a /=".unicodeScalars)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int.random(in: 0...16, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            let markup: Markup = "<p title=\"\(text)\">\(text)</p>"
            #expect(markup.html == "<p title=\"" + HTML.escape(text) + "\">" + HTML.escape(text) + "</p>")
        }
    }

    /// The five entities back to their characters, scalar by scalar (a combining mark after an
    /// entity's `;` must not hide it, as it would from a replacement by characters).
    private func unescape(_ text: String) -> String {
        let entities = ["&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&amp;": "&"]
        var scalars = Array(text.unicodeScalars)[...]
        var out = String.UnicodeScalarView()
        while let first = scalars.first {
            if first == "&", let entity = entities.first(where: { scalars.starts(with: $0.key.unicodeScalars) }) {
                out.append(contentsOf: entity.value.unicodeScalars)
                scalars = scalars.dropFirst(entity.key.unicodeScalars.count)
            } else {
                out.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return String(out)
    }
}
