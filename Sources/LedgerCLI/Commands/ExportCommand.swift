import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger export`: the events as JSONL (lossless, re-importable), JSON or CSV, or the books
/// as a beancount or ledger-cli journal (lots at cost, realized gains).
struct ExportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write the events as JSONL (lossless), JSON or CSV, or the books as a beancount or ledger-cli journal.",
        discussion: """
            JSONL and JSON exports import back with 'ledger import' into the same events. beancount and ledger \
            journals hold every lot at the cost and date the replay gives it (lots per account; average cost is \
            written as FIFO lots); with --since they open with the balances held before that day. -o writes atomically.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "jsonl, json, csv, beancount or ledger.")
    var outputFormat: String = "jsonl"

    @Option(
        name: [.customShort("o"), .customLong("output-file")],
        help: "Write to this file (atomically) instead of stdout.")
    var outputFile: String?

    @Option(help: "Only events on or after this date (YYYY-MM-DD); journals open with the balances before it.")
    var since: String?

    @Option(help: "Only events on or before this date (YYYY-MM-DD).")
    var until: String?

    @Option(
        help: "Journals: lot booking method, \(BookingMethod.list) (default: fifo; average is written as FIFO lots).")
    var method: String?

    static let formats = ["jsonl", "json", "csv", "beancount", "ledger"]

    func run(in environment: CommandEnvironment) throws {
        guard Self.formats.contains(outputFormat) else {
            throw ExportError.notAFormat(outputFormat)
        }
        let from = try since.map { try DateOption.parse($0, "--since") }
        let to = try until.map { try DateOption.parse($0, "--until") }
        let journal = JournalFormat(rawValue: outputFormat)
        let booking = try bookingMethod(journal: journal)
        let export = EventExport(try ledgerOptions.openVerified(in: environment), from: from, to: to)
        if outputFormat == "jsonl" { return try streamJSONL(export, in: environment) }
        let (text, summary): (String, String)
        if let journal {
            let document = try JournalExport(export: export, environment: environment)
                .document(method: booking, since: from, until: to)
            text = journal == .beancount ? BeancountWriter.write(document) : LedgerCLIWriter.write(document)
            summary = "\(document.transactions.count) transactions"
        } else {
            let events = try export.events()
            text =
                outputFormat == "json"
                ? EventFile.json(events) : LogOutput(entries: LogEntry.build(events), width: 80).csv()
            summary = "\(events.count) events"
        }
        guard let outputFile else { return environment.write(text) }
        try OutputFile.write(text, to: outputFile, in: environment)
        environment.stderr.write("exported \(summary) to \(outputFile.terminalEscaped)\n")
    }

    /// JSONL, the lossless export, streams: one line per event as it is read, written in
    /// pieces of about 64 KiB, so exporting a long log takes no more memory than a short one.
    private func streamJSONL(_ export: EventExport, in environment: CommandEnvironment) throws {
        var count = 0
        let produce = { (emit: (String) -> Void) throws in
            var buffer: [UInt8] = []
            try export.forEachEvent { event in
                buffer += EventRecordV1(event).canonicalJSONBytes
                buffer.append(UInt8(ascii: "\n"))
                count += 1
                if buffer.count >= 1 << 16 {
                    emit(String(decoding: buffer, as: UTF8.self))
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if !buffer.isEmpty { emit(String(decoding: buffer, as: UTF8.self)) }
        }
        guard let outputFile else { return try produce(environment.write) }
        try OutputFile.stream(to: outputFile, in: environment, produce)
        environment.stderr.write("exported \(count) events to \(outputFile.terminalEscaped)\n")
    }

    /// `--method` applies to journals only.
    func bookingMethod(journal: JournalFormat?) throws -> BookingMethod {
        guard let method else { return .fifo }
        guard journal != nil else {
            throw ExportError.methodWithoutJournal(format: outputFormat)
        }
        guard let parsed = BookingMethod(rawValue: method.lowercased()) else {
            throw OptionValueError.notABookingMethod(method)
        }
        return parsed
    }
}
