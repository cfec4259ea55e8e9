import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Every fixture under `Fixtures/<exchange>/` is read with `--format auto` and with its own
/// preset; the balances its events make must equal the holdings worked out by hand in the
/// `.expected` file beside it (`ASSET QUANTITY` lines, plus the `events` and `ignored` counts).
@Suite("Exchange presets: fixtures")
struct PresetFixtureTests {
    static let directory = Golden.directory(for: #filePath, "../Fixtures")

    static var fixtures: [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".csv") }.sorted()
    }

    struct Expected {
        var events = 0, ignored = 0
        var holdings: [String: ExactDecimal] = [:]
    }

    static func expected(_ fixture: String) throws -> Expected {
        let path = directory + "/" + fixture.replacingOccurrences(of: ".csv", with: ".expected")
        var expected = Expected()
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#")
        {
            let parts = line.split(separator: " ").map(String.init)
            switch parts[0] {
            case "events": expected.events = Int(parts[1])!
            case "ignored": expected.ignored = Int(parts[1])!
            default: expected.holdings[parts[0]] = ExactDecimal(parts[1])!
            }
        }
        return expected
    }

    /// The outcomes of a fixture read with `format`.
    static func read(_ fixture: String, format: String = "auto") throws -> [ImportOutcome] {
        let bytes = [UInt8](FileManager.default.contents(atPath: directory + "/" + fixture)!)
        return try ImportReader.read(bytes, format: format)
    }

    /// Net quantity per asset over every event (one account), replayed in time order so that
    /// a split scales what is held when it happens.
    static func holdings(_ events: [ImportedEvent]) -> [String: ExactDecimal] {
        let ledgerEvents = events.enumerated().map { index, imported in
            imported.event(
                id: EventID(milliseconds: UInt64(index), random: (0, 0)), recordedAt: imported.occurredAt, account: "x",
                batch: "b", fingerprint: "f")
        }
        var book = PositionBook()
        for event in EventReplay.effective(ledgerEvents) { book.apply(event) }
        var totals: [String: ExactDecimal] = [:]
        for (key, quantity) in book.balances { totals[key.asset.text, default: .zero] += quantity }
        return totals.filter { !$0.value.isZero }
    }

    @Test(arguments: fixtures)
    func holdingsMatchTheHandWorkedOnes(fixture: String) throws {
        let outcomes = try Self.read(fixture)
        let expected = try Self.expected(fixture)
        let problems = outcomes.compactMap { outcome -> ImportProblem? in
            if case .problem(let p) = outcome { p } else { nil }
        }
        #expect(problems.isEmpty, "\(problems)")
        let events = outcomes.compactMap { outcome -> ImportedEvent? in
            if case .event(let e) = outcome { e } else { nil }
        }
        let ignored = outcomes.filter { if case .ignored = $0 { true } else { false } }
        #expect(events.count == expected.events)
        #expect(ignored.count == expected.ignored)
        #expect(Self.holdings(events) == expected.holdings)
        for event in events { #expect(event.preset == fixture.split(separator: "/")[0].description) }
    }

    @Test(arguments: fixtures)
    func thePresetNameReadsItToo(fixture: String) throws {
        let preset = String(fixture.split(separator: "/")[0])
        #expect(try Self.read(fixture, format: preset) == Self.read(fixture))
    }

    @Test(arguments: fixtures)
    func everyEventIsValid(fixture: String) throws {
        for case .event(let imported) in try Self.read(fixture) {
            let event = imported.event(
                id: EventID(milliseconds: 1, random: (0, 0)), recordedAt: imported.occurredAt, account: "x", batch: "b",
                fingerprint: "f")
            #expect(event.validate() == nil, "line \(imported.line): \(String(describing: event.validate()))")
        }
    }
}
