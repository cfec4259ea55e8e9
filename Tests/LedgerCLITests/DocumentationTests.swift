import Foundation
import LedgerTestSupport
import Testing

/// Documentation as a transcript: every `$ ledger …` block of README.md and docs/GUIDE.md runs
/// as written on a fresh copy of `ledgers/` and prints what the document shows, byte for byte
/// (``DocumentTranscript``; `LGR_RECORD=GUIDE` re-records the guide's outputs).
@Suite("The README and the guide run as written")
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    @Test(arguments: ["README.md", "docs/GUIDE.md"])
    func document(name: String) throws {
        for problem in try DocumentTranscript(path: Self.repository + "/" + name).run() {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// A block marked not checked must say why, and a bare command block must be marked.
    @Test func unmarkedCommandBlocksFail() throws {
        let directory = makeTemporaryDirectory("doc-marks")
        let path = directory + "/doc.md"
        let text = "# T\n\n```\nledger serve\n```\n\n<!-- doc-test: not checked: -->\n```\n$ ledger log\n```\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let problems = try DocumentTranscript(path: path).run()
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("neither a transcript") })
        #expect(problems.contains { $0.contains("without a reason") })
    }

    /// A block whose output differs from what the command prints fails.
    @Test func aWrongOutputFails() throws {
        let directory = makeTemporaryDirectory("doc-wrong")
        let path = directory + "/doc.md"
        try "# T\n\n```\n$ ledger init\nCreated something else\n```\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let problems = try DocumentTranscript(path: path).run()
        #expect(problems.contains { $0.contains("differs") }, "\(problems)")
    }
}

/// A suite left out of a plain `swift test` (``SlowTests``) runs only because `.ci/run` names it
/// in `.ci/slow-tests`: every gated suite is listed there, and every listed one is gated.
@Suite("Slow tests are listed for CI")
struct SlowTestListTests {
    @Test func everyGatedSuiteIsListed() throws {
        let root = DocumentationTests.repository
        let listed = Set(
            try String(contentsOfFile: root + "/.ci/slow-tests", encoding: .utf8).split(separator: "\n").map(
                String.init))
        var gated: Set<String> = []
        let files = FileManager.default.enumerator(atPath: root + "/Tests")?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/Tests/" + file, encoding: .utf8)
            for part in text.components(separatedBy: "SlowTests.enabled").dropFirst() {
                guard let range = part.range(of: #"struct \w+"#, options: .regularExpression) else { continue }
                let target = file.split(separator: "/").first.map(String.init) ?? ""
                gated.insert(target + "." + part[range].dropFirst("struct ".count))
            }
        }
        #expect(!gated.isEmpty)
        #expect(gated == listed, "gated in Tests/: \(gated.sorted()); listed in .ci/slow-tests: \(listed.sorted())")
    }
}
