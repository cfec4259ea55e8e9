import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The pure half of issue 31's transfers: which withdrawal and deposit pairs the matcher links
/// (``TransferMatcher``), which it lists as ambiguous, and how a linked pair replays
/// (``TransferLinks``).
@Suite("Transfer matching")
struct TransferMatcherTests {
    static func candidates(_ events: [LedgerEvent], hashes: [Int: String] = [:]) -> [TransferCandidate] {
        events.enumerated().compactMap { TransferCandidate($1, hash: hashes[$0]) }
    }

    static func matched(_ events: [LedgerEvent], hashes: [Int: String] = [:], _ options: TransferMatchOptions = .init())
        -> TransferMatchResult
    {
        TransferMatcher.match(candidates(Events.sequenced(events), hashes: hashes), options: options)
    }

    @Test("a deposit within the window and the tolerance links; the difference is the network fee")
    func linksOnePair() {
        var make = Events()
        let sent = make.withdraw("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "coinbase")
        let arrived = make.deposit("ETH", "0.2495", on: "2025-12-01T13:00:00Z", account: "binance")
        let result = Self.matched([sent, arrived])
        #expect(result.links.count == 1)
        #expect(result.links.first?.rule == .window)
        #expect(result.links.first?.arrived == Events.amount("0.2495", "ETH"))
        #expect(result.links.first?.toAccount == "binance")
        #expect(result.ambiguous.isEmpty)
    }

    @Test(
        "no link: another asset, the same account, before the withdrawal, after the window, more than left, below the tolerance",
        arguments: [
            ("BTC", "0.2495", "2025-12-01T13:00:00Z", "binance"),
            ("ETH", "0.2495", "2025-12-01T13:00:00Z", "coinbase"),
            ("ETH", "0.2495", "2025-12-01T11:59:59Z", "binance"),
            ("ETH", "0.2495", "2025-12-02T12:00:01Z", "binance"),
            ("ETH", "0.250000000000000001", "2025-12-01T13:00:00Z", "binance"),
            ("ETH", "0.247499999999999999", "2025-12-01T13:00:00Z", "binance"),
        ])
    func refusesWhatDoesNotFit(asset: String, quantity: String, time: String, account: String) {
        var make = Events()
        let sent = make.withdraw("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "coinbase")
        let arrived = make.deposit(asset, quantity, on: time, account: account)
        #expect(Self.matched([sent, arrived]).links.isEmpty)
    }

    @Test("the edges fit: exactly the window later, exactly the tolerance less, exactly as much")
    func edgesFit() {
        var make = Events()
        let sent = make.withdraw("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "coinbase")
        let late = make.deposit("ETH", "0.2475", on: "2025-12-02T12:00:00Z", account: "binance")
        #expect(Self.matched([sent, late]).links.count == 1)
        let whole = make.deposit("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "binance")
        #expect(Self.matched([sent, whole]).links.count == 1)
        let options = TransferMatchOptions(window: 3600, tolerance: dec("0.001"))
        #expect(Self.matched([sent, late], options).links.isEmpty)
    }

    @Test("two deposits that fit one withdrawal are listed, never guessed")
    func ambiguousIsListed() {
        var make = Events()
        let sent = make.withdraw("ETH", "0.1", on: "2025-12-06T00:00:00Z", account: "coinbase")
        let cold = make.deposit("ETH", "0.0999", on: "2025-12-06T02:00:00Z", account: "cold")
        let hot = make.deposit("ETH", "0.0995", on: "2025-12-06T03:00:00Z", account: "hot")
        let result = Self.matched([sent, cold, hot])
        #expect(result.links.isEmpty)
        #expect(result.ambiguous.map(\.event.id) == [cold.id, hot.id])
        #expect(result.ambiguous.allSatisfy { $0.candidates.map(\.id) == [sent.id] })
    }

    @Test("a hash match wins over time; hashes that differ never link")
    func hashes() {
        var make = Events()
        let sent = make.withdraw("USDT", "100", on: "2025-12-01T00:00:00Z", account: "kucoin")
        let days = make.deposit("USDT", "99", on: "2025-12-05T00:00:00Z", account: "kraken")
        let result = Self.matched([sent, days], hashes: [0: "0xABC", 1: "0xabc"])
        #expect(result.links.map(\.rule) == [.hash])
        let soon = make.deposit("USDT", "100", on: "2025-12-01T01:00:00Z", account: "kraken")
        #expect(Self.matched([sent, soon], hashes: [0: "0xabc", 1: "0xdef"]).links.isEmpty)
    }

    @Test("two same-size deposits in the window, only one with the withdrawal's hash: the hash decides")
    func hashDecidesAmongFits() {
        var make = Events()
        let sent = make.withdraw("ETH", "0.1", on: "2025-12-06T00:00:00Z", account: "coinbase")
        let other = make.deposit("ETH", "0.0995", on: "2025-12-06T02:00:00Z", account: "cold")
        let own = make.deposit("ETH", "0.0995", on: "2025-12-06T03:00:00Z", account: "binance")
        let result = Self.matched([sent, other, own], hashes: [0: "0xfeed", 2: "0xFEED"])
        #expect(result.links.map(\.deposit) == [own.id])
        #expect(result.links.map(\.rule) == [.hash])
        #expect(result.ambiguous.isEmpty)
    }

    @Test("an address both rows give must agree; agreeing, the rule is address")
    func addresses() {
        var make = Events()
        let sent = Events.sequenced([
            make.withdraw("ETH", "0.1", on: "2025-12-06T00:00:00Z", account: "coinbase"),
            make.deposit("ETH", "0.0995", on: "2025-12-06T02:00:00Z", account: "cold"),
            make.deposit("ETH", "0.0995", on: "2025-12-06T03:00:00Z", account: "binance"),
        ])
        let addresses = [0: "0xAbC1", 1: "0xdead", 2: "0xabc1"]
        let candidates = sent.enumerated().compactMap { TransferCandidate($1, address: addresses[$0]) }
        let result = TransferMatcher.match(candidates, options: .init())
        #expect(result.links.map(\.deposit) == [sent[2].id])
        #expect(result.links.map(\.rule) == [.address])
        // An address does not reach past the window, as a hash does: addresses are reused.
        let late = make.deposit("ETH", "0.0995", on: "2025-12-08T03:00:00Z", account: "binance")
        let pair = [TransferCandidate(sent[0], address: "0xabc1")!, TransferCandidate(late, address: "0xabc1")!]
        #expect(TransferMatcher.match(pair, options: .init()).links.isEmpty)
    }

    @Test("the book's candidates carry the hash and address the events keep")
    func bookCandidates() {
        var make = Events()
        var sent = make.withdraw("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "coinbase")
        sent.chain = ChainReference(hash: "0xabc", address: "0xdef")
        var arrived = make.deposit("ETH", "0.2495", on: "2025-12-04T12:00:00Z", account: "binance")
        arrived.chain = ChainReference(hash: "0xABC", address: nil)
        let book = TransferBook(Events.sequenced([sent, arrived]))
        #expect(book.candidates.map(\.hash) == ["0xabc", "0xABC"])
        #expect(book.candidates.map(\.address) == ["0xdef", nil])
        #expect(TransferMatcher.match(book.candidates, options: .init()).links.map(\.rule) == [.hash])
    }

    @Test("many withdrawals and deposits of one asset: each deposit finds its own in the window")
    func manyPairs() {
        var make = Events()
        var events: [LedgerEvent] = []
        for day in 1...28 {
            let text = day < 10 ? "0\(day)" : "\(day)"
            events.append(make.withdraw("BTC", "1.\(day)", on: "2025-02-\(text)T00:00:00Z", account: "a"))
            events.append(make.deposit("BTC", "1.\(day)", on: "2025-02-\(text)T06:00:00Z", account: "b"))
        }
        let result = Self.matched(events, TransferMatchOptions(window: 12 * 3600))
        #expect(result.links.count == 28)
        #expect(result.ambiguous.isEmpty)
    }

    @Test("linked, the deposit's lot has the withdrawal's date and cost per account; pooled and per-account agree")
    func replayMovesLots() {
        var make = Events()
        let buy = make.buy("ETH", "1", at: "2000", on: "2025-10-01", account: "coinbase", fee: "20")
        let sent = make.withdraw("ETH", "0.25", on: "2025-12-01T12:00:00Z", account: "coinbase")
        let arrived = make.deposit("ETH", "0.2495", on: "2025-12-01T13:00:00Z", account: "binance")
        let sale = make.sell("ETH", "0.2", at: "3200", on: "2025-12-05", account: "binance")
        let link = make.make(
            .link(
                TransferLink(
                    withdrawal: sent.id, deposit: arrived.id, arrived: Events.amount("0.2495", "ETH"),
                    toAccount: "binance", rule: .window)), on: "2025-12-01T13:00:00Z", account: "coinbase")
        let events = Events.sequenced([buy, sent, arrived, sale, link])
        let prices = priceTable("2025-12-01T12:00:00Z ETH 3000 USD")
        let asOf = Events.time("2025-12-31T00:00:00Z")
        let perAccount = PortfolioFold.replay(
            events, options: ValuationOptions(perAccount: true, currency: sym("USD"), asOf: asOf), prices: prices)
        let pooled = PortfolioFold.replay(
            events, options: ValuationOptions(currency: sym("USD"), asOf: asOf), prices: prices)
        let sold = perAccount.disposals.filter { $0.account == "binance" }
        #expect(sold.map(\.acquired) == [Events.time("2025-10-01T00:00:00Z")])
        #expect(sold.map(\.cost) == [dec("404")])
        #expect(perAccount.realizedGain == pooled.realizedGain)
        #expect(perAccount.feesPaid == dec("1.5"))
        #expect(pooled.feesPaid == dec("1.5"))
        // Voided, the link is as if never made: the deposit opens a lot at its market value.
        let undone = Events.sequenced([buy, sent, arrived, sale, link, make.void(link, on: "2026-01-01")])
        let plain = PortfolioFold.replay(
            undone, options: ValuationOptions(perAccount: true, currency: sym("USD"), asOf: asOf), prices: prices)
        #expect(plain.disposals.filter { $0.account == "binance" }.map(\.cost) == [dec("600")])
    }
}
