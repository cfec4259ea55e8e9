import CLibPQ
import Glibc
import LedgerStore

/// What a failed connect to PostgreSQL was, for the one sentence `ledger serve --database`
/// prints (``DatabaseConnectFailure``), read from libpq's message: the server's refusal by its
/// SQLSTATE (the connection asks for verbose errors: `FATAL:  28P01: …`), else libpq's own
/// failure (the system's error text, a host name, a password not given), else the bound.
enum PostgresConnectFailure {
    static func classify(_ message: String, timedOut: Bool, _ location: PostgresLocation, seconds: Int)
        -> DatabaseConnectFailure
    {
        if timedOut { return .noAnswer(address: location.address, seconds: seconds) }
        if let (state, text) = serverRefusal(message) { return refusal(sqlState: state, message: text, location) }
        if message.contains("fe_sendauth: no password supplied") { return .passwordNeeded(user: location.user) }
        if message.contains("does not support SSL") { return .noTLS(address: location.address) }
        if message.contains("SSL") || message.contains("certificate") {
            let said = message.split(separator: "\n").first { $0.contains("SSL") || $0.contains("certificate") } ?? ""
            let detail = said.firstRange(of: "failed: ").map { said[$0.upperBound...] } ?? said
            return .tlsFailed(address: location.address, detail: String(detail))
        }
        if message.hasPrefix("could not translate host name"), case .tcp(let host, _) = location.endpoint {
            return .unknownHost(host)
        }
        let said = { (code: CInt) in message.contains(String(cString: strerror(code))) }
        switch location.endpoint {
        case .socket(let path) where said(ENOENT): return .noSocket(path: path)
        case _ where said(ECONNREFUSED): return .refused(address: location.address)
        case _ where said(ETIMEDOUT): return .noAnswer(address: location.address, seconds: seconds)
        default: return .other(PostgresFailure.trimmed(message))
        }
    }

    /// The SQLSTATE and message of a server's refusal in libpq's verbose text
    /// (`…failed: FATAL:  3D000: database "x" does not exist`), nil when there is none.
    static func serverRefusal(_ message: String) -> (state: String, message: String)? {
        let line = message.split(separator: "\n").first { $0.contains(":  ") } ?? ""
        guard let severity = line.firstRange(of: ":  ") else { return nil }
        let rest = line[severity.upperBound...]
        let state = rest.prefix(5)
        guard state.count == 5, state.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
            rest.dropFirst(5).hasPrefix(": ")
        else { return nil }
        return (String(state), String(rest.dropFirst(7)))
    }

    /// The server's refusal at start-up, by its SQLSTATE (class 28: authorization; 3D000: no
    /// such database).
    static func refusal(sqlState: String, message: String, _ location: PostgresLocation) -> DatabaseConnectFailure {
        switch sqlState {
        case "28P01": .wrongPassword(user: location.user, detail: message)
        case "28000" where message.contains("certificate"):
            .clientCertificateNeeded(address: location.address, detail: message)
        case "28000": .roleRefused(user: location.user, detail: message)
        case "3D000": .noDatabase(name: location.database, user: location.user)
        default: .other("\(message) (SQLSTATE \(sqlState))")
        }
    }
}

/// PostgreSQL's client library, loaded on the first connect (Sources/CLibPQ).
enum LibPQ {
    static let library = "libpq.so.5"

    /// Why libpq cannot be used, nil when it can (loaded once, on first use).
    static let missing: DatabaseConnectFailure? = problem(loading: library)

    /// Loads `library` as libpq: nil, or what is missing.
    static func problem(loading library: String) -> DatabaseConnectFailure? {
        var function = [CChar](repeating: 0, count: 64)
        switch ledger_pq_load(library, &function, function.count) {
        case 0: return nil
        case 1: return .noClient(library: library)
        default:
            return .oldClient(
                library: library, missing: function.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }
}

extension PostgresLocation {
    /// `HOST:PORT`, or `the socket 'PATH'`: where the connection went.
    var address: String {
        switch endpoint {
        case .tcp(let host, let port): "\(host):\(port)"
        case .socket(let path): "the socket '\(path)'"
        }
    }
}
