import Foundation
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerApp
@testable import LedgerCLI

/// Issue #19, item 5: the temporary files the tool writes beside a target. Run in-process, so
/// the names older versions used (`NAME.tmp-PID`, `NAME.import-PID`) are known: the process id
/// is this test's.
@Suite("Files on disk: temporary files", .serialized)
struct TemporaryFileTests: ScratchLedger {
    let directory = makeTemporaryDirectory()

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    static let deposit =
        #"{"version":1,"id":"01HF7YAT000000000000000001","kind":"deposit","occurred_at":"2024-01-01T12:00:00Z","account":"a","asset":"BTC","asset_class":"crypto","quantity":"1","note":"","source":"manual"}"#

    @Test("a symlink planted under the old temporary name of -o is never written through")
    func plantedSymlink() throws {
        let victim = try write("victim.txt", "precious\n")
        let fixed = environment()
        #expect(fixed.run(["import", try write("in.jsonl", Self.deposit)]) == 0, "\(fixed.stderr.text)")
        let output = directory + "/out.jsonl"
        try FileManager.default.createSymbolicLink(atPath: output + ".tmp-\(getpid())", withDestinationPath: victim)
        #expect(fixed.run(["export", "-o", output]) == 0, "\(fixed.stderr.text)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("01HF7YAT000000000000000001"))
        // The planted link is not the tool's own file: it is left alone, as is its target.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output + ".tmp-\(getpid())") == victim)
    }

    @Test("a stale temporary ledger under this process id (a reused PID) neither breaks the first import nor stays")
    func staleReusedPID() throws {
        let stale = ledger + ".import-\(getpid())"
        _ = try write("books.ledger.import-\(getpid())", "half a database")
        _ = try write("books.ledger.import-\(getpid())-journal", "its journal")
        _ = try write("books.ledger.import-k3v9q2m8x7w1p0za", "one a newer run left")
        let fixed = environment()
        #expect(fixed.run(["import", try write("in.jsonl", Self.deposit)]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.stderr.text.hasPrefix("ledger: removed 3 temporary files an interrupted run left: "))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(try entries().filter { $0.contains(".import-") }.isEmpty)
        #expect(try Ledger(path: ledger, mode: .mustExist).events.allEvents().count == 1)
    }

    @Test("add sweeps a dead first import's temporary ledger too, not only the next import")
    func addSweeps() throws {
        _ = try write("books.ledger.import-k3v9q2m8x7w1p0za", "half a database")
        _ = try write("books.ledger.import-k3v9q2m8x7w1p0za-journal", "its journal")
        let fixed = environment()
        #expect(fixed.run(["add", "deposit", "USD", "100", "--date", "2024-01-01"]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.stderr.text.hasPrefix("ledger: removed 2 temporary files an interrupted run left: "))
        #expect(try entries().filter { $0.contains(".import-") }.isEmpty)
    }

    @Test("a temporary file a live writer holds, a symlink and another user's name pattern are left alone")
    func liveAndForeignLeftAlone() throws {
        let live = try TemporaryFile(beside: directory + "/out.csv", kind: .output)
        defer { live.discard() }
        let target = try write("target.txt", "kept\n")
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/out.csv.tmp-link0000", withDestinationPath: target)
        _ = try write("out.csv.tmp-not_ours!", "other")
        _ = try write("out.csv.tmp-deadbeef", "stale")
        let removed = TemporaryFile.removeStale(beside: directory + "/out.csv")
        #expect(removed == ["out.csv.tmp-deadbeef"])
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
        #expect(try entries().contains("out.csv.tmp-link0000"))
    }

    @Test("temporary names are random, created exclusively, 0600, and gone after the rename")
    func names() throws {
        let first = try TemporaryFile(beside: directory + "/out", kind: .output)
        let second = try TemporaryFile(beside: directory + "/out", kind: .output)
        #expect(first.path != second.path)
        #expect(first.path.count == (directory + "/out.tmp-").count + 16)
        #expect(try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int == 0o600)
        first.write(Array("text".utf8))
        try first.commit(over: directory + "/out", mode: 0o640)
        second.discard()
        #expect(try entries() == ["out"])
        #expect(
            try FileManager.default.attributesOfItem(atPath: directory + "/out")[.posixPermissions] as? Int == 0o640)
    }
}

