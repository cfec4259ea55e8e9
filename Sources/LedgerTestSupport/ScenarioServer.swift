import Foundation
import LedgerMarketData

/// The `$ serve DIR` / `$ serve stop` pseudo-commands of transcripts.
final class ScenarioServer {
    private var server: LocalHTTPServer?
    private var lastURL: String?

    func command(_ arguments: [String], _ fixed: FixedEnvironment) throws -> Int32 {
        guard arguments.count == 1 else { throw ScenarioError(message: "use '$ serve DIR' or '$ serve stop'") }
        stop()
        guard arguments[0] != "stop" else { return 0 }
        let started = try LocalHTTPServer(directory: arguments[0], lifetime: 120)
        server = started
        lastURL = started.baseURL
        for name in MarketDataConfig.knownSources {
            fixed.variables["LGR_\(name.uppercased())_URL"] = started.baseURL + "/" + name
        }
        return 0
    }

    func stop() {
        server?.stop()
        server = nil
    }

    /// Text with the server's address replaced by `$SERVER` (the port changes every run).
    func masked(_ text: String) -> String {
        guard let lastURL else { return text }
        return text.replacingOccurrences(of: lastURL, with: "$SERVER")
    }
}
