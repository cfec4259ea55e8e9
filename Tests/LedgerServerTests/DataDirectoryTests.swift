import Foundation
import LedgerApp
import LedgerServer
import LedgerTestSupport
import Testing

/// The data directory holds every user's books: only its owner may enter it.
@Suite("Server: the data directory is private")
struct DataDirectoryTests {
    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test("an existing data directory open to others (0755) is made 0700 at start")
    func tightened() async throws {
        let directory = makeTemporaryDirectory("serve") + "/data"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        chmod(directory, 0o755)
        #expect(try Self.mode(directory) == 0o755)
        let fixture = try await AccountFixture.start(dataDirectory: directory)
        #expect(try Self.mode(directory) == 0o700)
        try await fixture.stop()
    }

    @Test("a data directory that is a file is refused with one line")
    func notADirectory() throws {
        let file = makeTemporaryDirectory("serve") + "/data"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        #expect(throws: DataDirectoryError.notADirectory(path: file)) {
            try DataDirectory.makePrivate(file)
        }
        #expect(
            DataDirectoryError.cannotTighten(path: "/srv/d", mode: 0o755, detail: "Operation not permitted").description
                == "the data directory '/srv/d' is open to others (mode 755) and could not be made 0700 (Operation not permitted); run 'chmod 700 /srv/d' as its owner"
        )
    }
}
