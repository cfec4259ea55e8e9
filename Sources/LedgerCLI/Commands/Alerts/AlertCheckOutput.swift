import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

extension FiredAlert {
    /// The line `alert check` prints, the note's control characters shown escaped.
    var line: String { message(escapingNote: \.terminalEscaped) }

    /// The variables `--exec` gets (docs/ALERTS.md).
    var environment: [String: String] { variables(message: line) }
}

/// What `alert check` reports: fired alerts on stdout (text lines or `ledger.alerts.check/1`
/// JSON) and, on stderr, one line per alert that could not be checked.
struct AlertCheckOutput {
    let verdicts: [AlertVerdict]
    let checkedAt: Timestamp

    var fired: [FiredAlert] { FiredAlert.fired(verdicts) }

    var failed: [(alert: Alert, problem: AlertError)] {
        verdicts.compactMap { verdict in
            guard case .failed(let problem) = verdict.outcome else { return nil }
            return (verdict.alert, problem)
        }
    }

    /// Nothing at all when nothing fired: cron mails whatever is printed.
    func text() -> String {
        fired.map { $0.line + "\n" }.joined()
    }

    func problemLines() -> [String] {
        failed.map { "alert \($0.alert.id) (\($0.alert.title)): \($0.problem)" }
    }

    func json() -> String {
        AlertJSON.check(
            fired: fired.map { AlertJSON.Fired(alert: $0.alert, reading: $0.reading, message: $0.line) },
            failed: failed, checkedAt: checkedAt)
    }
}
