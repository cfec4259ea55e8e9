import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Layouts that carry running balances check themselves: the imported events, folded per asset
/// with ``PositionBook`` (the ledger's own quantity fold), must equal the file's balance column
/// after every event, that is after the last row before the next event's first row (a trade
/// spread over several rows is one event, so the balances between its rows are not compared).
/// Balances kept per wallet (Kraken) are summed over the wallets, since moves between them
/// are ignored.
@Suite("Exchange presets: running balances")
struct RunningBalanceTests {
    /// A file's own balances, as (line, asset, wallet, balance) for each row that states one.
    typealias Stated = (line: Int, asset: String, wallet: String, balance: ExactDecimal)

    static func rows(_ fixture: String) throws -> (header: [String], rows: [CSVRow]) {
        let bytes = [UInt8](FileManager.default.contents(atPath: PresetFixtureTests.directory + "/" + fixture)!)
        var rows = try CSVStreamReader.records(bytes).map { try $0.get() }.filter { !$0.isBlank }
        let header = rows.removeFirst().fields.map { $0.trimmingCharacters(in: .whitespaces) }
        return (header, rows)
    }

    /// Kraken ledgers: `balance` of `asset` in `wallet` (2021 headers have no wallet); the
    /// pending rows have none. Fee credits (KFEE) are checked like any asset.
    static let krakenCodes = [
        "ZEUR": "EUR", "EUR": "EUR", "ZUSD": "USD", "XXBT": "BTC", "XBT": "BTC", "XBT.S": "BTC", "DOT28.S": "DOT",
        "KFEE": "KFEE",
    ]

    static func kraken(_ fixture: String) throws -> [Stated] {
        let (header, rows) = try rows(fixture)
        let column = { (name: String) in header.firstIndex(of: name)! }
        let wallet = header.firstIndex(of: "wallet")
        return rows.compactMap { row in
            let text = row.fields[column("balance")]
            guard !text.isEmpty else { return nil }
            return (
                row.line, krakenCodes[row.fields[column("asset")]]!, wallet.map { row.fields[$0] } ?? "",
                ExactDecimal(text)!
            )
        }
    }

    /// Coinbase Pro account statement: `balance` in `amount/balance unit`.
    static func coinbasePro() throws -> [Stated] {
        let (header, rows) = try rows("coinbase-pro/account.csv")
        let balance = header.firstIndex(of: "balance")!
        let unit = header.firstIndex(of: "amount/balance unit")!
        return rows.map { ($0.line, $0.fields[unit], "", ExactDecimal($0.fields[balance])!) }
    }

    /// Gemini: every `<CUR> Balance <CUR>` column a row fills in (display values: `$764.20 `,
    /// `($4,166.23)`, `0.4295 BTC `). The closing row without a date repeats the balances.
    static func gemini() throws -> [Stated] {
        let (header, rows) = try rows("gemini/history.csv")
        let balances = header.enumerated().filter { $0.element.contains(" Balance ") }
        return try rows.flatMap { row in
            try balances.compactMap { index, name -> Stated? in
                let text = row.fields[index].trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { return nil }
                return (row.line, String(name.prefix { $0 != " " }), "", try ImportNumber.money(text, name))
            }
        }
    }

    static func stated(_ fixture: String) throws -> [Stated] {
        switch fixture {
        case "kraken/ledgers.csv", "kraken/ledgers-2021.csv": try kraken(fixture)
        case "coinbase-pro/account.csv": try coinbasePro()
        default: try gemini()
        }
    }

    @Test(
        "the import's balances equal the file's own after every event",
        arguments: ["kraken/ledgers.csv", "kraken/ledgers-2021.csv", "coinbase-pro/account.csv", "gemini/history.csv"])
    func balancesAgree(fixture: String) throws {
        let statements = try Self.stated(fixture)
        let events = try PresetFixtureTests.read(fixture).compactMap { outcome -> ImportedEvent? in
            if case .event(let event) = outcome { event } else { nil }
        }.sorted { $0.line < $1.line }
        #expect(!events.isEmpty)
        var book = PositionBook()
        for (position, imported) in events.enumerated() {
            book.apply(
                imported.event(
                    id: EventID(milliseconds: UInt64(position), random: (0, 0)), recordedAt: imported.occurredAt,
                    account: "x", batch: "b", fingerprint: "f"))
            let until = position + 1 < events.count ? events[position + 1].line : Int.max
            var perWallet: [String: ExactDecimal] = [:]
            for statement in statements where statement.line < until {
                perWallet[statement.asset + "/" + statement.wallet] = statement.balance
            }
            var file: [String: ExactDecimal] = [:]
            for (key, balance) in perWallet { file[String(key.prefix { $0 != "/" }), default: .zero] += balance }
            for asset in Set(file.keys).union(book.balances.keys.map(\.asset.text)) {
                let folded = book.balance(PositionKey(account: "x", asset: AssetSymbol(asset)!))
                #expect(folded == file[asset] ?? .zero, "\(fixture): \(asset) after the event of line \(imported.line)")
            }
        }
    }
}
