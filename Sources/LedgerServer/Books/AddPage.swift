import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /add` and `POST /add`: one form for every kind `ledger add` records. The fields are
/// the command's words and options; ``AddForm/input`` turns them into the ``AddInput`` the
/// CLI builds, so the checks and their messages are the CLI's own.
struct AddForm: Equatable {
    var kind = "buy"
    /// The words after the kind: `BTC 0.1 @ 30000`, `1 ETH for 0.05 BTC`, `AAPL 4:1`.
    var words = ""
    var fee = ""
    var date = ""
    var account = ""
    var from = ""
    var to = ""
    var incomeKind = ""
    var assetClass = ""
    var note = ""

    init() {}

    init(_ fields: QueryFields) {
        kind = fields.text("kind")
        words = fields.text("words")
        fee = fields.text("fee")
        date = fields.text("date")
        account = fields.text("account")
        from = fields.text("from")
        to = fields.text("to")
        incomeKind = fields.text("income_kind")
        assetClass = fields.text("class")
        note = fields.text("note")
    }

    /// The input `ledger add KIND WORDS… --fee … --date … …` would give; empty fields are
    /// options not given.
    var input: AddInput {
        func given(_ text: String) -> String? {
            let trimmed = Self.split(text).joined(separator: " ")
            return trimmed.isEmpty ? nil : text
        }
        return AddInput(
            words: Self.split(kind) + Self.split(words), fee: Self.split(fee), date: given(date),
            account: given(account) ?? LedgerEvent.defaultAccount, from: given(from), to: given(to),
            incomeKind: given(incomeKind), assetClass: given(assetClass), note: note)
    }

    /// Words as a shell would split them on spaces (no quoting: a word with a space is one
    /// field of its own on the form).
    static func split(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}

/// `GET /add` (its fields may come prefilled from the query: a coin page's Buy and Sell) and
/// the page again after a refusal, with the values kept and the form's messages.
struct AddPage {
    let user: ServerUser
    var form = TradeForm()
    var errors: [String] = []
    /// The assets the Asset field suggests (the user's holdings), in a `<datalist>`.
    var suggestions: [String] = []

    static let kinds = EventKind.typed.map(\.rawValue)

    func render() -> String {
        let body: Markup =
            PageLayout.errors(errors) + """
                <form method="post" action="/add" class="add">\(PageLayout.csrfField(user))
                <div class="fields">
                \(select("kind", "Kind", Self.kinds, form.kind, allowEmpty: false))
                \(text("asset", "Asset", form.asset, "BTC, ETH, AAPL", list: suggestions.isEmpty ? nil : "held-assets"))
                \(text("quantity", "Quantity", form.quantity, "0.1", decimal: true))
                \(text("price", "Price of one unit", form.price, "30000", decimal: true))
                \(text("total", "Total (or the price, not both)", form.total, "3000", decimal: true))
                \(computed())
                \(text("quote", "Currency of price and total", form.quote, "the ledger's, e.g. USD"))
                \(text("fee", "Fee", form.fee, "5 or 0.0001 BTC", decimal: false))
                \(dateField())
                \(text("account", "Account", form.account, LedgerEvent.defaultAccount))
                \(text("to", "To account (transfer)", form.to, "cold"))
                \(text("from", "From account (transfer; default: Account)", form.from, ""))
                \(select("income_kind", "Income kind", IncomeKind.allCases.map(\.rawValue), form.incomeKind))
                \(select("class", "Asset class", AssetClass.allCases.map(\.rawValue), form.assetClass))
                \(text("note", "Note", form.note, ""))
                </div>
                <details class="other"\(form.words.isEmpty ? "" : " open")><summary>Other kinds: trade, split</summary>
                \(text("words", "Words", form.words, "1 ETH for 0.05 BTC · AAPL 4:1"))
                <p class="note">A trade is what you got for what you gave (1 ETH for 0.05 BTC); a split is the \
                asset and NEW:OLD (AAPL 4:1). Words, when given, are used instead of Asset, Quantity, Price and Total.</p>
                </details>
                <p><button type="submit">Record</button></p>
                \(datalist())</form>
                <p class="note">Enter the price of one unit or the total, not both: the other is computed from the \
                quantity. Selling, withdrawing or transferring more than the account holds is refused, and nothing \
                is written.</p>

                """
        return PageLayout.page(title: "Add a trade", user: user, current: "/add", body: Self.css + body)
    }

    /// The price or total the form computes from the other and the quantity.
    private func computed() -> Markup {
        guard let computed = form.computed else { return "" }
        return
            "<p class=\"note\"><output for=\"quantity price total\">Computed \(computed.label): \(computed.value)</output></p>"
    }

    /// Date and time as the browser's picker gives it (read as UTC); a value typed another way
    /// (`2025-01-02`) stays in a text box so it is not lost.
    private func dateField() -> Markup {
        let picker = form.date.isEmpty || TradeForm.instant(form.date) != form.date
        let type: Markup = picker ? "type=\"datetime-local\" step=\"1\"" : "type=\"text\""
        return
            "<div><label for=\"date\">Date and time, UTC (default: now)</label><input \(type) id=\"date\" name=\"date\" value=\"\(form.date)\"></div>"
    }

    private func text(
        _ name: String, _ label: String, _ value: String, _ placeholder: String, decimal: Bool = false,
        list: String? = nil
    ) -> Markup {
        let mode: Markup = decimal ? " inputmode=\"decimal\"" : ""
        let suggested: Markup = list.map { " list=\"\($0)\" autocomplete=\"off\"" } ?? ""
        return
            "<div><label for=\"\(name)\">\(label)</label><input type=\"text\" id=\"\(name)\" name=\"\(name)\"\(mode)\(suggested) value=\"\(value)\" placeholder=\"\(placeholder)\"></div>"
    }

    /// The Asset field's suggestions: the browser offers them as the user types (no script).
    private func datalist() -> Markup {
        guard !suggestions.isEmpty else { return "" }
        let options = suggestions.map { asset -> Markup in "<option value=\"\(asset)\"></option>" }.joined()
        return "<datalist id=\"held-assets\">\(options)</datalist>\n"
    }

    private func select(
        _ name: String, _ label: String, _ options: [String], _ chosen: String, allowEmpty: Bool = true
    ) -> Markup {
        let values = (allowEmpty ? [""] : []) + options
        let items = values.map { value -> Markup in
            let mark = value == chosen.lowercased() ? " selected" : ""
            return "<option value=\"\(value)\"\(mark)>\(value.isEmpty ? "—" : value)</option>"
        }.joined()
        return
            "<div><label for=\"\(name)\">\(label)</label><select id=\"\(name)\" name=\"\(name)\">\(items)</select></div>"
    }

    /// Two columns of fields on a wide screen, one on a phone.
    static let css: Markup = """
        <style>.add .fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:0 16px}
        .add input[type=datetime-local]{width:100%;max-width:28rem;padding:6px;border:1px solid #bbb;border-radius:4px}
        .add .fields .note{grid-column:1/-1;margin:.25rem 0}</style>
        """
}
