import Foundation
import LedgerTestSupport
import Testing

/// `docs/ledger.1` is generated from the command definitions by swift-argument-parser's
/// `generate-manual` (CONTRIBUTING.md, "The man page"). These fail when the page no longer matches the
/// commands: byte for byte when the generator is built, and name by name always.
@Suite("The committed man page matches the commands")
struct ManPageTests {
    static let page = BuiltProducts.repository.appendingPathComponent("docs/ledger.1")

    /// Regenerated with the committed page's own date, the page is the same, byte for byte.
    /// Needs `swift build --product generate-manual` (which `.ci/run` does); skipped without it.
    @Test func regeneratedPageIsTheCommittedOne() async throws {
        let tool = BuiltProducts.directory.appendingPathComponent("generate-manual")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            print(
                "skipped: generate-manual is not built ('swift build --product generate-manual'); the name-by-name check still ran"
            )
            return
        }
        let committed = try String(contentsOf: Self.page, encoding: .utf8)
        let date = try #require(Self.date(of: committed), "no .Dd line in docs/ledger.1")
        let directory = makeTemporaryDirectory("manpage")
        let result = try await BuiltProducts.run(tool, [BuiltProducts.ledger.path, "--date", date, "-o", directory])
        #expect(result.status == 0, "generate-manual: \(result.stderr)")
        let fresh = try String(contentsOfFile: directory + "/ledger.1", encoding: .utf8)
        #expect(
            Self.paragraphs(fresh) == committed, "docs/ledger.1 is out of date; regenerate it as CONTRIBUTING.md says")
    }

    /// Every command, every long option and every abstract the binary describes
    /// (`--experimental-dump-help`, what the generator reads) is in the page, and the page has
    /// no command more.
    @Test func everyCommandAndOptionIsInThePage() async throws {
        let dump = try await BuiltProducts.run(BuiltProducts.ledger, ["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(tool["command"] as? [String: Any])
        // `Fl O , -output-format` (a short name too) read as `Fl -output-format`.
        let page = try String(contentsOf: Self.page, encoding: .utf8)
            .replacingOccurrences(of: #"Fl [A-Za-z] , -"#, with: "Fl -", options: .regularExpression)
        var expected: [String] = []
        var commands = 0
        func visit(_ command: [String: Any], isRoot: Bool) {
            if !isRoot {
                commands += 1
                expected.append(".It Em \(command["commandName"] as? String ?? "?")")
            }
            if let abstract = command["abstract"] as? String, !abstract.isEmpty { expected.append(abstract) }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    expected.append("Fl -\(name["name"] as? String ?? "?")")
                }
                if let abstract = argument["abstract"] as? String, !abstract.isEmpty { expected.append(abstract) }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, isRoot: false) }
        }
        visit(root, isRoot: true)
        let missing = expected.filter { !page.contains($0) }
        #expect(missing.isEmpty, "not in docs/ledger.1 (regenerate it as CONTRIBUTING.md says): \(missing)")
        let listed = page.split(separator: "\n").filter { $0.hasPrefix(".It Em ") }.count
        #expect(listed == commands, "docs/ledger.1 lists \(listed) commands, the binary has \(commands)")
    }

    /// `man` renders the page without a warning (when man-db is installed).
    @Test func manRendersThePageWithoutWarnings() async throws {
        let man = URL(fileURLWithPath: "/usr/bin/man")
        guard FileManager.default.isExecutableFile(atPath: man.path) else {
            print("skipped: no /usr/bin/man")
            return
        }
        let result = try await BuiltProducts.run(
            man, ["--warnings", "-l", Self.page.path], environment: ["MANWIDTH": "80"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "man warns about docs/ledger.1:\n\(result.stderr)")
        #expect(result.stdout.contains("ledger"))
    }

    /// generate-manual drops every character outside ASCII from what it writes, so every help
    /// text the binary describes says what it means in ASCII (`...`, not an ellipsis).
    @Test func everyHelpTextIsASCII() async throws {
        let dump = try await BuiltProducts.run(BuiltProducts.ledger, ["--experimental-dump-help"])
        let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8))
        var strings: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String { strings.append(text) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        collect(tool)
        #expect(strings.count > 100)
        let outside = strings.filter { !$0.unicodeScalars.allSatisfy(\.isASCII) }
        #expect(outside.isEmpty, "help texts with characters the man page would drop: \(outside)")
    }

    /// generate-manual copies a help text's blank line as an empty roff line, which `man` warns
    /// about; the committed page has a paragraph break (`.Pp`) there instead.
    static func paragraphs(_ page: String) -> String {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropLast() where lines[index].isEmpty { lines[index] = ".Pp" }
        return lines.joined(separator: "\n")
    }

    /// `.Dd November 25, 2026` → `2026-11-25`.
    static func date(of page: String) -> String? {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        guard let line = page.split(separator: "\n").first(where: { $0.hasPrefix(".Dd ") }) else { return nil }
        let words = line.dropFirst(4).replacingOccurrences(of: ",", with: "").split(separator: " ").map(String.init)
        guard words.count == 3, let month = months.firstIndex(of: words[0]), let day = Int(words[1]) else { return nil }
        return String(format: "%@-%02d-%02d", words[2], month + 1, day)
    }
}
