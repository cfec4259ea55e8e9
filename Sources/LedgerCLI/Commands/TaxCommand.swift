import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger tax`: capital gains under the US, UK or German rules (docs/TAX.md). The use case is
/// LedgerApp's ``TaxStatement``; this command only prints it.
struct TaxCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax",
        abstract: "Capital gains under the US, UK or German rules, every disposal matched in words.",
        discussion: """
            Not tax advice: docs/TAX.md gives each rule's source, every choice made and what is not covered. \
            The rules file in the ledger's currency (us: USD, uk: GBP, de: EUR). -O json writes ledger.tax/1; \
            -O csv --form 8949 writes Form 8949's rows (box C short term, F long term) and the Schedule D totals.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "us, uk or de (default: the ledger's, set by 'ledger init --tax-rules').")
    var rules: String?

    @Option(help: "Only this tax year: 2024, or for the UK 2024/25 (6 April 2024 to 5 April 2025).")
    var year: String?

    @Option(help: "US lot method: fifo (default), lifo or hifo. The UK and German rules fix their own.")
    var method: String?

    @Flag(help: "US: apply the wash-sale rule to crypto too (it is not subject to it).")
    var washSalesCrypto = false

    @Flag(help: "US: married filing separately (a $1,500 capital loss limit, not $3,000).")
    var marriedSeparately = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, md, html, json or csv.")
    var outputFormat: String = "text"

    @Option(help: "With -O csv: 8949 writes IRS Form 8949's columns (US rules).")
    var form: String?

    @Flag(help: "Exit 1 when the report is incomplete (a price it needs is missing), after printing it.")
    var strict = false

    func run(in environment: CommandEnvironment) throws {
        let format = try TaxFormat.parse(outputFormat, for: "tax")
        try checkForm(format)
        let store = try ledgerOptions.openForReading(in: environment)
        let request = TaxRequest(
            rules: rules, year: year, method: method, washSalesForCrypto: washSalesCrypto,
            marriedFilingSeparately: marriedSeparately)
        let statement = try TaxStatement.make(request, store: store, context: environment.app)
        if form != nil, statement.report.rules != .us { throw TaxCommandError.formNeedsUSRules }
        write(statement, format) { environment.write($0) }
        let runner = try ReplayRunner(store: store, environment: environment)
        try runner.finish(
            missing: statement.missingPrices, complete: statement.complete, strict: strict,
            noted: [TaxFormat.text, .md, .html].contains(format))
    }

    /// The report in `format`, handed to `out` (JSON in pieces: every year's disposals are
    /// hundreds of MB at a million trades).
    private func write(_ statement: TaxStatement, _ format: TaxFormat, to out: (String) -> Void) {
        let notes = TaxWords.notes(statement.report)
        var view = TaxView(
            report: statement.report, years: statement.years, disposals: statement.disposals,
            currency: statement.currency, method: TaxWords.method(statement.report), notes: notes)
        view.missing = statement.missingPrices
        view.rates = statement.rates
        switch format {
        case .json:
            TaxJSON.write(
                statement.report, years: statement.years, disposals: statement.disposals,
                currency: statement.currency, missing: statement.missingPrices, notes: notes,
                rates: statement.rates, to: out)
            out("\n")
        case .csv:
            out(
                form == nil
                    ? TaxCSV.disposals(statement.disposals, currency: statement.currency)
                    : TaxCSV.form8949(statement.disposals))
        case .text: out(view.render())
        case .md: out(view.markdown())
        case .html: out(view.html())
        }
    }

    private func checkForm(_ format: TaxFormat) throws {
        guard let form else { return }
        guard form == "8949" else { throw TaxCommandError.unknownForm(form) }
        guard format == .csv else { throw TaxCommandError.formNeedsCSV }
    }
}

/// `-O` of `ledger tax`.
enum TaxFormat: String, CommandFormat {
    case text, md, html, json, csv
}

/// The command's own usage errors.
enum TaxCommandError: UserFacingError, Equatable {
    case unknownForm(String)
    case formNeedsCSV
    case formNeedsUSRules

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .unknownForm(let form): "'\(form)' is not a form ledger tax writes; use --form 8949"
        case .formNeedsCSV: "--form 8949 writes CSV; add -O csv"
        case .formNeedsUSRules: "Form 8949 is the US form; use --rules us, or leave out --form"
        }
    }
}
