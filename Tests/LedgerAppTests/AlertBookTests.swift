import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// ``AlertBook`` as `ledger alert add|remove` and the server's alert form call it.
@Suite("AlertBook: add and remove an alert")
struct AlertBookTests {
    let directory = makeTemporaryDirectory()
    let fixed: FixedEnvironment
    init() { fixed = FixedEnvironment(variables: ["HOME": directory, "LGR_CURRENCY": "EUR"]) }

    var opener: LedgerOpener {
        let context = fixed.environment.app
        return LedgerOpener(
            locator: LedgerLocator(flag: directory + "/books.ledger", context: context), context: context)
    }

    func request(_ asset: String, _ words: String...) -> AlertRequest {
        AlertRequest(asset: asset, words: words, within: nil, assetClass: nil, note: "n")
    }

    @Test("the first alert creates the ledger in LGR_CURRENCY and is stored armed in it")
    func addCreates() throws {
        let at = Events.time("2024-06-01")
        let alert = try AlertBook.add(
            request("BTC", "above", "50000"), currency: nil, to: PriceLedger(opener: opener), at: at)
        #expect(alert.id == 1 && alert.asset == sym("BTC") && alert.quote == sym("EUR") && alert.createdAt == at)
        let store = try opener.open(.amend)
        #expect(try AlertBook.list(in: store) == [alert])
        #expect(try store.settings.setting(LedgerSetting.currency) == "EUR")
        let second = try AlertBook.add(
            request("ETH", "below", "2000"), currency: "usd", to: PriceLedger(opener: opener), at: at)
        #expect(second.id == 2 && second.quote == sym("USD"))
    }

    @Test("a refused request creates no ledger")
    func refusedCreatesNothing() throws {
        #expect(throws: AlertCommandError.sameAsQuote(sym("EUR"))) {
            _ = try AlertBook.add(
                request("EUR", "above", "1"), currency: nil, to: PriceLedger(opener: opener),
                at: .init(secondsSinceEpoch: 0))
        }
        #expect(throws: AlertCommandError.missingCondition(asset: "BTC")) {
            _ = try AlertBook.add(
                request("BTC"), currency: nil, to: PriceLedger(opener: opener), at: .init(secondsSinceEpoch: 0))
        }
        #expect(!(try opener.exists()))
    }

    @Test("remove gives the alert it removed; a number not there (or no ledger) is noAlert")
    func remove() throws {
        let added = try AlertBook.add(
            request("BTC", "above", "50000"), currency: nil, to: PriceLedger(opener: opener),
            at: Events.time("2024-06-01"))
        let store = try opener.open(.amend)
        #expect(try AlertBook.remove(added.id, from: store) == added)
        #expect(try store.alerts.alerts().isEmpty)
        #expect(throws: AlertCommandError.noAlert(added.id)) { _ = try AlertBook.remove(added.id, from: store) }
        #expect(throws: AlertCommandError.noAlert(7)) { _ = try AlertBook.remove(7, from: nil) }
    }
}
