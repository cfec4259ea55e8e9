import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// The returns on the web portfolio page: `ledger returns`' figures and chart, the period
/// chosen by links (no script), and a period the CLI refuses shown with its message.
@Suite("the portfolio page's returns: chart, period links, the CLI's numbers")
struct ReturnsPageTests {
    @Test("the figures and chart of ledger returns, the period links keep as-of, a bad period is named")
    func returnsSection() async throws {
        let server = try await TestServer.start()
        // 1000 USD on 06-01, 10 USD of interest on 06-15: a TWR of exactly +1 % for June.
        for body in [
            #"{"kind": "deposit", "words": "USD 1000", "date": "2026-06-01"}"#,
            #"{"kind": "income", "words": "USD 10", "income_kind": "interest", "date": "2026-06-15"}"#,
        ] {
            let response = try await server.client.request(
                "POST", "/api/v1/events", headers: Books.json("alice"), body: Array(body.utf8))
            #expect(response.status == 201, "\(response.body)")
        }
        let page = try await server.client.get("/portfolio?as-of=2026-06-30&period=all", headers: Books.user("alice"))
        #expect(page.status == 200)
        let body = page.body
        #expect(body.contains("<h2 id=\"returns\">Returns</h2>"))
        #expect(body.contains("<strong aria-current=\"true\">all</strong>"))
        #expect(body.contains("href=\"/portfolio?period=7d&amp;as-of=2026-06-30#returns\""), "\(body)")
        #expect(body.contains("<svg class=\"chart\"") && body.contains("stroke-dasharray=\"5 3\""))
        #expect(body.contains("Time-weighted return") && !body.contains("<script"))
        // The API's TWR (and so the CLI's), as the page rounds it.
        let api = try await server.client.get(
            "/api/v1/returns?as-of=2026-06-30&period=all", headers: Books.user("alice"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any])
        #expect((json["twr_pct"] as? String).flatMap(ExactDecimal.init) == ExactDecimal(1))
        #expect(body.contains("<td class=\"n pos\">+1.00%</td>"), "\(body)")

        let bad = try await server.client.get("/portfolio?period=lastweek", headers: Books.user("alice"))
        #expect(bad.status == 200 && bad.body.contains("--period &#39;lastweek&#39; is not a period"), "\(bad.body)")
        try await server.stop()
    }
}
