import Foundation
import Testing

/// The pure ring stays pure: no clock, files, environment, printing, randomness or binary
/// floating point in LedgerCore and LedgerInterchange (DESIGN.md §2).
@Suite("Pure targets use no banned APIs")
struct PurityTests {
    static let banned = [
        "import Foundation\n", "Date()", "Double", "Float", "print(", ".random", "ProcessInfo",
        "FileManager", "getenv", "fopen", "time(nil)",
    ]

    /// Whether `code` uses `word`. A word in lower case counts only on its own (`print(`, not
    /// `ImportFingerprint(`); a type's name anywhere (`Double` also in `toDouble`).
    static func uses(_ word: String, in code: Substring) -> Bool {
        var rest = code[...]
        while let found = rest.range(of: word) {
            let before = found.lowerBound == code.startIndex ? nil : code[code.index(before: found.lowerBound)]
            let joined = before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            if !joined || !(word.first?.isLowercase ?? false) { return true }
            rest = code[found.upperBound...]
        }
        return false
    }

    @Test("a banned word counts on its own, not inside a longer name")
    func wordsOnTheirOwn() {
        #expect(Self.uses("print(", in: "    print(x)\n"))
        #expect(Self.uses("print(", in: "x; print(x)\n"))
        #expect(!Self.uses("print(", in: "fingerprint: ImportFingerprint(text)\n"))
        #expect(Self.uses("Double", in: "let x: Double\n") && Self.uses("Double", in: "x.toDouble()\n"))
        #expect(Self.uses(".random", in: "Int.random(in: 0..<1)\n"))
    }

    @Test(arguments: ["LedgerCore", "LedgerInterchange"])
    func noBannedAPIs(target: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(target)")
        let files =
            FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // FoundationEssentials (JSON, Data) is allowed; the rest of Foundation is not.
                let code =
                    (line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") + "\n"
                for word in Self.banned where Self.uses(word, in: code) {
                    Issue.record("\(target)/\(file):\(number + 1) uses \(word)")
                }
            }
        }
    }
}
