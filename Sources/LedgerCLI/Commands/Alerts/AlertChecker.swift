import ArgumentParser
import LedgerApp
import LedgerCore

/// `alert check` end to end: refresh the prices the alerts need, then read, evaluate and
/// update every alert in one `BEGIN IMMEDIATE` transaction, then report, then run `--exec`.
struct AlertChecker {
    let environment: CommandEnvironment
    let offline: Bool
    let maxAge: Int64?
    let command: String?
    let json: Bool
    let runner: any CommandSpawning

    /// Exit status when at least one alert fired (and every `--exec` command succeeded).
    static let firedStatus: Int32 = 10

    func run(store: OpenLedger) throws {
        let (verdicts, now) = try AlertCheck(context: environment.market, offline: offline, maxAge: maxAge).run(
            store: store)
        let output = AlertCheckOutput(verdicts: verdicts, checkedAt: now)
        environment.write(json ? output.json() : output.text())
        for line in output.problemLines() { environment.writeError(line) }
        // The state is already committed: a command that hangs, crashes or runs again cannot
        // make the same crossing fire twice (at most one notification per crossing).
        let execFailures = command.map { runCommands($0, output.fired) } ?? 0
        try finish(output: output, execFailures: execFailures)
    }

    /// Exit status: an --exec failure (1) before something fired (10) before an alert that
    /// could not be checked (1) before 0.
    private func finish(output: AlertCheckOutput, execFailures: Int) throws {
        let fired = output.fired.count
        let failed = output.failed.count
        if execFailures > 0 {
            throw AlertCommandError.execFailed(failures: execFailures, fired: fired)
        }
        if fired > 0 { throw ExitCode(Self.firedStatus) }
        if failed > 0 {
            throw AlertCommandError.uncheckable(failed: failed, total: output.verdicts.count)
        }
    }

    /// Runs `command` once per fired alert; returns how many failed.
    private func runCommands(_ command: String, _ fired: [FiredAlert]) -> Int {
        var failures = 0
        for alert in fired {
            let variables = environment.variables.merging(alert.environment) { _, new in new }
            do {
                let result = try runner.run(command, environment: variables)
                environment.stderr.write(result.output)
                if !result.output.isEmpty && !result.output.hasSuffix("\n") { environment.stderr.write("\n") }
                guard result.status != 0 else { continue }
                environment.writeError("--exec for alert \(alert.alert.id) exited with status \(result.status)")
            } catch {
                environment.writeError("--exec for alert \(alert.alert.id) could not start /bin/sh: \(error)")
            }
            failures += 1
        }
        return failures
    }
}
