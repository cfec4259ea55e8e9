import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// The beancount and ledger-cli journals of two ledgers, as golden files: the demo ledger of
/// docs/VALUATION.md and a ledger with every event kind (JournalFixtures/every-kind.jsonl:
/// fees in the quote and in a third asset, a crypto-quoted buy, a trade, fiat and crypto in
/// and out, EUR at a rate, transfers, income with and without a value, fee events, a split
/// and a reverse split, a void, and awkward costs such as 0.3 BTC for 30005 USD).
/// `Tests/EndToEndTests/JournalExportTests.swift` runs bean-check and ledger-cli on them.
@Suite("Journal export (beancount, ledger-cli)")
struct JournalExportTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = here.deletingLastPathComponent().deletingLastPathComponent()

    static func ledger(_ events: String, _ prices: String) throws -> (events: [LedgerEvent], prices: PriceTable) {
        let text = try String(contentsOf: URL(fileURLWithPath: events), encoding: .utf8)
        let read = EventFile.readJSONL(text)
        #expect(read.problems.isEmpty)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prices)))
        let table = PriceCSV.read(
            bytes, defaultQuote: sym("USD"), defaultDate: Events.time("2024-01-01"), source: "import")
        #expect(table.problems.isEmpty)
        return (read.events.map(\.event), PriceTable(table.observations))
    }

    static var demo: (events: [LedgerEvent], prices: PriceTable) {
        get throws {
            try ledger(repository.path + "/ledgers/demo/events.jsonl", repository.path + "/ledgers/demo/prices.csv")
        }
    }

    static var everyKind: (events: [LedgerEvent], prices: PriceTable) {
        get throws {
            try ledger(
                here.path + "/JournalFixtures/every-kind.jsonl", here.path + "/JournalFixtures/every-kind-prices.csv")
        }
    }

    static func document(
        _ ledger: (events: [LedgerEvent], prices: PriceTable), method: BookingMethod = .fifo,
        since: LocalDate? = nil, until: LocalDate? = nil
    ) throws -> JournalDocument {
        try JournalBuilder.build(
            events: ledger.events, prices: ledger.prices, currency: sym("USD"), method: method,
            since: since, until: until
        ).get()
    }

    func check(_ text: String, _ name: String) {
        if let failure = Golden.check(text, path: Golden.directory(for: #filePath) + "/" + name) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("the demo ledger, both formats")
    func demo() throws {
        let document = try Self.document(Self.demo)
        check(BeancountWriter.write(document), "journal-demo.beancount")
        check(LedgerCLIWriter.write(document), "journal-demo.ledger")
    }

    @Test("every event kind, both formats")
    func everyKind() throws {
        let document = try Self.document(Self.everyKind)
        check(BeancountWriter.write(document), "journal-every-kind.beancount")
        check(LedgerCLIWriter.write(document), "journal-every-kind.ledger")
    }

    @Test("--since opens with every lot and balance held before it; --until ends the journal")
    func since() throws {
        let document = try Self.document(
            Self.everyKind, since: LocalDate(year: 2024, month: 1, day: 12),
            until: LocalDate(year: 2024, month: 1, day: 14))
        check(BeancountWriter.write(document), "journal-since.beancount")
        #expect(
            document.transactions.first?.narration == "opening balances: every open lot and balance before 2024-01-12")
        #expect(document.transactions.map(\.sequence) == [0, 13, 14, 15])
    }

    @Test("every transaction's weights add up to zero within the declared tolerance")
    func balanced() throws {
        for ledger in [try Self.demo, try Self.everyKind] {
            let document = try Self.document(ledger)
            for transaction in document.transactions {
                let sum = transaction.postings.reduce(ExactDecimal.zero) { $0 + Self.weight($1) }
                #expect(sum.magnitude <= document.tolerance, "event #\(transaction.sequence) is off by \(sum)")
            }
        }
    }

    /// A posting's weight in USD, as beancount computes it (fiat in USD only in these ledgers).
    static func weight(_ posting: JournalPosting) -> ExactDecimal {
        if let lot = posting.lot { return posting.quantity * lot.unitCost }
        if let value = posting.totalValue { return posting.quantity.isNegative ? -value.amount : value.amount }
        return posting.quantity
    }

    @Test("the gains written add up to the replay's realized gain, per account")
    func gains() throws {
        let ledger = try Self.everyKind
        let document = try Self.document(ledger)
        let written = document.transactions.flatMap(\.postings).filter { $0.account == JournalNames.gains }
            .reduce(ExactDecimal.zero) { $0 + $1.quantity }
        let options = ValuationOptions(
            method: .fifo, perAccount: true, currency: sym("USD"), asOf: Events.time("2100-01-01"))
        #expect(written == -PortfolioFold.replay(ledger.events, options: options, prices: ledger.prices).realizedGain)
    }

    @Test("average cost is exported as FIFO lots")
    func average() throws {
        let average = try Self.document(Self.everyKind, method: .average)
        #expect(average.method == .fifo)
        #expect(average.transactions == (try Self.document(Self.everyKind)).transactions)
    }
}
