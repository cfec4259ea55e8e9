import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Cash as the source knows it (docs/VALUATION.md, "Cash"): an imported statement keeps its
/// fiat balance exactly as its rows say, below zero included; a file with trades but no cash
/// movements gets a notice instead of an invented balance.
@Suite("Cash as the statement says")
struct CashStatementTests {
    /// A fixture's events as a `ledger import` stores them (one account, provenance import).
    static func imported(_ fixture: String, account: String = "broker") throws -> [LedgerEvent] {
        let events = try PresetFixtureTests.read(fixture).compactMap { outcome -> ImportedEvent? in
            if case .event(let event) = outcome { event } else { nil }
        }
        return events.enumerated().map { index, imported in
            imported.event(
                id: EventID(milliseconds: UInt64(index + 1), random: (0, 0)), recordedAt: imported.occurredAt,
                account: account, batch: "b", fingerprint: "f\(index)")
        }
    }

    static func statement(_ fixture: String) throws -> [String: ExactDecimal] {
        let text = try String(contentsOfFile: PresetFixtureTests.directory + "/" + fixture, encoding: .utf8)
        return try IBKRStatementTests.statementHoldings(text)
    }

    @Test(
        "the replayed IBKR import ends with the statement's Open Positions and Cash Report, to the last digit",
        arguments: ["ibkr/activity-2024.csv", "ibkr/activity-2025.csv"])
    func ibkrMatchesTheStatement(fixture: String) throws {
        let state = Valuation.replay(try Self.imported(fixture), asOf: "2026-01-01")
        var replayed: [String: ExactDecimal] = [:]
        for (key, book) in state.booksByKey where !book.quantity.isZero { replayed[key.asset.text] = book.quantity }
        for (key, balance) in state.balancesByKey where !balance.isZero { replayed[key.asset.text] = balance }
        #expect(replayed == (try Self.statement(fixture)))
        #expect(state.cashNotices.isEmpty)
    }

    @Test("the 2 USD overdraft of 2025-02-03 stays a balance of -2, not money paid in")
    func overdraftDay() throws {
        let events = try Self.imported("ibkr/activity-2025.csv")
        let state = Valuation.replay(events, asOf: "2025-02-04")
        #expect(state.fiatBalance("USD") == dec("-2"))
        #expect(state.netFiatPaidIn == dec("5000"))
        let report = HoldingsReport(state: state, prices: PriceTable())
        #expect(report.rows.first { $0.asset == sym("USD") }?.quantity == dec("-2"))
    }

    @Test("typed events keep the convenience: spending fiat never deposited is paid in, the balance stays at 0")
    func typedTradesKeepTheConvenience() {
        var make = Events(seed: 4)
        let state = Valuation.replay([make.buy("BTC", "0.1", at: "30000", on: "2024-01-02")])
        #expect(state.fiatBalance("USD") == .zero && state.netFiatPaidIn == dec("3000"))
        #expect(state.cashNotices.isEmpty)
    }

    @Test("a trades-only file: the balance its trades imply, and one notice naming the account and the command")
    func tradesOnly() throws {
        let events = try Self.imported("kraken/trades.csv", account: "kraken")
        let state = Valuation.replay(events)
        let notices = state.cashNotices
        #expect(notices.count == 1)
        #expect(notices.first?.message.contains("the cash of account 'kraken' is not known") == true)
        #expect(notices.first?.message.contains("ledger add deposit") == true)
        #expect(state.netFiatPaidIn == .zero)
        // A deposit typed into the account makes its cash known: the notice goes.
        var make = Events(seed: 9)
        let deposit = make.deposit("EUR", "2000", on: "2020-01-01", account: "kraken")
        #expect(Valuation.replay(events + [deposit]).cashNotices.isEmpty)
    }

    @Test("a ledgers export with deposits is a statement: no notice")
    func ledgersExportIsAStatement() throws {
        let state = Valuation.replay(try Self.imported("kraken/ledgers.csv", account: "kraken"))
        #expect(state.cashNotices.isEmpty)
        #expect(state.fiatBalance("EUR") == dec("811.9996"))
    }
}
