import Foundation
import LedgerCore
import LedgerRender
import LedgerTestSupport
import Testing

@testable import LedgerServer

/// The add page's form (issue 35): kind, asset, quantity, price or total, fee, date and time,
/// account, note; the recorder is the CLI's, the refusals are the form's.
@Suite("the add form's fields")
struct TradeFormTests {
    @Test(
        "a buy from asset, quantity and total is recorded at the computed price and shows in the trades and portfolio")
    func buyFromTotal() async throws {
        let server = try await TestServer.start()
        let deposit = try await BooksPagesTests.add(
            server, [("kind", "deposit"), ("asset", "USD"), ("quantity", "10000"), ("date", "2025-01-01T09:00")])
        #expect(deposit.status == 303, "\(deposit.body)")
        let buy = try await BooksPagesTests.add(
            server,
            [
                ("kind", "buy"), ("asset", "btc"), ("quantity", "0.1"), ("price", ""), ("total", "3000"), ("fee", "5"),
                ("date", "2025-01-02T10:30"), ("account", "kraken"), ("note", "first coin"),
            ])
        #expect(buy.status == 303 && buy.header("location") == "/trades?added=2", "\(buy.body)")
        let trades = try await server.client.get("/trades?added=2", headers: Books.user("alice"))
        // The recorder keeps the total as given (`@@`), as `ledger add … @@ 3000` does.
        #expect(trades.body.contains("buy 0.1 BTC @@ 3000 USD, fee 5 USD [kraken]"), "\(trades.body)")
        let portfolio = try await server.client.get("/portfolio", headers: Books.user("alice"))
        #expect(portfolio.body.contains(">BTC<") && portfolio.body.contains("0.1"))
        try await server.stop()
    }

    @Test("refusals name the field and what to enter, never a command or an option; nothing is written")
    func refusals() async throws {
        let server = try await TestServer.start()
        let ledger = server.settings.ledgerPath(forUser: "alice")
        _ = try await BooksPagesTests.add(server, [("kind", "deposit"), ("words", "USD 100")])
        let head = Books.head(ledger)
        let buy = [("kind", "buy"), ("asset", "BTC"), ("quantity", "0.1")]
        let cases: [([(String, String)], String)] = [
            (buy, TradeFormError.missingPriceOrTotal(.buy).description),
            (buy + [("price", "1"), ("total", "2")], TradeFormError.priceAndTotal.description),
            ([("kind", "buy"), ("quantity", "0.1"), ("price", "1")], TradeFormError.missingAsset.description),
            ([("kind", "sell"), ("asset", "BTC"), ("price", "1")], TradeFormError.missingQuantity(.sell).description),
            (
                [("kind", "buy"), ("asset", "BTC"), ("quantity", "1,5"), ("price", "1")],
                "Quantity: '1,5' is not a number; enter digits with a dot for decimals"
            ),
            (
                [("kind", "sell"), ("asset", "BTC"), ("quantity", "1"), ("price", "100"), ("date", "2025-01-01")],
                "not enough BTC in 'default'"
            ),
            ([("kind", "trade")], TradeFormError.needsWords("trade").description),
            ([("kind", "buy"), ("words", "BTC 0.1 @")], TradeFormError.missingPriceOrTotal(.buy).description),
            (
                [("kind", "buy"), ("words", "BTC 1 @ 1"), ("date", "soon")],
                "Date: 'soon' is not a valid date; use YYYY-MM-DD"
            ),
            (
                [("kind", "deposit"), ("asset", "USD"), ("quantity", "1"), ("to", "cold")],
                "From and To account: they are for transfers; leave them empty for a deposit and use Account"
            ),
            (
                [("kind", "income"), ("asset", "ETH"), ("quantity", "1"), ("income_kind", "gift")],
                "Income kind: 'gift' is not one; choose one of"
            ),
        ]
        for (fields, message) in cases {
            let page = try await BooksPagesTests.add(server, fields)
            let alert = page.body.components(separatedBy: "role=\"alert\">").dropFirst().first ?? ""
            let shown = alert.components(separatedBy: "</p>")[0]
            #expect(page.status == 422, "\(fields)")
            #expect(page.body.contains(HTML.escape(message)), "\(fields): \(shown)")
            #expect(!shown.contains("ledger ") && !shown.contains("--"), "\(shown)")
            for (name, value) in fields where name != "kind" && name != "income_kind" {
                #expect(page.body.contains("value=\"\(HTML.escape(value))\""), "\(name) not kept")
            }
        }
        #expect(Books.head(ledger) == head && !head.isEmpty)
        try await server.stop()
    }

    @Test("the price or total not given is computed from the other, exactly")
    func computed() {
        var form = TradeForm()
        (form.quantity, form.total) = ("0.3", "1000")
        #expect(form.computed?.label == "price" && form.computed?.value == "3,333.333333333333333333")
        (form.price, form.total) = ("30000", "")
        #expect(form.computed?.label == "total" && form.computed?.value.hasPrefix("9,000") == true)
        form.quantity = "x"
        #expect(form.computed == nil)
        #expect(TradeForm.instant("2025-01-02T10:30") == "2025-01-02T10:30:00Z")
        #expect(TradeForm.instant("2025-01-02T10:30:15") == "2025-01-02T10:30:15Z")
        #expect(TradeForm.instant("2025-01-02") == "2025-01-02")
    }

    @Test("Buy and Sell on a coin page open the form with the coin and its price filled in")
    func prefilled() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let coin = try await client.get("/market/BTC?days=10", as: "alice")
        let buy = "/add?kind=buy&asset=BTC&price=67543.12&quote=USD"
        #expect(coin.body.contains("href=\"\(HTML.escape(buy))\""), "\(coin.body)")
        #expect(coin.body.contains("href=\"\(HTML.escape(buy.replacing("buy", with: "sell")))\""))
        let form = try await client.get(buy, as: "alice")
        #expect(form.status == 200)
        #expect(form.body.contains(#"<option value="buy" selected>"#))
        #expect(form.body.contains(#"name="asset" value="BTC""#) && form.body.contains(#"value="67543.12""#))
        try await server.stop()
    }
}
