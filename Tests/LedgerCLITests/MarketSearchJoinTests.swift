import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// #20: offline, with the coin list cached, Wrapped SOL took Solana's rank (joined by symbol)
/// and Solana lost its id. Every figure and rank of a row must come from the same coin id.
@Suite("market search joins by coin id")
struct MarketSearchJoinTests {
    let directory = makeTemporaryDirectory()

    @Test("offline: Solana keeps its id, rank and price; Wrapped SOL gets none of them")
    func offlineSearch() throws {
        let fixed = FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        #expect(fixed.run(["init"]) == 0)
        let store = try Ledger(path: directory + "/books.ledger", mode: .mustExist)
        let usd = AssetSymbol("USD")!
        let solana = TopListEntry(
            rank: 5, symbol: AssetSymbol("SOL")!, name: "Solana", quote: usd, price: ExactDecimal("165.42"),
            change24h: ExactDecimal("10.243"), change7d: nil, marketCap: nil, circulatingSupply: nil,
            totalSupply: nil, volume24h: nil, high24h: nil, low24h: nil, id: "solana")
        try store.market.recordTopList(
            TopList(quote: usd, source: "coingecko", entries: [solana]), fetchedAt: Events.time("2024-06-01T11:00:00Z"))
        try store.market.replaceSymbolIDs(
            [
                SymbolIDRecord(symbol: "sol", id: "solana", name: "Solana"),
                SymbolIDRecord(symbol: "sol", id: "wrapped-solana", name: "Wrapped SOL"),
            ],
            source: "coingecko", fetchedAt: Events.time("2024-06-01T11:00:00Z"))
        #expect(fixed.run(["market", "search", "sol", "--offline"]) == 0)
        let rows = fixed.stdout.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("5 SOL Solana 165.42 +10.2% solana"))
        #expect(rows.contains("— SOL Wrapped SOL wrapped-solana"))
        #expect(fixed.run(["market", "search", "sol", "--offline", "-O", "json"]) == 0)
        #expect(fixed.stdout.text.contains(#""id": "solana""#))
    }
}
