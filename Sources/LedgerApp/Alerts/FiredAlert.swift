import LedgerCore

/// One alert that fired, with the prices it fired on: what `alert check` prints and hands to
/// `--exec`, and what the server's fetcher delivers.
public struct FiredAlert: Sendable {
    public let alert: Alert
    public let reading: AlertReading

    public init(alert: Alert, reading: AlertReading) {
        self.alert = alert
        self.reading = reading
    }

    /// The alerts of `verdicts` that fired, in order.
    public static func fired(_ verdicts: [AlertVerdict]) -> [FiredAlert] {
        verdicts.compactMap { verdict in
            guard case .fired(let reading) = verdict.outcome else { return nil }
            return FiredAlert(alert: verdict.alert, reading: reading)
        }
    }

    /// `BTC above 50000 USD: 50123.4 at 2024-06-01T12:00:04Z (alert 3)`; a `change` alert adds
    /// the move and the price it is measured from; a note goes inside the parentheses, passed
    /// through `escape` (the shell shows control characters escaped).
    public func message(escapingNote escape: (String) -> String = { $0 }) -> String {
        let current = reading.current
        var text = "\(alert.title): \(current.price) at \(current.observedAt)"
        if let reference = reading.reference, let percent = reading.changePercent {
            text += ", \(percent.isNegative ? "" : "+")\(percent)% from \(reference.price) at \(reference.observedAt)"
        }
        return text + " (alert \(alert.id)\(alert.note.isEmpty ? "" : ": " + escape(alert.note)))"
    }

    /// The variables a delivery command gets (docs/ALERTS.md); `message` is the line shown.
    public func variables(message: String) -> [String: String] {
        var variables = [
            "LGR_ALERT_ID": String(alert.id), "LGR_ALERT_ASSET": alert.asset.text,
            "LGR_ALERT_CURRENCY": alert.quote.text, "LGR_ALERT_CONDITION": alert.condition.kind,
            "LGR_ALERT_THRESHOLD": alert.condition.threshold.formatted(),
            "LGR_ALERT_PRICE": reading.current.price.formatted(),
            "LGR_ALERT_OBSERVED_AT": reading.current.observedAt.description,
            "LGR_ALERT_SOURCE": reading.current.source, "LGR_ALERT_MESSAGE": message, "LGR_ALERT_NOTE": alert.note,
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
