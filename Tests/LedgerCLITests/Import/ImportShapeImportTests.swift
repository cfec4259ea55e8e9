import LedgerStore
import LedgerTestSupport
import Testing

/// Issue 39's "Done means": seeded imports of generic and Coinbase files in the misread shapes
/// (refused rows skipped, shortfalls recorded as zero-basis lots), one file at a time and two
/// at once (staging): every import prints the count it stored, and `verify` passes after
/// each round. A fixed number of files, no clock.
@Suite("import: fuzzed shapes leave a ledger that verifies")
struct ImportShapeImportTests {
    static let rounds = 12
    static let rowsPerFile = 30
    static let flags = ["--skip-invalid", "--allow-zero-basis"]

    @Test("0 imports that leave verify failing; the count printed is the count stored (seed 0x39)")
    func importsVerify() throws {
        var fuzz = ImportShapeFuzz(seed: 0x39)
        var failures: [String] = []
        for round in 0..<Self.rounds {
            let directory = makeTemporaryDirectory()
            let ledger = directory + "/books.ledger"
            let fixed = FixedEnvironment(variables: ["LGR_FILE": ledger, "HOME": directory])
            let generic = (0..<Self.rowsPerFile).map { fuzz.genericRow(day: round * 7 + $0).csv }
            let first = (0..<Self.rowsPerFile).map { fuzz.coinbaseRow(index: round * 100 + $0).csv }
            let second = (0..<Self.rowsPerFile).map { fuzz.coinbaseRow(index: round * 100 + 50 + $0).csv }
            let files = [
                try write(directory + "/generic.csv", ImportShapeFuzz.genericHeader, generic),
                try write(directory + "/first.csv", ImportShapeFuzz.coinbaseHeader, first),
                try write(directory + "/second.csv", ImportShapeFuzz.coinbaseHeader, second),
            ]
            let map = ImportShapeFuzz.genericMapping.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
                .joined(separator: ",")
            var printed = 0
            for command in [
                ["import", files[0], "--map", map], ["import", files[1]], ["import", files[1], files[2]],
            ] {
                fixed.stdout.clear()
                fixed.stderr.clear()
                let status = fixed.run(command + Self.flags)
                printed += Self.importedCount(fixed.stdout.text)
                if status != 0 { failures.append("round \(round) \(command): exit \(status): \(fixed.stderr.text)") }
            }
            let stored =
                Ledger.exists(at: ledger) ? try Ledger(path: ledger, mode: .mustExist).events.allEvents().count : 0
            if stored != printed { failures.append("round \(round): printed \(printed) imported, stored \(stored)") }
            fixed.stderr.clear()
            if stored > 0, fixed.run(["verify"]) != 0 {
                failures.append("round \(round): verify: \(fixed.stderr.text)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// The sum of `imported N events` over the receipt lines.
    static func importedCount(_ text: String) -> Int {
        text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("imported ") else { return nil }
            return Int(line.split(separator: " ")[1])
        }.reduce(0, +)
    }

    func write(_ path: String, _ header: String, _ rows: [String]) throws -> String {
        try (([header] + rows).joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }
}
