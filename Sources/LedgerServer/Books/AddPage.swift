import LedgerApp
import LedgerCore

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

struct AddPage {
    let user: ServerUser
    var form = AddForm()
    var errors: [String] = []

    static let kinds = EventKind.typed.map(\.rawValue)

    func render() -> String {
        let body =
            PageLayout.errors(errors) + """
                <form method="post" action="/add" class="add">\(PageLayout.csrfField(user))
                \(select("kind", "Kind", Self.kinds, form.kind, allowEmpty: false))
                \(text("words", "Words", form.words, "BTC 0.1 @ 30000 · 1 ETH for 0.05 BTC · USD 10000 · AAPL 4:1"))
                \(text("fee", "Fee", form.fee, "5 or 0.0001 BTC"))
                \(text("date", "Date", form.date, "YYYY-MM-DD or 2024-01-31T14:00:00Z (default: now)"))
                \(text("account", "Account", form.account, LedgerEvent.defaultAccount))
                \(text("from", "From account (transfer)", form.from, ""))
                \(text("to", "To account (transfer)", form.to, "cold"))
                \(select("income_kind", "Income kind", IncomeKind.allCases.map(\.rawValue), form.incomeKind))
                \(select("class", "Asset class", AssetClass.allCases.map(\.rawValue), form.assetClass))
                \(text("note", "Note", form.note, ""))
                <p><button type="submit">Record</button></p>
                </form>
                <p class="note">The words are those of <code>ledger add</code>: buy|sell ASSET QTY @ PRICE [QUOTE], \
                buy|sell ASSET QTY @@ TOTAL [QUOTE], trade QTY ASSET for QTY ASSET, deposit|withdraw|fee ASSET QTY, \
                transfer ASSET QTY (with To), income ASSET QTY, split ASSET NEW:OLD. Selling, withdrawing or \
                transferring more than the account holds is refused, and nothing is written.</p>

                """
        return PageLayout.page(title: "Add an event", user: user, current: "/add", body: body)
    }

    private func text(_ name: String, _ label: String, _ value: String, _ placeholder: String) -> String {
        "<label for=\"\(name)\">\(label)</label><input type=\"text\" id=\"\(name)\" name=\"\(name)\" value=\"\(HTMLText.escape(value))\" placeholder=\"\(HTMLText.escape(placeholder))\">"
    }

    private func select(
        _ name: String, _ label: String, _ options: [String], _ chosen: String, allowEmpty: Bool = true
    ) -> String {
        let values = (allowEmpty ? [""] : []) + options
        let items = values.map { value in
            let mark = value == chosen.lowercased() ? " selected" : ""
            return "<option value=\"\(value)\"\(mark)>\(value.isEmpty ? "—" : value)</option>"
        }.joined()
        return "<label for=\"\(name)\">\(label)</label><select id=\"\(name)\" name=\"\(name)\">\(items)</select>"
    }
}
