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
                for word in Self.banned where code.contains(word) {
                    Issue.record("\(target)/\(file):\(number + 1) uses \(word)")
                }
            }
        }
    }
}
