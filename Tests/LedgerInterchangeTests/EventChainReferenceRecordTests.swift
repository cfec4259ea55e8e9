import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Record version 5: a deposit or withdrawal that keeps the on-chain transaction hash and the
/// address its row gave. Versions 1 to 4 stay byte for byte what they were; version 5 is pinned
/// in `canonical-v5.jsonl`.
@Suite("Event records: a deposit or withdrawal with a transaction hash or address (version 5)")
struct EventChainReferenceRecordTests {
    static let hash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
    static let address = "0x8894E0a0c962CB723c1976a4421c95949bE2D4E3"

    static func moves() -> [LedgerEvent] {
        var make = Events(seed: 55)
        func event(_ action: EventAction, _ date: String, _ account: String, _ chain: ChainReference?) -> LedgerEvent {
            LedgerEvent(
                id: make.id(), occurredAt: Events.time(date), recordedAt: Events.time(date), account: account,
                action: action, chain: chain)
        }
        return [
            event(
                .withdraw(Events.amount("0.25", "ETH")), "2024-05-01T10:00:00Z", "coinbase",
                ChainReference(hash: hash, address: address)),
            event(
                .deposit(Events.amount("0.2495", "ETH")), "2024-05-03T10:00:00Z", "binance",
                ChainReference(hash: hash, address: nil)),
            event(
                .deposit(Events.amount("100", "USDT")), "2024-05-04T10:00:00Z", "kraken",
                ChainReference(hash: nil, address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf")),
        ]
    }

    @Test("the canonical encoding of version 5 is fixed")
    func canonical() {
        let lines = Self.moves().map { EventRecordV1($0).canonicalJSON }.joined(separator: "\n") + "\n"
        if let failure = Golden.check(lines, path: Golden.directory(for: #filePath) + "/canonical-v5.jsonl") {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("a reference makes a deposit or withdrawal version 5; without one it stays version 1, byte for byte")
    func versions() {
        let withdrawal = Self.moves()[0]
        #expect(withdrawal.schemaVersion == 5)
        let record = EventRecordV1(withdrawal)
        #expect(record.txHash == Self.hash && record.address == Self.address)
        var plain = withdrawal
        plain.chain = nil
        plain.schemaVersion = LedgerEvent.minimumSchemaVersion(plain.action, chain: nil)
        #expect(plain.schemaVersion == 1)
        let line = EventRecordV1(plain).canonicalJSON
        #expect(!line.contains("tx_hash") && !line.contains("address") && line.hasPrefix(#"{"version":1,"#))
    }

    @Test("JSONL export and import give back the same events and bytes; a row with no version reads as 5")
    func jsonlRoundTrip() {
        let events = Self.moves() + EventRecordTests.everyKind()
        let text = EventFile.jsonl(events)
        let read = EventFile.readJSONL(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.events.map(\.event) == events)
        #expect(EventFile.jsonl(read.events.map(\.event)) == text)
        let unversioned = EventRecordV1(Self.moves()[1]).canonicalJSON.replacingOccurrences(
            of: #""version":5,"#, with: "")
        #expect(EventFile.readJSONL(unversioned).events.first?.event == Self.moves()[1])
    }

    @Test("a reference is refused below version 5, on another kind, and when it cannot be a hash")
    func refused() {
        var record = EventRecordV1(Self.moves()[0])
        record.schemaVersion = 4
        #expect(EventTotalRecordTests.problem(record)?.contains("field 'tx_hash' needs record version 5") == true)
        var make = Events(seed: 2)
        record = EventRecordV1(make.buy("BTC", "1", at: "100", on: "2024-01-01"))
        (record.schemaVersion, record.address) = (5, Self.address)
        #expect(
            EventTotalRecordTests.problem(record)?.contains("field 'address' is only for a deposit or a withdrawal")
                == true)
        record = EventRecordV1(Self.moves()[1])
        record.txHash = "Internal transfer 1234"
        #expect(EventTotalRecordTests.problem(record)?.contains("printable ASCII characters without spaces") == true)
    }

    @Test("a reader of version 4 refuses a version-5 line, naming the line")
    func newerVersionRefused() {
        let line = EventRecordV1(Self.moves()[0]).canonicalJSON.replacingOccurrences(
            of: #""version":5,"#, with: #""version":6,"#)
        let read = EventFile.readJSONL("\n" + line)
        #expect(read.problems.first?.line == 2)
        #expect(read.problems.first?.message.contains("event version 6 is newer than this ledger reads (5)") == true)
    }

    @Test("validation refuses a reference on a kind other than a deposit or a withdrawal")
    func validation() {
        var make = Events(seed: 3)
        var event = make.buy("BTC", "1", at: "100", on: "2024-01-01")
        event.chain = ChainReference(hash: Self.hash, address: nil)
        #expect(event.validate() == .chainReferenceOnKind(.buy))
        #expect(Self.moves().allSatisfy { $0.validate() == nil })
    }
}
