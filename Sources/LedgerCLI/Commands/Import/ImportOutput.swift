import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// What an import prints: a receipt per file on stdout; skipped rows, zero-basis lots and
/// ignored rows on stderr with `FILE:LINE`.
struct ImportOutput {
    let environment: CommandEnvironment
    let dryRun: Bool
    /// Ignored rows listed per file (a dry run lists all).
    static let ignoredShown = 10

    func report(_ tallies: [ImportTally]) {
        for tally in tallies {
            for problem in tally.rejected { note("warning", problem.located(in: tally.file) + " (skipped)") }
            for problem in tally.zeroBasis { note("warning", problem.located(in: tally.file)) }
            let shown = dryRun ? tally.ignored : Array(tally.ignored.prefix(Self.ignoredShown))
            for problem in shown { note("note", tally.file + ":\(problem.line): ignored: " + problem.message) }
            if shown.count < tally.ignored.count {
                note(
                    "note",
                    "\(tally.file): \(tally.ignored.count - shown.count) more rows ignored; --dry-run lists every one")
            }
            environment.print(tally.summary(dryRun: dryRun, file: tally.file.terminalEscaped))
            if !dryRun { environment.print(tally.receiptLine) }
        }
        if dryRun { environment.print("dry run: nothing written") }
    }

    private func note(_ level: String, _ text: String) {
        environment.stderr.write("ledger: \(level): \(text.terminalEscaped)\n")
    }

    /// `ledger import --history`: every receipt, oldest first (files by their last path component).
    static func history(_ receipts: [ImportReceipt], width: Int) -> String {
        guard !receipts.isEmpty else { return "no imports yet; 'ledger import FILE' records one\n" }
        var table = TextTable(columns: [
            .init("batch"), .init("imported", dropPriority: 4), .init("file", flexible: true),
            .init("format", dropPriority: 2),
            .init("account", dropPriority: 3), .init("added", .right), .init("present", .right),
            .init("rejected", .right), .init("ignored", .right), .init("sha256", dropPriority: 1),
        ])
        for receipt in receipts {
            table.append([
                receipt.batch, receipt.importedAt.description, String(receipt.file.split(separator: "/").last ?? ""),
                receipt.format, receipt.account.isEmpty ? "-" : receipt.account,
                String(receipt.added), String(receipt.present), String(receipt.rejected), String(receipt.ignored),
                String(receipt.sha256.prefix(12)),
            ])
        }
        return table.render(width: width)
    }
}
