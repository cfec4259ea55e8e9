import Foundation
import LedgerCore
import LedgerMarketData
import LedgerStore

/// Runs a transcript file: every `$ ledger …` line is run in-process in a fresh temporary
/// directory (with `LGR_FILE=$TMP/books.ledger`), and the file is rebuilt from the commands
/// and what they printed: stdout as is, stderr lines prefixed `! `, `[exit N]` when N ≠ 0.
/// The rebuilt text is compared with the file like any golden file.
///
/// Lines starting `## ` before the first command are comments and are kept.
/// Two helper commands prepare odd states: `$ write FILE TEXT` and `$ sqlite FILE SQL`.
/// `write` writes TEXT plus a final newline; inside TEXT the two characters `\n` stand for a
/// line break and `\r` for a carriage return, so a multi-line file fits on one line (quote
/// TEXT with '…', in which the shell-like splitter keeps backslashes).
/// `$ stdin TEXT` gives the next `ledger` command TEXT on its standard input (`\n` between
/// lines, as for `write`; a password for `ledger user add`).
/// `$ clock TIME` sets the clock (2024-06-01T12:00:00Z at the start, one second a command
/// reading it) to TIME, for reports that read up to now (`ledger tax`);
/// `$ width N` sets the terminal width for the commands after it; `$ env NAME=VALUE` sets an
/// environment variable for them (an empty VALUE unsets it, e.g. `$ env LGR_FILE=` for the
/// default ledger path under `HOME=$TMP`); `$REPO` in a command is
/// the repository root (for the samples in `ledgers/`).
/// `$ serve DIR` starts a ``LocalHTTPServer`` on 127.0.0.1 serving the fixture files under
/// DIR and points every market-data source at it (`LGR_<SOURCE>_URL=…/<source>`);
/// `$ serve stop` stops it, so later commands meet a refused connection. Its address is
/// shown as `$SERVER` in the transcript.
/// `$ stream FILE` plays a WebSocket script to `ledger live` (``ScenarioStream``), when the
/// runner was given a client.
/// After every command that fails, the runner checks that the ledger file is byte-for-byte
/// what it was before (or still absent).
public struct ScenarioRunner {
    public let path: String
    /// The WebSocket client `$ stream` hands `ledger live` (LedgerTestSupport does not link one).
    public let streamOpener: (any PriceStreamOpening)?

    public init(path: String, streamOpener: (any PriceStreamOpening)? = nil) {
        self.path = path
        self.streamOpener = streamOpener
    }

    /// Runs the scenario; returns failure messages (empty when it passes).
    public func run() throws -> [String] {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let directory = makeTemporaryDirectory("ledger-scenario")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixed = FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        var transcript = ""
        var problems: [String] = []
        let server = ScenarioServer()
        defer { server.stop() }
        let stream = ScenarioStream(opener: streamOpener)
        defer { stream.stop() }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            // Comments belong to the header: output (Markdown headings) may start with "## " too.
            if (line.hasPrefix("## ") || line == "##") && !transcript.contains("$ ") {
                transcript += line + "\n"
                continue
            }
            guard line.hasPrefix("$ ") else { continue }
            transcript += line + "\n"
            transcript += try step(line, fixed, directory, server, stream, problems: &problems)
        }
        if let failure = Golden.check(transcript, path: path) { problems.append(failure) }
        return problems
    }

    /// Runs one `$ ` line; returns what it printed (the scenario's folder and the repository
    /// masked, errors as `! ` lines) and its status when not 0, and notes in `problems` a
    /// failure that changed the ledger file.
    private func step(
        _ line: String, _ fixed: FixedEnvironment, _ directory: String, _ server: ScenarioServer,
        _ stream: ScenarioStream, problems: inout [String]
    ) throws -> String {
        defer {
            fixed.stdout.clear()
            fixed.stderr.clear()
        }
        let command = line.dropFirst(2).replacingOccurrences(of: "$TMP", with: directory)
            .replacingOccurrences(of: "$REPO", with: Self.repository)
        let ledgerPath = directory + "/books.ledger"
        let before = FileManager.default.contents(atPath: ledgerPath)
        let words = ShellWords.split(command)
        let status =
            try words.first == "serve"
            ? server.command(Array(words.dropFirst()), fixed)
            : words.first == "stream"
                ? stream.command(Array(words.dropFirst()), fixed) : execute(words, fixed, directory)
        let mask = { (text: String) in
            server.masked(
                text.replacingOccurrences(of: directory, with: "$TMP").replacingOccurrences(
                    of: Self.repository, with: "$REPO"))
        }
        var printed = mask(fixed.stdout.text)
        for error in fixed.stderr.text.split(separator: "\n") { printed += "! " + mask(String(error)) + "\n" }
        guard status != 0 else { return printed }
        if !Self.answerStatuses.contains(status), FileManager.default.contents(atPath: ledgerPath) != before {
            problems.append("'\(line)' failed but changed the ledger file")
        }
        return printed + "[exit \(status)]\n"
    }

    private func execute(_ words: [String], _ fixed: FixedEnvironment, _ directory: String) throws -> Int32 {
        switch words.first {
        case "ledger":
            defer { fixed.stdinLines = [] }
            return fixed.run(Array(words.dropFirst()))
        case "stdin" where words.count == 2:
            fixed.stdinLines = words[1].components(separatedBy: "\\n")
            return 0
        case "write" where words.count == 3:
            let text = words[2].replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\r", with: "\r")
            try text.appending("\n").write(toFile: words[1], atomically: true, encoding: .utf8)
            return 0
        case "env" where words.count == 2 && words[1].contains("="):
            let parts = words[1].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            fixed.variables[parts[0]] = parts[1].isEmpty ? nil : parts[1]
            return 0
        case "clock" where words.count == 2:
            guard case .success(let time) = Timestamp.parse(words[1]) else {
                throw ScenarioError(message: "not a time: \(words[1]) (write 2026-01-15T12:00:00Z)")
            }
            fixed.setClock(time)
            return 0
        case "width" where words.count == 2:
            fixed.width = Int(words[1]) ?? 80
            return 0
        case "sqlite" where words.count == 3:
            try SQLiteDatabase(path: words[1], create: false).execute(words[2])
            return 0
        default:
            throw ScenarioError(message: "unknown scenario command: \(words.joined(separator: " "))")
        }
    }
}

extension ScenarioRunner {
    /// Exit statuses that answer rather than fail, after which the ledger may have changed:
    /// `alert check` exits 10 when an alert fired, having recorded that it did.
    static let answerStatuses: Set<Int32> = [10]

    /// The repository root, found from this source file's place in it.
    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Splits a command line the way a POSIX shell does for plain words, '…', "…" and `\`.
public enum ShellWords {
    public static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
