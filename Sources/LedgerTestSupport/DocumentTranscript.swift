import Foundation
import LedgerMarketData

/// Documentation as a transcript: every fenced block of a Markdown file whose lines start with
/// `$ ledger …` is run, and the block is rebuilt from the commands and what they printed (stdout,
/// then stderr, as a terminal shows them). The rebuilt file is compared with the document like
/// any golden file (`LGR_RECORD=README` re-records README.md's outputs).
///
/// Each `#` or `##` heading starts afresh, as a reader starting at that section would: a new
/// home directory with no ledger, and a fresh copy of the repository's `ledgers/` in the
/// current directory, so `ledger import ledgers/demo/events.jsonl` runs as written. The clock
/// and ids are the golden transcripts' (``FixedEnvironment``: 2024-06-01T12:00:00Z, seed 42).
/// Every market-data source points at a closed port on 127.0.0.1: nothing reaches the
/// internet, and a command that needs the network fails as it would offline.
///
/// An HTML comment line before a block directs it: `<!-- doc-test: serve DIR -->` serves the
/// recorded API bodies under DIR (relative to the repository) on 127.0.0.1 for the rest of the
/// section (`serve stop` ends that), `<!-- doc-test: stdin TEXT -->` gives the block's next
/// command TEXT on standard input, `<!-- doc-test: env NAME=VALUE -->` sets a variable for the
/// rest of the section, and `<!-- doc-test: not checked: REASON -->` skips the
/// block. A block of `ledger …` lines without `$` (a command to copy, with no output) must be
/// marked not checked with its reason; otherwise the test fails.
public struct DocumentTranscript {
    public let path: String

    public init(path: String) { self.path = path }

    /// Runs the document; returns failure messages (empty when it passes).
    public func run() throws -> [String] {
        let lines = try String(contentsOfFile: path, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var rebuilt: [String] = []
        var problems: [String] = []
        var directives: [String] = []
        var session: DocumentSession?
        defer { session?.stop() }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.hasPrefix("# ") || line.hasPrefix("## ") {
                if !directives.isEmpty { problems.append("\(location(index)): doc-test directive before no block") }
                directives = []
                session?.stop()
                session = nil
            } else if let directive = Self.directive(line) {
                directives.append(directive)
            } else if line.hasPrefix("```") {
                let end = lines[index...].firstIndex { $0.hasPrefix("```") } ?? lines.count
                let block = Array(lines[index..<end])
                rebuilt.append(line)
                if session == nil { session = try DocumentSession() }
                let checked = try check(block, directives, session!, at: location(index))
                rebuilt += checked.lines
                problems += checked.problems
                directives = []
                if end < lines.count { rebuilt.append(lines[end]) }
                index = end + 1
                continue
            }
            rebuilt.append(line)
        }
        if let failure = Golden.check(rebuilt.joined(separator: "\n"), path: path) { problems.append(failure) }
        return problems
    }

    private func location(_ line: Int) -> String {
        (path as NSString).lastPathComponent + ":\(line)"
    }

    /// The text of a `<!-- doc-test: … -->` line.
    static func directive(_ line: String) -> String? {
        let prefix = "<!-- doc-test: "
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(4))
    }

    /// The block as rebuilt from running it, or as written when it is not run.
    private func check(_ block: [String], _ directives: [String], _ session: DocumentSession, at place: String) throws
        -> (lines: [String], problems: [String])
    {
        let skip = directives.first { $0.hasPrefix("not checked:") }
        let isTranscript = block.contains { $0.hasPrefix("$ ") }
        let isCommandList = block.contains { $0.hasPrefix("ledger ") }
        if let skip {
            let reason = skip.dropFirst("not checked:".count).trimmingCharacters(in: .whitespaces)
            return (block, reason.isEmpty ? ["\(place): 'not checked:' without a reason"] : [])
        }
        if isCommandList && !isTranscript {
            return (
                block, ["\(place): a block of ledger commands is neither a transcript ($ …) nor marked not checked"]
            )
        }
        guard isTranscript else { return (block, []) }
        for directive in directives { try session.apply(directive) }
        var lines: [String] = []
        var problems: [String] = []
        for line in block where line.hasPrefix("$ ") {
            lines.append(line)
            let words = ShellWords.split(String(line.dropFirst(2)))
            guard words.first == "ledger" else {
                problems.append("\(place): '\(line)': only ledger commands are run")
                continue
            }
            let output = session.run(Array(words.dropFirst()))
            if !output.isEmpty && !output.hasSuffix("\n") {
                problems.append("\(place): '\(line)': output does not end with a newline")
            }
            lines += output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        return (lines, problems)
    }
}

/// One section's state: its directory, clock, ledger and market server.
final class DocumentSession {
    let directory = makeTemporaryDirectory("ledger-doc")
    let fixed: FixedEnvironment
    let server = ScenarioServer()
    var home: String { directory + "/home" }
    var clone: String { directory + "/ledger" }

    init() throws {
        var variables = ["HOME": directory + "/home"]
        for name in MarketDataConfig.knownSources {
            variables["LGR_\(name.uppercased())_URL"] = "http://127.0.0.1:1/" + name
        }
        fixed = FixedEnvironment(variables: variables)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: clone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ScenarioRunner.repository + "/ledgers", toPath: clone + "/ledgers")
        fixed.currentDirectory = clone
    }

    func apply(_ directive: String) throws {
        let words = ShellWords.split(directive)
        switch words.first {
        case "serve" where words.count == 2:
            let target = words[1] == "stop" ? "stop" : ScenarioRunner.repository + "/" + words[1]
            _ = try server.command([target], fixed)
        case "stdin" where words.count == 2:
            fixed.stdinLines = words[1].components(separatedBy: "\\n")
        case "env" where words.count == 2 && words[1].contains("="):
            let parts = words[1].split(separator: "=", maxSplits: 1).map(String.init)
            fixed.variables[parts[0]] = parts.count == 2 ? parts[1] : nil
        default:
            throw ScenarioError(message: "unknown doc-test directive: \(directive)")
        }
    }

    /// Runs one command; what it printed, stdout then stderr, with the paths a reader would see.
    func run(_ arguments: [String]) -> String {
        fixed.run(arguments)
        fixed.stdinLines = []
        let output = fixed.stdout.text + fixed.stderr.text
        fixed.stdout.clear()
        fixed.stderr.clear()
        return server.masked(
            output.replacingOccurrences(of: clone, with: "/home/you/ledger")
                .replacingOccurrences(of: home, with: "/home/you"))
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
