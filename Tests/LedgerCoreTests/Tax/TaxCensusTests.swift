import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// ``TaxCensus``: the census the replay takes as it writes each transaction down (an event's
/// transactions one after the other) is the census of the whole list, and the stream given
/// it matches and totals as each asset matched apart does.
@Suite("Tax: the replay's census of the transactions, as each is written down")
struct TaxCensusTests {
    @Test(
        "counted one by one, the assets, numbers and shared sales are the whole list's; the totals as matched apart",
        arguments: [31, 32] as [UInt64])
    func countedAsWritten(seed: UInt64) throws {
        // Events in runs, a third of them of two or more transactions (some two sales).
        let transactions = TaxStreamTests.history(seed: seed, count: 3_000)
        var counted = TaxCensus()
        for transaction in transactions {
            counted.count(
                transaction.asset, transaction.assetClass, acquisition: transaction.isAcquisition,
                sale: transaction.isDisposal, event: transaction.event, at: transaction.time)
        }
        let whole = TaxCensus(transactions)
        #expect(counted.shared == whole.shared && counted.numbers == whole.numbers)
        #expect(counted.symbols == whole.symbols && counted.transactions == whole.transactions)
        #expect(counted.shared.contains(true) && counted.inTimeOrder)
        let options = TaxOptions()
        for rules in [TaxRules.us, .de] {
            for year in [nil, 2025] as [Int?] {
                let apart = TaxEngine.perAsset(transactions, rules: rules, options: options, year: year)
                let expected = TaxStreamTests.report(apart, rules: rules, options: options, year: year).years
                for cores in [OneCore(), AllAheadCore()] as [any SecondCore] {
                    let streamed = try #require(
                        TaxStream.match(
                            transactions, rules: rules, options: options, year: year, cores: cores,
                            perBatch: TaxStreamTests.perBatch, counted: counted))
                    #expect(streamed.disposals == apart.disposals, "\(rules) \(year ?? 0)")
                    #expect(
                        TaxStreamTests.report(streamed, rules: rules, options: options, year: year).years == expected)
                }
            }
        }
    }

    @Test("a sale whose event sells elsewhere in the list, not next to it, is shared; a census of fewer is not used")
    func sharedAnywhere() throws {
        let sale = { (event: UInt128, day: Int64) in
            TaxTransaction(
                .disposal(fee: 0), asset: AssetSymbol("BTC")!, class: .crypto, quantity: 1, amount: 5,
                time: Timestamp(secondsSinceEpoch: 86_400 * day), event: EventID(value: event))
        }
        let buy = TaxTransaction(
            .acquisition, asset: AssetSymbol("BTC")!, class: .crypto, quantity: 5, amount: 10,
            time: Timestamp(secondsSinceEpoch: 0), event: EventID(value: 9))
        let transactions = [buy, sale(1, 1), sale(2, 2), sale(1, 3)]
        #expect(TaxCensus(transactions).shared == [false, true, false, true])
        var partial = TaxCensus()
        partial.count(
            buy.asset, buy.assetClass, acquisition: true, sale: false, event: buy.event, at: buy.time)
        let census = AssetCensus(transactions, counted: partial, rules: .us, options: TaxOptions())
        #expect(census.numbers.count == transactions.count)
    }
}
