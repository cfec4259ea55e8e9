import LedgerCore
import LedgerInterchange
import LedgerMarketData

/// How the server's fetcher tells someone an alert fired, configured by variables (which win)
/// or by `"alerts": {"command": …, "webhook": …}` in the config file:
///
/// - a shell command (`LGR_ALERT_COMMAND`), run once per fired alert with the `LGR_ALERT_*`
///   variables of `alert check --exec`, plus `LGR_ALERT_USER`;
/// - a webhook (`LGR_ALERT_WEBHOOK`, an http or https URL): one POST per user and run of the
///   `ledger.alerts.check/1` JSON of the alerts that fired, with `X-Ledger-User: NAME`.
public struct AlertDelivery: Sendable {
    public let command: String?
    public let webhook: String?
    public let spawner: any CommandSpawning
    public let httpClient: any HTTPClient

    public init(command: String?, webhook: String?, spawner: any CommandSpawning, httpClient: any HTTPClient) {
        self.command = command.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        self.webhook = webhook.flatMap { $0.isEmpty ? nil : $0 }
        self.spawner = spawner
        self.httpClient = httpClient
    }

    /// The delivery the variables or the config file configure.
    public static func configured(_ context: MarketContext, spawner: any CommandSpawning) throws -> AlertDelivery {
        let file = try ConfigFile.read(context)
        let alerts = file.text.flatMap { try? JSONReader.parse(Array($0.utf8)) }?["alerts"]
        return AlertDelivery(
            command: context.app.tool("ALERT_COMMAND") ?? alerts?["command"]?.stringValue,
            webhook: context.app.tool("ALERT_WEBHOOK") ?? alerts?["webhook"]?.stringValue, spawner: spawner,
            httpClient: context.httpClient)
    }

    /// Delivers the alerts of `user` that fired; returns one sentence per failure.
    public func deliver(_ fired: [FiredAlert], user: String, variables: [String: String], checkedAt: Timestamp)
        -> [String]
    {
        guard !fired.isEmpty else { return [] }
        return run(fired, user: user, variables: variables) + post(fired, user: user, checkedAt: checkedAt)
    }

    private func run(_ fired: [FiredAlert], user: String, variables: [String: String]) -> [String] {
        guard let command else { return [] }
        var failures: [String] = []
        for alert in fired {
            var environment = variables.merging(alert.variables(message: alert.message())) { _, new in new }
            environment["LGR_ALERT_USER"] = user
            do {
                let result = try spawner.run(command, environment: environment)
                if result.status != 0 {
                    failures.append(
                        "the alert command for \(user)'s alert \(alert.alert.id) exited with status \(result.status)")
                }
            } catch {
                failures.append(
                    "the alert command for \(user)'s alert \(alert.alert.id) could not start /bin/sh: \(error)")
            }
        }
        return failures
    }

    private func post(_ fired: [FiredAlert], user: String, checkedAt: Timestamp) -> [String] {
        guard let webhook else { return [] }
        let body = AlertJSON.check(
            fired: fired.map { AlertJSON.Fired(alert: $0.alert, reading: $0.reading, message: $0.message()) },
            failed: [],
            checkedAt: checkedAt)
        let request = HTTPRequest(
            url: webhook,
            headers: [
                "Content-Type": "application/json", "X-Ledger-User": user, "User-Agent": MarketHTTP.defaultUserAgent,
            ], timeout: 10, post: Array(body.utf8))
        do {
            let response = try httpClient.send(request)
            guard (200..<300).contains(response.status) else {
                return ["the alert webhook answered \(response.status) to \(user)'s \(fired.count) fired alert(s)"]
            }
            return []
        } catch {
            return ["the alert webhook could not be reached for \(user)'s \(fired.count) fired alert(s): \(error)"]
        }
    }
}