/// Issue #19, item 7: modes, the --ledger path, control characters, sizes.
@Suite("Files on disk: modes, paths, text", .serialized)
struct FileSafetyTests: ScratchLedger {
    let directory = makeTemporaryDirectory()

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("a new ledger and its WAL are 0600; -o keeps an existing file's mode and makes a new one 0600")
    func modes() throws {
        let fixed = environment()
        #expect(
            fixed.run(["add", "deposit", "USD", "100", "--ledger", directory + "/new/dir/books.ledger"]) == 0,
            "\(fixed.stderr.text)")
        #expect(try mode(directory + "/new/dir/books.ledger") == 0o600)
        #expect(try mode(directory + "/new/dir") == 0o700)
        #expect(fixed.run(["add", "deposit", "USD", "100"]) == 0)
        #expect(try mode(ledger) == 0o600)
        let wal = ledger + "-wal"
        if FileManager.default.fileExists(atPath: wal) { #expect(try mode(wal) == 0o600) }
        let shared = directory + "/report.md"
        _ = FileManager.default.createFile(
            atPath: shared, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640])
        #expect(fixed.run(["report", "-o", shared, "-O", "md"]) == 0, "\(fixed.stderr.text)")
        #expect(try mode(shared) == 0o640)
        #expect(fixed.run(["export", "-o", directory + "/fresh.jsonl"]) == 0)
        #expect(try mode(directory + "/fresh.jsonl") == 0o600)
    }

    @Test("--ledger \"\" is a usage error, and no default ledger is made")
    func emptyLedgerPath() throws {
        let fixed = FixedEnvironment(variables: ["HOME": directory])
        #expect(fixed.run(["add", "deposit", "USD", "100", "--ledger", ""]) == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: --ledger needs a path, e.g. --ledger ~/books.ledger; leave it out to use the default ledger\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory + "/.local"))
    }

    @Test(
        "a dangling symlink as --ledger is refused before anything is done",
        arguments: [["import", "IN"], ["add", "deposit", "USD", "1"], ["init"]])
    func danglingLink(command: [String]) throws {
        let link = directory + "/link.ledger"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory + "/missing.ledger")
        let input = directory + "/in.jsonl"
        try TemporaryFileTests.deposit.write(toFile: input, atomically: false, encoding: .utf8)
        let fixed = environment()
        #expect(fixed.run(command.map { $0 == "IN" ? input : $0 } + ["--ledger", link]) == 1)
        #expect(fixed.stdout.text.isEmpty)
        #expect(
            fixed.stderr.text
                == "ledger: error: the ledger '\(link)' is a symbolic link to '\(directory)/missing.ledger', which does not exist; point the link at a ledger or give --ledger the real path\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory + "/missing.ledger"))
    }

    @Test("control characters in an imported note, a void reason and an argument are shown escaped")
    func terminalEscapes() throws {
        let note = #"\u001b]0;pwned\u0007\u001b[2J\u009b31m"#
        let line =
            #"{"version":1,"id":"01HF7YAT000000000000000001","kind":"deposit","occurred_at":"2024-01-01T12:00:00Z","account":"a","asset":"BTC","asset_class":"crypto","quantity":"1","note":"\#(note)","source":"manual"}"#
        let input = directory + "/in.jsonl"
        try line.write(toFile: input, atomically: false, encoding: .utf8)
        let fixed = environment()
        fixed.width = 200
        #expect(fixed.run(["import", input]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["void", "1", "--reason", "oops\u{1b}[31m"]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["log"]) == 0)
        #expect(fixed.run(["add", "deposit", "USD", "5", "--note", "a\u{1b}[2Jb"]) == 0)
        let oddName = directory + "/in\u{1b}[2J.jsonl"
        try line.write(toFile: oddName, atomically: false, encoding: .utf8)
        #expect(fixed.run(["import", oddName]) == 0, "\(fixed.stderr.text)")
        let text = fixed.stdout.text
        #expect(!text.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{9b}" || $0 == "\u{7}" }, "\(text)")
        #expect(text.contains(#"\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m"#))
        #expect(text.contains(#"oops\u{1b}[31m"#))
        #expect(text.contains(#""a\u{1b}[2Jb""#))
        #expect(text.contains(#"in\u{1b}[2J.jsonl (1 already present)"#))
    }

    @Test("an argument holding a newline gives a one-line error")
    func newlineInArgument() throws {
        let fixed = environment()
        #expect(fixed.run(["add", "bu\ny", "BTC", "1"]) == 64)
        #expect(fixed.stderr.text.filter { $0 == "\n" }.count == 1, "\(fixed.stderr.text)")
        #expect(fixed.stderr.text.contains(#"bu\ny"#))
    }

    @Test("a note over 4 KiB is refused by add and import with the limit named")
    func noteLimit() throws {
        let fixed = environment()
        let long = String(repeating: "n", count: 4097)
        #expect(fixed.run(["add", "deposit", "USD", "100", "--note", long]) == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: the note is 4097 bytes; the most a note may hold is 4096 bytes (4 KiB): shorten it\n"
        )
        #expect(fixed.run(["add", "deposit", "USD", "100", "--note", String(long.dropLast())]) == 0)
        let line = TemporaryFileTests.deposit.replacingOccurrences(of: #""note":"""#, with: #""note":"\#(long)""#)
        let input = directory + "/in.jsonl"
        try line.write(toFile: input, atomically: false, encoding: .utf8)
        #expect(fixed.run(["import", input]) == 1)
        #expect(fixed.stderr.text.contains("the note is 4097 bytes"))
    }

    @Test("a JSONL line over 1 MiB and a CSV record over 1 MiB end the read with one line naming the limit")
    func lineLimits() throws {
        let fixed = environment()
        let jsonl = directory + "/huge.jsonl"
        try String(repeating: "x", count: 3 << 20).write(toFile: jsonl, atomically: false, encoding: .utf8)
        #expect(fixed.run(["import", jsonl]) == 1)
        #expect(
            fixed.stderr.text
                == "ledger: error: \(jsonl):1: the line is longer than 1 MiB, the most an event's line may hold; is this an event file?\n"
        )
        #expect(!FileManager.default.fileExists(atPath: ledger))
        let csv = directory + "/huge.csv"
        try ("Date,Type,Asset,Amount\n\"" + String(repeating: "y", count: 3 << 20)).write(
            toFile: csv, atomically: false, encoding: .utf8)
        let second = environment()
        #expect(second.run(["import", csv, "--map", "date=Date,side=Type,asset=Asset,quantity=Amount"]) != 0)
        #expect(second.stderr.text.contains("longer than 1 MiB"), "\(second.stderr.text)")
    }
}
