import Testing

@testable import LedgerCore

/// A symbol keeps its bytes in the value (no `String` inside, so copies retain nothing): its
/// text, equality, order and hash must be what the text's were.
@Suite("Asset symbols held as bytes")
struct AssetSymbolTests {
    static let texts = [
        "A", "B", "AB", "ABC", "BTC", "USD", "1INCH", "BRK.B", "ETH", "ETH2", "EURC", "ABCDEFGH", "ABCDEFGHI",
        "ABCDEFGHIJKLMNOP", "ABCDEFGHIJKLMNOPQ", "ABCDEFGHIJKLMNOPQRST", "ABCDEFGHIJKLMNOPQRSS", "Z9", "A0",
    ]

    @Test("text, equality, order and hash are the text's, at every length up to 20")
    func likeTheText() throws {
        let symbols = try Self.texts.map { try #require(AssetSymbol($0)) }
        #expect(symbols.map(\.text) == Self.texts && symbols.map(\.description) == Self.texts)
        for (one, oneText) in zip(symbols, Self.texts) {
            for (other, otherText) in zip(symbols, Self.texts) {
                #expect((one == other) == (oneText == otherText), "\(oneText) \(otherText)")
                #expect((one < other) == (oneText < otherText), "\(oneText) < \(otherText)")
                if one == other { #expect(one.hashValue == other.hashValue) }
            }
        }
        #expect(Set(symbols).count == Self.texts.count)
        #expect(symbols.sorted().map(\.text) == Self.texts.sorted())
    }

    @Test("a symbol is 32 bytes and an amount 48: copies are moves, not memcpy calls of larger values")
    func sizes() {
        #expect(MemoryLayout<AssetSymbol>.stride == 32 && MemoryLayout<Asset>.stride == 32)
        #expect(MemoryLayout<AssetAmount>.stride == 48)
    }

    @Test("lower case folds, a tag changes nothing but the tag, and what is not a symbol is refused")
    func foldedTaggedRefused() throws {
        let btc = try #require(AssetSymbol("btc"))
        #expect(btc.text == "BTC" && btc == AssetSymbol("BTC") && btc.isWellKnownFiat == false)
        #expect(AssetSymbol("usd")?.isWellKnownFiat == true && AssetSymbol("usd")?.inferredClass == .fiat)
        let tagged = btc.tagged(42)
        #expect(tagged == btc && tagged.hashValue == btc.hashValue && tagged.text == "BTC" && tagged.tag == 42)
        #expect(!(tagged < btc) && !(btc < tagged))
        for bad in ["", "ABCDEFGHIJKLMNOPQRSTU", "12", ".A", "A.", "A-B", "É"] {
            #expect(AssetSymbol(bad) == nil, "\(bad)")
        }
    }
}
