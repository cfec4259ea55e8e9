#if PostgreSQL
import Glibc
import LedgerStore
import NIOCore
import NIOPosix
import PostgresNIO

/// What a failed connect to PostgreSQL was, for the one sentence `ledger serve --database`
/// prints (``DatabaseConnectFailure``): the server's refusal by its SQLSTATE, else the network
/// layer's error under postgres-nio's `connectionError` (an errno, a DNS failure, the bound).
enum PostgresConnectFailure {
    static func classify(_ error: any Error, _ location: PostgresLocation, seconds: Int) -> DatabaseConnectFailure {
        switch error {
        case let error as PSQLError:
            if error.code == .authMechanismRequiresPassword { return .passwordNeeded(user: location.user) }
            if let info = error.serverInfo, let message = info[.message] {
                return refusal(sqlState: info[.sqlState] ?? "", message: message, location)
            }
            if let underlying = error.underlying { return classify(underlying, location, seconds: seconds) }
            return .other("\(error.code)")
        case ChannelError.connectTimeout:
            return .noAnswer(address: location.address, seconds: seconds)
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return classify(first.error, location, seconds: seconds) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return .unknownHost(error.host) }
            return .other("\(error)")
        case let error as IOError:
            return failure(errno: error.errnoCode, location, seconds: seconds)
        default:
            return .other("\(error)")
        }
    }

    /// The server's refusal at start-up, by its SQLSTATE (class 28: authorization; 3D000: no
    /// such database).
    static func refusal(sqlState: String, message: String, _ location: PostgresLocation) -> DatabaseConnectFailure {
        switch sqlState {
        case "28P01": .wrongPassword(user: location.user, detail: message)
        case "28000": .roleRefused(user: location.user, detail: message)
        case "3D000": .noDatabase(name: location.database, user: location.user)
        default: .other("\(message) (SQLSTATE \(sqlState))")
        }
    }

    private static func failure(errno code: CInt, _ location: PostgresLocation, seconds: Int)
        -> DatabaseConnectFailure
    {
        switch (code, location.endpoint) {
        case (ENOENT, .socket(let path)): .noSocket(path: path)
        case (ECONNREFUSED, _): .refused(address: location.address)
        case (ETIMEDOUT, _): .noAnswer(address: location.address, seconds: seconds)
        default: .other("\(location.address): \(String(cString: strerror(code)))")
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
#endif
