import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger gains`: realized gains per disposal, for a year or a period.
struct GainsCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "gains",
        abstract: "Realized gains per disposal, with holding period and term.",
        discussion:
            "Held more than one year by the calendar is long term (IRS Pub. 544); a sale on the anniversary of the purchase is still short term. -O csv gives one row per disposal for a tax preparer."
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var reportOptions: ReportOptions

    @Option(help: "Only disposals in this calendar year.")
    var year: Int?

    @Option(help: "Only disposals on or after this date (YYYY-MM-DD).")
    var since: String?

    @Option(help: "Only disposals on or before this date (YYYY-MM-DD).")
    var until: String?

    @Option(help: "Compare the totals of several methods side by side, e.g. fifo,lifo,hifo,average.")
    var compare: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json, .csv], for: "gains")
        let (from, to) = try period()
        let methods = try comparedMethods()
        let query = GainsQuery(valuation: reportOptions.query, since: from, until: to, methods: methods)
        let answer = try query.answer(ledgerOptions.opener(in: environment))
        let (reports, source, complete) = (answer.reports, answer.source, answer.complete)
        if methods != nil {
            try outputFormat.require([.text], for: "gains --compare")
            environment.write(MethodComparisonView(reports: reports, width: environment.terminalWidth).render())
            return try source.finish(
                missing: reports[0].missingPrices, complete: complete, strict: reportOptions.strict, noted: complete)
        }
        switch outputFormat {
        case .json: environment.print(ReportJSON.gains(reports[0]))
        case .csv, .md: environment.write(ReportCSV.gains(reports[0]))
        case .text:
            var view = GainsView(
                report: reports[0], width: environment.terminalWidth, theme: reportOptions.theme(environment))
            view.ledgerCurrency = source.ledgerCurrency
            environment.write(view.render())
        }
        try source.finish(
            missing: reports[0].missingPrices, complete: complete, strict: reportOptions.strict,
            noted: complete || outputFormat == .text)
    }

    private func period() throws -> (LocalDate?, LocalDate?) {
        if let year {
            guard since == nil, until == nil else {
                throw ReportOptionError.yearWithRange
            }
            guard let start = LocalDate(year: year, month: 1, day: 1),
                let end = LocalDate(year: year, month: 12, day: 31)
            else {
                throw ReportOptionError.notAYear(year)
            }
            return (start, end)
        }
        let from = try since.map { try DateOption.parse($0, "--since") }
        let to = try until.map { try DateOption.parse($0, "--until") }
        if let from, let to, from > to { throw ReportOptionError.sinceAfterUntil(from, to) }
        return (from, to)
    }

    private func comparedMethods() throws -> [BookingMethod]? {
        guard let compare else { return nil }
        guard compare.contains(where: { $0 != "," && $0 != " " }) else {
            throw ReportOptionError.compareWithoutMethods
        }
        return try compare.split(separator: ",").map { name in
            guard let method = BookingMethod(rawValue: name.trimmingSpaces.lowercased()) else {
                throw ReportOptionError.compareNotAMethod(String(name))
            }
            return method
        }
    }

}

extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
