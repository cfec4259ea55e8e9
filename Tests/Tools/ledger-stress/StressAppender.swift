import Glibc
import LedgerCore
import LedgerStore

/// Test tool: appends deposits to a ledger as fast as it can, one transaction each, and prints
/// the sequence number of every committed event. The end-to-end tests kill it with SIGKILL at
/// random moments and then check that the ledger holds only whole events and still verifies.
///
/// Usage: ledger-stress PATH COUNT [BATCH]
@main
struct StressAppender {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3, let count = Int(arguments[2]) else {
            print("usage: ledger-stress PATH COUNT [BATCH]")
            exit(64)
        }
        let batch = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
        let store = try Ledger(path: arguments[1], mode: .createIfMissing)
        // Kept anchored as `ledger add` keeps it, so a kill tests the anchor's crash safety too.
        let variables = ["XDG_STATE_HOME", "HOME"].reduce(into: [String: String]()) { variables, name in
            variables[name] = getenv(name).map { String(cString: $0) }
        }
        store.stateDirectory = StateDirectory.resolve(variables: variables)
        try store.anchor.checkOnOpen()
        var generator = SystemRandomNumberGenerator()
        let btc = Asset(AssetSymbol("BTC")!)
        for _ in 0..<count {
            let drafts = (0..<batch).map { index in
                LedgerEvent(
                    id: EventID(milliseconds: UInt64(time(nil)) * 1000, random: (generator.next(), generator.next())),
                    occurredAt: Timestamp(secondsSinceEpoch: 1_700_000_000),
                    recordedAt: Timestamp(secondsSinceEpoch: Int64(time(nil))),
                    action: .deposit(AssetAmount(ExactDecimal(index + 1), btc)),
                    note: String(repeating: "x", count: 200)
                )
            }
            let stored = try store.events.append(drafts) { _ in }
            // write(2) directly: the parent must see each committed number before a kill.
            let line = Array("\(stored.last!.sequence)\n".utf8)
            _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        }
    }
}
