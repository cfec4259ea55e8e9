import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger prices import FILE [--currency C]`: records every price of a CSV file, or none.
struct PricesImportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Record the prices in a CSV file (all of them, or none).",
        discussion: """
            Each line is \(PriceCSV.synopsis), e.g. BTC,31000,2024-01-02,USD. A header line is \
            optional; a missing date means now and a missing currency the --currency option \
            (else the ledger's currency). If any line is invalid, every invalid line is listed \
            as FILE:LINE and nothing is recorded. The prices get source 'import'; importing the \
            same asset, currency and date again replaces them.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "The currency of rows that name none (default: the ledger's currency).")
    var currency: String?

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
    var file: String

    func run(in environment: CommandEnvironment) throws {
        let bytes = try InputFile.read(file, in: environment)
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let now = environment.now
        let contents = PriceCSV.read(
            bytes, defaultQuote: try ledger.defaultQuote(currency), defaultDate: now, source: "import")
        if !contents.problems.isEmpty {
            for problem in contents.problems {
                environment.writeError(problem.located(in: file))
            }
            throw PricesError.invalidLines(count: contents.problems.count, file: file)
        }
        guard !contents.observations.isEmpty else {
            throw PricesError.noPrices(file: file)
        }
        try ledger.storeForWriting().record(contents.observations, fetchedAt: now)
        let assets = Set(contents.observations.map(\.asset)).count
        environment.print(
            "imported \(Self.count(contents.observations.count, "price")) for \(Self.count(assets, "asset")) from \(file.terminalEscaped)"
        )
    }

    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
