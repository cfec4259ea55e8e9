import LedgerApp
import LedgerInterchange

/// `ledger.import/1`: what an upload gave, per file, as `ledger import` prints it in lines
/// (there is no `import -O json`): the counts, and `FILE:LINE: message` for every row
/// skipped, ignored or recorded at zero cost.
enum ImportJSON {
    static func outcome(_ outcome: UploadImport.Outcome, file: String, dryRun: Bool, notices: [String]) -> String {
        JSONWriter.document(schema: "ledger.import/1") { json in
            json.field("dry_run", dryRun)
            switch outcome {
            case .exchange(let tallies):
                json.objects("files", tallies) { json, tally in
                    json.field("file", tally.file)
                    json.field("format", tally.layout)
                    json.field("account", tally.account)
                    json.field("added", Int64(tally.added))
                    json.field("present", Int64(tally.present))
                    lines(&json, "rejected", tally.rejected.map { $0.located(in: tally.file) })
                    lines(&json, "ignored", tally.ignored.map { $0.located(in: tally.file) })
                    lines(&json, "zero_basis", tally.zeroBasis.map { $0.located(in: tally.file) })
                    if !dryRun {
                        json.field("batch", tally.batch)
                        json.field("sha256", tally.sha256)
                    }
                }
            case .events(let added, let present, let format):
                json.objects("files", [file]) { json, file in
                    json.field("file", file)
                    json.field("format", format)
                    json.field("added", Int64(added))
                    json.field("present", Int64(present))
                }
            }
            lines(&json, "notices", notices)
        }
    }

    /// `{"error": …, "problems": [every line the import refused]}`.
    static func failure(_ message: String, problems: [String]) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("error", message)
        lines(&json, "problems", problems.map { $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : $0 })
        json.endObject()
        return json.text
    }

    private static func lines(_ json: inout JSONWriter, _ name: String, _ lines: [String]) {
        json.key(name)
        json.beginArray()
        for line in lines { json.string(line) }
        json.endArray()
    }
}
