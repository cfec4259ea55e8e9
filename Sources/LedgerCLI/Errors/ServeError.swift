import LedgerApp

/// `ledger serve`: options that cannot work, or no server program to start.
enum ServeError: UserFacingError, Equatable {
    case notAPort(String)
    case emptyHost
    case notAnInterval(String)
    case intervalTooShort(String)
    case notABatchSize(String)
    case emptyDataDirectory
    case notARegistration(String)
    /// `ledger-serve` is not beside `ledger` (and `LGR_SERVE_BINARY` does not name it).
    case serverProgramMissing(path: String)
    case couldNotStart(path: String, reason: String)

    var category: ErrorCategory {
        switch self {
        case .serverProgramMissing, .couldNotStart: .data
        default: .usage
        }
    }

    /// What builds `ledger-serve` where `ledger` looks for it: the debug or the release build of
    /// the checkout `ledger` came from (a debug build beside a release `ledger` is the wrong
    /// copy); an installed `ledger` (elsewhere) wants the quickstart's build, which makes
    /// ledger, ledger-serve and ledger-live in release, installed beside it.
    static func buildAdvice(beside path: String) -> String {
        if path.hasSuffix("/debug/ledger-serve") { return "build it with 'swift build --product ledger-serve'" }
        if path.hasSuffix("/release/ledger-serve") {
            return "build it with 'swift build -c release --product ledger-serve'"
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return
            "build it with 'bash ledgers/demo/quickstart.sh' in the source checkout (it builds ledger, ledger-serve and ledger-live in release) and install .build/release/ledger-serve into \(directory.isEmpty ? "/" : directory)"
    }

    var description: String {
        switch self {
        case .notAPort(let text):
            "--port '\(text)' is not a port; use a number from 0 to 65535, e.g. --port 8080"
        case .emptyHost:
            "--host is empty; use an address such as 127.0.0.1"
        case .notAnInterval(let text):
            "--fetch-every '\(text)' is not an interval; use a number and s, m or h, e.g. --fetch-every 5m"
        case .intervalTooShort(let text):
            "--fetch-every '\(text)' is shorter than a minute; the free price sources allow about one run a minute"
        case .notABatchSize(let text):
            "--batch '\(text)' is not a batch size; use a number from 1 to 250, e.g. --batch 50"
        case .notARegistration(let text):
            "--registration '\(text)' is not a choice; use closed, invite or open, e.g. --registration invite"
        case .emptyDataDirectory:
            "--data-dir is empty; name a directory, e.g. --data-dir /var/lib/ledger"
        case .serverProgramMissing(let path):
            "ledger serve needs the ledger-serve program at \(path); \(Self.buildAdvice(beside: path)), or set LGR_SERVE_BINARY"
        case .couldNotStart(let path, let reason):
            "could not start \(path): \(reason)"
        }
    }
}
