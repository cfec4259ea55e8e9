import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender
import Synchronization

/// `ledger tax`: capital gains under the US, UK or German rules (docs/TAX.md). The use case is
/// LedgerApp's ``TaxStatement``; this command only prints it.
struct TaxCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax",
        abstract: "Capital gains under the US, UK or German rules, every disposal matched in words.",
        discussion: """
            Not tax advice: docs/TAX.md gives each rule's source, every choice made and what is not covered. \
            The rules file in the ledger's currency (us: USD, uk: GBP, de: EUR). -O json writes ledger.tax/2; \
            -O csv --form 8949 writes Form 8949's rows and each box's Schedule D totals: box C (short term) and F \
            (long term), or I and L for crypto sold from 2025 on, unless --box-for names an account's box.
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

    @Option(
        name: .customLong("box-for"),
        help: ArgumentHelp(
            "With --form 8949: the box of an account's rows, e.g. coinbase=H. Repeat it for each account.",
            discussion: """
                A, B, C: on Form 1099-B with basis reported to the IRS, without, not on one; G, H, I: the same for \
                Form 1099-DA (the 2025 form on). Part II takes the matching D, E, F, J, K, L. Default: C, or I \
                for crypto sold from 2025 on.
                """,
            valueName: "account=box"))
    var boxFor: [String] = []

    @Flag(help: "Exit 1 when the report is incomplete (a price it needs is missing), after printing it.")
    var strict = false

    func run(in environment: CommandEnvironment) throws {
        let format = try TaxFormat.parse(outputFormat, for: "tax")
        try checkForm(format)
        let store = try ledgerOptions.openForReading(in: environment)
        var request = TaxRequest(
            rules: rules, year: year, method: method, washSalesForCrypto: washSalesCrypto,
            marriedFilingSeparately: marriedSeparately)
        request.holdings = format == .json
        let statement = try TaxStatement.make(request, store: store, context: environment.app)
        if form != nil, statement.report.rules != .us { throw TaxCommandError.formNeedsUSRules }
        let boxes =
            boxFor.isEmpty
            ? Form8949Boxes() : try Self.boxes(boxFor, accounts: Set(statement.report.disposals.lazy.map(\.account)))
        write(
            statement, format, boxes: boxes, cores: environment.app.cores, utf8: { environment.write(utf8: $0) },
            to: { environment.write($0) })
        let runner = try ReplayRunner(store: store, environment: environment)
        if environment.processEndsAfterCommand { Self.keepUntilExit(statement) }
        try runner.finish(
            missing: statement.missingPrices, complete: statement.complete, strict: strict,
            noted: [TaxFormat.text, .md, .html].contains(format))
    }

    /// The report is never freed when the process ends after the command (the `ledger`
    /// program, not a run in-process): freeing half a million disposals one by one (each with
    /// its array of matches) was ~3% of `tax` at a million trades (docs/PERFORMANCE.md, "ledger
    /// tax"). The memory goes back with the process.
    private static func keepUntilExit(_ statement: TaxStatement) {
        _ = Unmanaged.passRetained(KeptStatement(statement))
    }

    /// The report in `format`, handed to `out` (JSON as UTF-8 to `utf8`, in pieces: every
    /// year's disposals are hundreds of MB at a million trades).
    private func write(
        _ statement: TaxStatement, _ format: TaxFormat, boxes: Form8949Boxes, cores: any SecondCore,
        utf8: (UnsafeBufferPointer<UInt8>) -> Void, to out: (String) -> Void
    ) {
        let notes = TaxWords.notes(statement.report)
        var view = TaxView(
            report: statement.report, years: statement.years, disposals: statement.disposals,
            currency: statement.currency, method: TaxWords.method(statement.report), notes: notes)
        view.missing = statement.missingPrices
        view.rates = statement.rates
        view.cores = cores
        switch format {
        case .json:
            TaxJSON.write(
                statement.report, years: statement.years, disposals: statement.disposals,
                currency: statement.currency, missing: statement.missingPrices, notes: notes,
                rates: statement.rates, cores: cores, to: utf8)
            out("\n")
        case .csv:
            out(
                form == nil
                    ? TaxCSV.disposals(statement.disposals, currency: statement.currency)
                    : TaxCSV.form8949(statement.disposals, boxes: boxes))
        case .text: view.renderUTF8(to: utf8)
        case .md: out(view.markdown())
        case .html: out(view.html())
        }
    }

    private func checkForm(_ format: TaxFormat) throws {
        guard let form else {
            if !boxFor.isEmpty { throw TaxCommandError.boxNeedsForm }
            return
        }
        guard form == "8949" else { throw TaxCommandError.unknownForm(form) }
        guard format == .csv else { throw TaxCommandError.formNeedsCSV }
    }
}

extension TaxCommand {
    /// `--box-for ACCOUNT=LETTER`, each naming an account with disposals once.
    static func boxes(_ given: [String], accounts: Set<String>) throws -> Form8949Boxes {
        var boxes = Form8949Boxes()
        for text in given {
            guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                throw TaxCommandError.notABoxAssignment(text)
            }
            let account = String(text[..<equals])
            let letter = String(text[text.index(after: equals)...])
            guard let box = Form8949Box(letter: letter) else { throw TaxCommandError.unknownBox(letter) }
            guard accounts.contains(account) else {
                throw TaxCommandError.noDisposalsFrom(account: account, accounts: accounts.sorted())
            }
            guard boxes.byAccount[account] == nil else { throw TaxCommandError.boxGivenTwice(account) }
            boxes.byAccount[account] = box
        }
        return boxes
    }
}

/// What ``TaxCommand`` leaves for the process's end to free.
final class KeptStatement: Sendable {
    let statement: TaxStatement
    /// How many statements were left for the process's end (a test checks that a run
    /// in-process leaves none).
    static let count = Atomic<Int>(0)

    init(_ statement: TaxStatement) {
        self.statement = statement
        Self.count.add(1, ordering: .relaxed)
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
    case boxNeedsForm
    case notABoxAssignment(String)
    case unknownBox(String)
    case noDisposalsFrom(account: String, accounts: [String])
    case boxGivenTwice(String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .unknownForm(let form): "'\(form)' is not a form ledger tax writes; use --form 8949"
        case .formNeedsCSV: "--form 8949 writes CSV; add -O csv"
        case .formNeedsUSRules: "Form 8949 is the US form; use --rules us, or leave out --form"
        case .boxNeedsForm: "--box-for chooses Form 8949 boxes; add -O csv --form 8949"
        case .notABoxAssignment(let text): "--box-for '\(text)' is not ACCOUNT=BOX; give e.g. --box-for coinbase=H"
        case .unknownBox(let text):
            "'\(text)' is not a Form 8949 box; use A, B or C (Form 1099-B), G, H or I (Form 1099-DA), "
                + "or their Part II letters D to F, J to L"
        case .noDisposalsFrom(let account, let accounts):
            "no disposals from account '\(account)'; accounts with disposals: "
                + (accounts.isEmpty ? "none" : accounts.joined(separator: ", "))
        case .boxGivenTwice(let account): "--box-for names account '\(account)' twice; give each account one box"
        }
    }
}
