import LedgerCore
import LedgerInterchange
import LedgerRender

/// One alert that fired, with the prices it fired on.
struct FiredAlert {
    let alert: Alert
    let reading: AlertReading

    /// `BTC above 50000 USD: 50123.4 at 2024-06-01T12:00:04Z (alert 3)`; a `change` alert adds
    /// the move and the price it is measured from; a note goes inside the parentheses.
    var line: String {
        let current = reading.current
        var text = "\(alert.title): \(current.price) at \(current.observedAt)"
        if let reference = reading.reference, let percent = reading.changePercent {
            text += ", \(percent.isNegative ? "" : "+")\(percent)% from \(reference.price) at \(reference.observedAt)"
        }
        return text + " (alert \(alert.id)\(alert.note.isEmpty ? "" : ": " + alert.note.terminalEscaped))"
    }

    /// The variables `--exec` gets (docs/ALERTS.md).
    var environment: [String: String] {
        var variables = [
            "LGR_ALERT_ID": String(alert.id), "LGR_ALERT_ASSET": alert.asset.text,
            "LGR_ALERT_CURRENCY": alert.quote.text, "LGR_ALERT_CONDITION": alert.condition.kind,
            "LGR_ALERT_THRESHOLD": alert.condition.threshold.formatted(),
            "LGR_ALERT_PRICE": reading.current.price.formatted(),
            "LGR_ALERT_OBSERVED_AT": reading.current.observedAt.description,
            "LGR_ALERT_SOURCE": reading.current.source, "LGR_ALERT_MESSAGE": line, "LGR_ALERT_NOTE": alert.note,
        ]
        if case .change(_, let direction, let window) = alert.condition, let reference = reading.reference {
            variables["LGR_ALERT_DIRECTION"] = direction.rawValue
            variables["LGR_ALERT_WITHIN"] = String(window)
            variables["LGR_ALERT_REFERENCE_PRICE"] = reference.price.formatted()
            variables["LGR_ALERT_REFERENCE_OBSERVED_AT"] = reference.observedAt.description
            variables["LGR_ALERT_CHANGE"] = reading.changePercent?.formatted()
        }
        return variables
    }
}

/// What `alert check` reports: fired alerts on stdout (text lines or `ledger.alerts.check/1`
/// JSON) and, on stderr, one line per alert that could not be checked.
struct AlertCheckOutput {
    let verdicts: [AlertVerdict]
    let checkedAt: Timestamp

    var fired: [FiredAlert] {
        verdicts.compactMap { verdict in
            guard case .fired(let reading) = verdict.outcome else { return nil }
            return FiredAlert(alert: verdict.alert, reading: reading)
        }
    }

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
