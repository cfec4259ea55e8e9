import LedgerCore
import LedgerRender

/// The pieces the market pages share: tables whose numeric cells line up and whose signed
/// cells are coloured (`.pos`/`.neg`), notices, and links that keep the other query fields.
enum MarketHTML {
    /// A cell: its markup, whether it is a number (right-aligned), and its sign class.
    struct Cell {
        var html: Markup
        var numeric = false
        var sign: String? = nil
        /// A sentence: on a phone's card it gets a line of its own, under its label, left-aligned.
        var long = false

        static func text(_ text: String, numeric: Bool = false) -> Cell {
            Cell(html: .text(text), numeric: numeric)
        }

        static func sentence(_ text: String) -> Cell {
            Cell(html: .text(text), long: true)
        }

        /// A signed figure (`+2.5%`, `-1.2%`): green up, red down.
        static func signed(_ text: String) -> Cell {
            Cell(
                html: .text(text), numeric: true,
                sign: text.hasPrefix("+") ? "pos" : text.hasPrefix("-") ? "neg" : nil)
        }
    }

    /// A table whose rows become cards on a phone (`class="stack"`, each cell naming its
    /// column in `data-label`, see ``PageLayout``); `narrow` columns are hidden below 600 px.
    /// `cards` false keeps a table whose columns left on a phone fit 390 px as rows (one line
    /// per coin or day, as a phone's market app shows them).
    static func table(
        caption: String, headers: [(String, numeric: Bool)], rows: [[Cell]], narrow: Set<Int> = [], cards: Bool = true
    ) -> Markup {
        func classes(_ index: Int, numeric: Bool, sign: String?, long: Bool = false) -> Markup {
            var list: [String] = numeric ? ["n"] : []
            if let sign { list.append(sign) }
            if narrow.contains(index) { list.append("wide") }
            if long { list.append("long") }
            return list.isEmpty ? "" : " class=\"\(list.joined(separator: " "))\""
        }
        func label(_ index: Int) -> Markup {
            index < headers.count ? " data-label=\"\(headers[index].0)\"" : ""
        }
        let head = headers.enumerated().map { index, header -> Markup in
            "<th scope=\"col\"\(classes(index, numeric: header.numeric, sign: nil))>\(header.0)</th>"
        }.joined()
        func cell(_ index: Int, _ cell: Cell) -> Markup {
            "<td\(classes(index, numeric: cell.numeric, sign: cell.sign, long: cell.long))\(label(index))>\(cell.html)</td>"
        }
        let body = rows.map { cells -> Markup in
            "<tr>\(cells.enumerated().map { cell($0, $1) }.joined())</tr>"
        }.joined(separator: "\n")
        return
            "<div class=\"scroll\"><table class=\"\(cards ? "stack" : "rows")\">\n<caption>\(caption)</caption>\n<thead><tr>\(head)</tr></thead>\n<tbody>\n\(body)\n</tbody>\n</table></div>\n"
    }

    /// Warnings collected while the page was made (a failed source, the cache used instead).
    static func notices(_ lines: [String]) -> Markup {
        lines.map { "<p class=\"error\" role=\"status\">\($0)</p>\n" as Markup }.joined()
    }

    static func note(_ text: String) -> Markup {
        "<p class=\"note\">\(text)</p>\n"
    }

    /// `path?k=v&…` with the fields in order, empty values left out.
    static func link(_ path: String, _ fields: [(String, String?)]) -> String {
        let query = fields.compactMap { name, value in
            value.map { FormEncoding.escape(name) + "=" + FormEncoding.escape($0) }
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// Card-style figures (label above, value below), for a coin's numbers; `attributes` adds
    /// markup to the value of a label (a live price's `data-live`).
    static func cards(_ figures: [(String, String)], attributes: [String: Markup] = [:]) -> Markup {
        let cards = figures.map { label, value -> Markup in
            let sign = value.hasPrefix("+") ? " pos" : value.hasPrefix("-") ? " neg" : ""
            let extra = attributes[label] ?? ""
            return
                "<div class=\"card\"><span class=\"label\">\(label)</span><span class=\"amount\(sign)\"\(extra)>\(value)</span></div>"
        }
        return "<div class=\"cards\">" + cards.joined() + "</div>\n"
    }

    /// Hides the `wide` columns on a phone, and lays out the market controls.
    static let css: Markup = """
        <style>@media (max-width:600px){.wide{display:none}}
        .controls{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:end;margin:.5rem 0}
        .controls label{margin:0}
        .controls select{width:auto}
        .star{color:#b8860b}
        .live.up{color:#1a7f37}.live.down{color:#c62828}</style>
        """
}
