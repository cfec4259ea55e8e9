import Foundation
import LedgerStream
import LedgerTestSupport
import Testing

/// Golden transcripts of every command and every documented error
/// (`Tests/LedgerCLITests/Scenarios/*.txt`; `LGR_RECORD=1` re-records them).
@Suite("Command transcripts")
struct ScenarioTests {
    static let directory = Golden.directory(for: #filePath, "Scenarios")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test(arguments: names)
    func transcript(name: String) throws {
        for problem in try ScenarioRunner(path: Self.directory + "/" + name, streamOpener: WebSocketStreamOpener())
            .run()
        {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
