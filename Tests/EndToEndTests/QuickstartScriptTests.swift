import Foundation
import LedgerTestSupport
import Testing

/// #36: the quickstart built only `ledger`, so `ledger serve` and `ledger live` failed after it.
/// Round 22: it builds `ledger` first and shows the demo portfolio before the other two.
/// The script runs with a stand-in `swift` first on PATH, which records its arguments and
/// "builds" each product as a script that prints its own name and first argument: no real
/// build runs.
@Suite("The quickstart script")
struct QuickstartScriptTests {
    static func fakeSwift(in directory: String) -> String {
        """
        #!/bin/bash
        echo "$*" >> \(directory)/calls
        if [ "$*" = "build -c release --show-bin-path" ]; then echo \(directory)/out; exit 0; fi
        if [ "$5" = "$FAIL" ]; then echo "[1/2] Compiling"; echo "error: no such module"; exit 1; fi
        mkdir -p \(directory)/out
        echo "[1/2] Compiling"; echo "[2/2] Linking $5"
        printf '#!/bin/bash\\necho "$(basename $0) $1"\\n' > \(directory)/out/$5
        chmod +x \(directory)/out/$5

        """
    }

    func run(failing product: String = "none") async throws -> (BuiltProducts.Result, calls: String) {
        let directory = makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: directory + "/bin/swift", contents: Data(Self.fakeSwift(in: directory).utf8),
            attributes: [.posixPermissions: 0o755])
        let script = BuiltProducts.repository.appendingPathComponent("ledgers/demo/quickstart.sh").path
        let path = directory + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await BuiltProducts.run(
            URL(fileURLWithPath: "/bin/bash"), [script],
            environment: ["PATH": path, "TMPDIR": directory, "FAIL": product])
        let calls = (try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? ""
        return (result, calls)
    }

    @Test("ledger built first and the demo portfolio shown, then ledger-serve and ledger-live")
    func buildsEveryProgram() async throws {
        let (result, calls) = try await run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            calls == """
                build -c release --product ledger
                build -c release --show-bin-path
                build -c release --product ledger-serve
                build -c release --product ledger-live

                """)
        #expect(result.stdout == "ledger portfolio\n")
        #expect(result.stderr.contains("\r  ledger-live (3/3) [2/2]\n"), "progress: \(result.stderr)")
        #expect(result.stderr.contains("quickstart: built ledger ledger-serve ledger-live\n"))
    }

    @Test("a failed build stops the script with the end of the compiler's output")
    func failedBuild() async throws {
        let (result, calls) = try await run(failing: "ledger-serve")
        #expect(result.status == 1)
        #expect(
            result.stderr.hasSuffix(
                "quickstart: the build of ledger-serve failed:\n[1/2] Compiling\nerror: no such module\n"))
        // The portfolio needs only ledger, so it was shown before the server's build failed.
        #expect(!calls.contains("ledger-live") && result.stdout == "ledger portfolio\n")
    }

    @Test("a failed build of ledger shows no portfolio and builds nothing else")
    func failedLedgerBuild() async throws {
        let (result, calls) = try await run(failing: "ledger")
        #expect(result.status == 1)
        #expect(
            result.stderr.hasSuffix("quickstart: the build of ledger failed:\n[1/2] Compiling\nerror: no such module\n")
        )
        #expect(calls == "build -c release --product ledger\n" && result.stdout.isEmpty)
    }
}
