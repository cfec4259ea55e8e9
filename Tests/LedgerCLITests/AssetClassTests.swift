import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// `add` never guesses a class (issue 22): a symbol new to the ledger is classified from the
/// loopback Yahoo and CoinGecko (bodies in the real shapes, `Fixtures/stocks`), the answer is
/// cached in the ledger, and when the sources disagree, know nothing or cannot be reached it
/// asks for `--class`, exit 1, nothing written.
@Suite("Asset classes: add classifies, caches, and asks")
struct AssetClassTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stocks").standardized.path

    /// A ledger directory and the loopback server serving the fixtures.
    struct Books {
        let directory = makeTemporaryDirectory()
        let server: LocalHTTPServer
        let fixed: FixedEnvironment

        init() throws {
            server = try LocalHTTPServer(directory: AssetClassTests.fixtures, lifetime: 60)
            var variables = ["LGR_FILE": directory + "/books.ledger", "HOME": directory, "LGR_ATTEMPTS": "1"]
            for name in ["coingecko", "cryptocompare", "frankfurter", "yahoo"] {
                variables["LGR_\(name.uppercased())_URL"] = server.baseURL + "/" + name
            }
            fixed = FixedEnvironment(variables: variables)
        }

        func run(_ line: String) -> Int32 {
            fixed.stdout.clear()
            fixed.stderr.clear()
            return fixed.run(line.split(separator: " ").map(String.init))
        }

        func requests(_ prefix: String) -> Int { server.requests.filter { $0.target.hasPrefix(prefix) }.count }

        var events: Int {
            fixed.stdout.clear()
            fixed.run(["log", "-O", "json"])
            return fixed.stdout.text.components(separatedBy: "\"seq\":").count - 1
        }
    }

    @Test(
        "Yahoo's instrument types become classes, shown in the output",
        arguments: [
            ("VOO", "VOO: etf (yahoo: ETF)"), ("VFIAX", "VFIAX: fund (yahoo: MUTUALFUND)"),
            ("BABA", "BABA: stock (yahoo: EQUITY)"), ("SAP.DE", "SAP.DE: stock (yahoo: EQUITY)"),
            ("7203.T", "7203.T: stock (yahoo: EQUITY)"), ("ONDO", "ONDO: crypto (coingecko: ondo-finance)"),
            ("BTC", "BTC: crypto (a well-known coin)"),
        ])
    func classified(symbol: String, line: String) throws {
        let books = try Books()
        defer { books.server.stop() }
        #expect(books.run("add buy \(symbol) 1 @ 10 --date 2024-01-02") == 0, "\(books.fixed.stderr.text)")
        #expect(books.fixed.stdout.text.contains("  " + line + "\n"), "\(books.fixed.stdout.text)")
        #expect(books.requests("/yahoo") == (symbol == "BTC" ? 0 : 1))
    }

    @Test("the lookup is cached: a refused sell looks it up once, the buy after it asks no source")
    func cached() throws {
        let books = try Books()
        defer { books.server.stop() }
        #expect(books.run("add deposit USD 1000 --date 2024-01-01") == 0)
        #expect(books.run("add sell VOO 1 @ 400 --date 2024-01-02") == 1)
        #expect(books.fixed.stderr.text.contains("not enough VOO"), "\(books.fixed.stderr.text)")
        #expect(books.requests("/yahoo") == 1)
        #expect(books.requests("/coingecko/coins/list") == 1)
        #expect(books.run("add buy VOO 1 @ 400 --date 2024-01-02") == 0)
        #expect(books.fixed.stdout.text.contains("VOO: etf (yahoo: ETF, looked up before)"))
        #expect(books.requests("/yahoo") == 1)
        #expect(books.requests("/coingecko") == 1)
        #expect(books.run("add buy VOO 1 @ 400 --date 2024-01-03") == 0)
        #expect(!books.fixed.stdout.text.contains("VOO:"), "a symbol in the ledger is not classified again")
    }

    @Test(
        "disagreeing, unknown, unlisted, unreachable and offline symbols are refused, exit 1, nothing written",
        arguments: [
            (
                "add buy COIN 1 @ 150",
                "could not tell what COIN is: yahoo lists it as EQUITY and coingecko has a coin of that symbol (coin-2)"
            ),
            ("add buy ZZZZ 1 @ 1", "could not tell what ZZZZ is: neither yahoo nor coingecko knows it"),
            ("add buy SPX 1 @ 1", "could not tell what SPX is: yahoo lists it as INDEX, which is not an asset class"),
            ("add buy VOO 1 @ 400 --offline", "could not tell what VOO is: --offline, and no earlier lookup is cached"),
        ])
    func refused(line: String, message: String) throws {
        let books = try Books()
        defer { books.server.stop() }
        #expect(books.run("add deposit USD 1000 --date 2024-01-01") == 0)
        #expect(books.run(line) == 1)
        let suffix = "; say it with --class stock|etf|fund|adr|warrant|bond|crypto\n"
        #expect(books.fixed.stderr.text == "ledger: error: " + message + suffix)
        #expect(books.events == 1)
    }

    @Test("sources that cannot be reached are named, and --class records it anyway")
    func unreachable() throws {
        let books = try Books()
        #expect(books.run("add deposit USD 1000 --date 2024-01-01") == 0)
        books.server.stop()
        #expect(books.run("add buy QQQ 1 @ 400") == 1)
        #expect(
            books.fixed.stderr.text.hasPrefix("ledger: error: could not tell what QQQ is: yahoo could not be reached"))
        #expect(books.fixed.stderr.text.contains("; coingecko could not be reached"))
        #expect(books.events == 1)
        #expect(books.run("add buy QQQ 1 @ 400 --class etf") == 0)
        #expect(books.run("add buy BTC 0.1 @ 30000") == 0, "a well-known coin needs no source")
        #expect(books.fixed.stdout.text.contains("BTC: crypto (a well-known coin)"))
    }

    @Test("allocation --by class groups stock, etf and adr")
    func allocationByClass() throws {
        let books = try Books()
        defer { books.server.stop() }
        for line in [
            "add deposit USD 10000 --date 2024-01-01", "add buy VOO 2 @ 450 --date 2024-01-02",
            "add buy BABA 10 @ 75 --class adr --date 2024-01-03", "add buy TSLA 5 @ 200 --date 2024-01-04",
            "prices set VOO 500", "prices set BABA 80", "prices set TSLA 180",
        ] {
            #expect(books.run(line) == 0, "\(line): \(books.fixed.stderr.text)")
        }
        #expect(books.run("allocation --by class -O json") == 0, "\(books.fixed.stderr.text)")
        let text = books.fixed.stdout.text
        for (name, value) in [("stock", "900"), ("etf", "1000"), ("adr", "800")] {
            #expect(text.contains("\"\(name)\""), "\(text)")
            #expect(text.contains("\"\(value)"), "\(name) \(value): \(text)")
        }
    }
}
