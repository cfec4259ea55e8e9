import Foundation
import LedgerMarketData

/// The `$ stream FILE` / `$ stream stop` pseudo-commands of transcripts: a
/// ``LocalWebSocketServer`` playing FILE's script, with `ledger live` pointed at it through
/// the runner's WebSocket client. FILE has one step a line (`receive`, `send JSON`,
/// `pause SECONDS`, `drop`); a line `---` starts the next connection's script. `stream stop`
/// stops the server and leaves the URL pointing at its closed port (a refused connection).
final class ScenarioStream {
    private let opener: (any PriceStreamOpening)?
    private var server: LocalWebSocketServer?

    init(opener: (any PriceStreamOpening)?) {
        self.opener = opener
    }

    func command(_ arguments: [String], _ fixed: FixedEnvironment) throws -> Int32 {
        guard arguments.count == 1 else { throw ScenarioError(message: "use '$ stream FILE' or '$ stream stop'") }
        guard let opener else { throw ScenarioError(message: "'$ stream' needs a runner with a WebSocket client") }
        stop()
        guard arguments[0] != "stop" else { return 0 }
        let started = try LocalWebSocketServer(scripts: try Self.scripts(arguments[0]), lifetime: 120)
        server = started
        fixed.liveStreaming = .client(opener)
        fixed.variables["LGR_STREAMER_URL"] = started.url
        fixed.variables["LGR_STREAMER_RETRY"] = "0.05"
        return 0
    }

    func stop() {
        server?.stop()
        server = nil
    }

    static func scripts(_ path: String) throws -> [[LocalWebSocketServer.Step]] {
        var scripts: [[LocalWebSocketServer.Step]] = [[]]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "---": scripts.append([])
            case "receive": scripts[scripts.count - 1].append(.receive)
            case "drop": scripts[scripts.count - 1].append(.drop)
            case "send" where parts.count == 2: scripts[scripts.count - 1].append(.send(parts[1]))
            case "pause" where parts.count == 2:
                scripts[scripts.count - 1].append(.pause(Double(parts[1]) ?? 0))
            default: throw ScenarioError(message: "\(path): '\(line)' is not a step")
            }
        }
        return scripts
    }
}
