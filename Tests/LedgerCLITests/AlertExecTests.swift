import Foundation
import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `alert check --exec`: what runs, with which variables, and what a failing command does.
/// Observed through a recording ``CommandSpawning``, and once through the real `/bin/sh`.
@Suite("alert check --exec")
struct AlertExecTests {
    let directory = makeTemporaryDirectory()

    /// Records each command and its environment; answers with `status`.
    final class RecordingRunner: CommandSpawning, @unchecked Sendable {
        var runs: [(command: String, environment: [String: String])] = []
        let status: Int32

        init(status: Int32 = 0) { self.status = status }

        func run(_ command: String, environment: [String: String]) throws -> SpawnResult {
            runs.append((command, environment))
            return SpawnResult(status: status, output: status == 0 ? "" : "notify: no display\n")
        }
    }

    /// A ledger with two alerts, BTC above 60000 (priced 60000.5) and ETH below 1 (priced 3000).
    func ledger() throws -> FixedEnvironment {
        let fixed = FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        #expect(fixed.run(["alert", "add", "BTC", "above", "60000", "--note", "sell some"]) == 0)
        #expect(fixed.run(["alert", "add", "ETH", "below", "1"]) == 0)
        #expect(fixed.run(["prices", "set", "BTC", "60000.5", "--date", "2024-06-01T11:00:00Z"]) == 0)
        #expect(fixed.run(["prices", "set", "ETH", "3000", "--date", "2024-06-01T11:00:00Z"]) == 0)
        fixed.stdout.clear()
        return fixed
    }

    func check(_ fixed: FixedEnvironment, _ runner: any CommandSpawning, command: String = "notify") throws -> Int32 {
        let environment = fixed.environment
        let checker = AlertChecker(
            environment: environment, offline: true, maxAge: nil, command: command, json: false, runner: runner)
        do {
            try checker.run(store: Ledger(path: directory + "/books.ledger", mode: .mustExist))
            return 0
        } catch {
            return ErrorReporter(environment: environment, arguments: ["alert", "check"]).report(error)
        }
    }

    @Test("one run per fired alert, with every documented variable, after the state is committed")
    func variables() throws {
        let fixed = try ledger()
        let runner = RecordingRunner()
        #expect(try check(fixed, runner) == 10)
        #expect(runner.runs.count == 1)
        let run = try #require(runner.runs.first)
        #expect(run.command == "notify")
        let expected = [
            "LGR_ALERT_ID": "1", "LGR_ALERT_ASSET": "BTC", "LGR_ALERT_CURRENCY": "USD", "LGR_ALERT_CONDITION": "above",
            "LGR_ALERT_THRESHOLD": "60000", "LGR_ALERT_PRICE": "60000.5",
            "LGR_ALERT_OBSERVED_AT": "2024-06-01T11:00:00Z",
            "LGR_ALERT_SOURCE": "manual", "LGR_ALERT_NOTE": "sell some",
            "LGR_ALERT_MESSAGE": "BTC above 60000 USD: 60000.5 at 2024-06-01T11:00:00Z (alert 1: sell some)",
        ]
        for (name, value) in expected { #expect(run.environment[name] == value, "\(name)") }
        #expect(
            run.environment["LGR_FILE"] == directory + "/books.ledger", "the command's own environment is passed on")
        #expect(fixed.stdout.text == expected["LGR_ALERT_MESSAGE"]! + "\n")
        // Fired is recorded: the next check runs nothing.
        let again = RecordingRunner()
        #expect(try check(fixed, again) == 0)
        #expect(again.runs.isEmpty)
    }

    @Test("a failing command is reported, exits 1, and the alert stays fired")
    func failingCommand() throws {
        let fixed = try ledger()
        #expect(try check(fixed, RecordingRunner(status: 3)) == 1)
        #expect(fixed.stdout.text.hasPrefix("BTC above 60000 USD: 60000.5"))
        #expect(
            fixed.stderr.text == """
                notify: no display
                ledger: error: --exec for alert 1 exited with status 3
                ledger: error: --exec failed for 1 of 1 fired alert (see above); they stay fired and run it again only after they re-arm and cross again

                """)
        let alerts = try Ledger(path: directory + "/books.ledger", mode: .mustExist).alerts.alerts()
        #expect(alerts.map(\.state) == [.fired, .armed])
    }

    @Test("the real /bin/sh runs the command with the variables")
    func realShell() throws {
        let fixed = try ledger()
        let file = directory + "/fired.txt"
        let command =
            "printf '%s|%s|%s\\n' \"$LGR_ALERT_ID\" \"$LGR_ALERT_PRICE\" \"$LGR_ALERT_MESSAGE\" >> '\(file)'; echo done"
        #expect(fixed.run(["alert", "check", "--offline", "--exec", command]) == 10)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == "1|60000.5|BTC above 60000 USD: 60000.5 at 2024-06-01T11:00:00Z (alert 1: sell some)\n")
        #expect(fixed.stderr.text == "done\n", "the command's output goes to stderr")
        let status = try ShellCommandRunner().run("exit 7", environment: [:])
        #expect(status == SpawnResult(status: 7, output: ""))
    }

    @Test("an online check whose prices cannot be fetched warns, checks the cache, and keeps the fetched state")
    func unreachableSources() throws {
        let fixed = try ledger()
        fixed.variables["LGR_COINGECKO_URL"] = "http://127.0.0.1:9"
        fixed.variables["LGR_CRYPTOCOMPARE_URL"] = "http://127.0.0.1:9"
        #expect(fixed.run(["alert", "check"]) == 10)
        #expect(fixed.stderr.text.contains("ledger: warning: BTC: coingecko could not be reached"))
        #expect(fixed.stderr.text.contains("checking its alerts against the cached price"))
        #expect(fixed.stdout.text.hasPrefix("BTC above 60000 USD"))
    }
}
