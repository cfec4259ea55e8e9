import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `GET /import`, `POST /import` (an upload: its dry run shown) and `POST /import/commit`
/// (the kept upload imported for real). What the page says of each file is what
/// `ledger import` prints: the receipt line, and `FILE:LINE` for every row skipped, ignored,
/// or refused.
struct ImportPage {
    let user: ServerUser
    var errors: [String] = []
    var result: Markup = ""

    func render() -> String {
        let body = PageLayout.errors(errors) + result + uploadForm
        return PageLayout.page(title: "Import", user: user, current: "/import", body: body)
    }

    private var uploadForm: Markup {
        """
        <h2>Upload a file</h2>
        <form method="post" action="/import" enctype="multipart/form-data">\(PageLayout.csrfField(user))
        <label for="file">Exchange export (CSV) or a ledger export (JSONL, JSON)</label>\
        <input type="file" id="file" name="file" required>
        <label for="account">Account (default: the exchange's name)</label>\
        <input type="text" id="account" name="account">
        <label><input type="checkbox" name="skip_invalid" value="1"> Import the valid rows and list the rejected ones</label>
        <label><input type="checkbox" name="allow_zero_basis" value="1"> Record sales of more than is held as zero-cost lots</label>
        <p><button type="submit">Show what it would import</button></p>
        </form>
        <p class="note">The layout is told apart by the file, as <code>ledger import --format auto</code> does. \
        Nothing is written until you commit the dry run; a file with an invalid row imports nothing, \
        and importing a file again adds only the rows not seen before.</p>

        """
    }

    /// The dry run's report and the form that commits the same upload.
    static func dryRun(
        _ outcome: UploadImport.Outcome, notices: [String], upload: UploadImport, kept: KeptUpload, user: ServerUser
    )
        -> Markup
    {
        let flags: Markup =
            (upload.skipInvalid ? "<input type=\"hidden\" name=\"skip_invalid\" value=\"1\">" : "")
            + (upload.allowZeroBasis ? "<input type=\"hidden\" name=\"allow_zero_basis\" value=\"1\">" : "")
        return "<h2>Dry run: nothing written yet</h2>\n"
            + report(outcome, file: upload.name, notices: notices, dryRun: true) + """
                <form method="post" action="/import/commit">\(PageLayout.csrfField(user))\
                <input type="hidden" name="digest" value="\(kept.digest)">\
                <input type="hidden" name="name" value="\(upload.name)">\
                <input type="hidden" name="account" value="\(upload.account ?? "")">\(flags)\
                <p><button type="submit">Commit: import \(upload.name)</button></p></form>

                """
    }

    /// What `ledger import` prints for the outcome, one paragraph a line.
    static func report(_ outcome: UploadImport.Outcome, file: String, notices: [String], dryRun: Bool) -> Markup {
        var lines: [String] = []
        let verb = dryRun ? "would import" : "imported"
        switch outcome {
        case .exchange(let tallies):
            for tally in tallies {
                lines += tally.rejected.map { "warning: " + $0.located(in: tally.file) + " (skipped)" }
                lines += tally.zeroBasis.map { "warning: " + $0.located(in: tally.file) }
                lines += tally.ignored.map { "note: \(tally.file):\($0.line): ignored: \($0.message)" }
                lines.append(tally.summary(dryRun: dryRun, file: tally.file))
                if !dryRun { lines.append(tally.receiptLine) }
            }
        case .events(let added, let present, _):
            lines.append("\(verb) \(added) events from \(file) (\(present) already present)")
        }
        let paragraphs = (notices + lines).map { "<p class=\"note\">\($0)</p>" as Markup }
        return paragraphs.joined(separator: "\n") + "\n"
    }
}
