import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Seeded fuzzing: random and mutated CSV and JSONL fed to every parser. Nothing may crash;
/// every input ends in events, ignored rows or diagnostics; reading in random chunks gives
/// exactly what reading the whole file gives.
@Suite("Import parsers: fuzz")
struct ImportFuzzTests {
    static let seed: UInt64 = 0x1EDC_E12
    static let formats = ["auto"] + ImportPresets.presets.map(\.name) + ["generic"]
    static let mapping = GenericMapping(columns: [
        "date": "Timestamp", "side": "Type", "asset": "Asset", "quantity": "Amount", "price": "Price", "fee": "Fee",
    ])

    static var seeds: [[UInt8]] {
        let directory = Golden.directory(for: #filePath, "../Fixtures")
        let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".csv")
        }.sorted()
        let generic = Array(
            "Timestamp,Type,Asset,Amount,Price,Fee\n2024-01-01 10:00,buy,BTC,1,100,1\n2024-01-02,sell,BTC,0.5,\"1,000.5\",0\n"
                .utf8)
        return files.map { [UInt8](FileManager.default.contents(atPath: directory + "/" + $0)!) } + [generic]
    }

    /// One random change: flip, delete, insert a special byte, duplicate or cut a line, truncate.
    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let specials: [UInt8] = Array(",\"\n\r;-.eE$()0 \u{7F}".utf8) + [0xEF, 0xBB, 0xBF, 0xFF, 0x00]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else {
                bytes = [specials.randomElement(using: &random)!]
                continue
            }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(specials.randomElement(using: &random)!, at: at)
            case 3:
                let end = bytes[at...].firstIndex(of: 10) ?? bytes.count
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            default: bytes = Array(bytes[..<at])
            }
        }
        return bytes
    }

    static func inputs() -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        var inputs: [[UInt8]] = []
        for base in seeds {
            for _ in 0..<12 { inputs.append(mutate(base, &random)) }
        }
        for _ in 0..<40 {
            inputs.append(
                (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        return inputs
    }

    /// Reads `bytes` in random chunks.
    static func chunked(_ bytes: [UInt8], format: String, options: ImportOptions, random: inout SplitMix64) throws
        -> [ImportOutcome]
    {
        var reader = try ImportReader(format: format, options: options)
        var outcomes: [ImportOutcome] = []
        var position = 0
        while position < bytes.count {
            let size = Int.random(in: 1...64, using: &random)
            reader.feed(bytes[position..<min(bytes.count, position + size)]) { outcomes.append($0) }
            position += size
        }
        reader.finish { outcomes.append($0) }
        if let problem = reader.headerProblem { outcomes.append(.problem(ImportProblem(line: 1, message: problem))) }
        return outcomes
    }

    @Test("mutated and random CSV: no crash, an outcome for every row, chunking changes nothing")
    func csv() throws {
        var random = SplitMix64(seed: Self.seed ^ 0xC5)
        for bytes in Self.inputs() {
            for format in Self.formats {
                let options = ImportOptions(mapping: format == "generic" ? Self.mapping : nil)
                let whole = try ImportReader.read(bytes, format: format, options: options)
                #expect(try Self.chunked(bytes, format: format, options: options, random: &random) == whole)
                let dataRows = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).count
                #expect(!whole.isEmpty || dataRows <= ImportReader.headerSearchLimit, "format \(format)")
                for case .problem(let problem) in whole {
                    #expect(problem.line >= 1 && !problem.message.isEmpty)
                }
            }
        }
    }

    @Test("mutated JSONL and JSON: every non-blank line is an event or a problem")
    func json() throws {
        let record =
            #"{"id":"01M80AJ82DHF0N4DGF2MBP50TA","kind":"buy","occurred_at":"2024-01-02T10:00:00Z","account":"x","asset":"BTC","quantity":"0.5","price":"30000","quote":"USD","fee":"5","fee_asset":"USD"}"#
        let base = Array((record + "\n" + record.replacingOccurrences(of: "0.5", with: "1e-3") + "\n").utf8)
        var random = SplitMix64(seed: Self.seed ^ 0x15)
        for _ in 0..<400 {
            let text = String(decoding: Self.mutate(base, &random), as: UTF8.self)
            let read = EventFile.readJSONL(text)
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .map { Substring($0) }.filter { !$0.allSatisfy(\.isWhitespace) }
            #expect(read.events.count + read.problems.count == lines.count, "\(text)")
            let wrapped = EventFile.readJSON(#"{"schema":"ledger.export/1","events":["# + text + "]}")
            #expect(!wrapped.events.isEmpty || !wrapped.problems.isEmpty || text.allSatisfy(\.isWhitespace))
        }
    }
}
