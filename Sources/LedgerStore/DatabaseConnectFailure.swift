/// Why a database server (PostgreSQL, `ledger serve --database`) could not be reached or would
/// not let us in, each with what to do about it: the reason part of
/// ``StoreError/cannotConnect(url:_:)``.
public enum DatabaseConnectFailure: Sendable, Equatable, CustomStringConvertible {
    /// The Unix socket file is not there: no server runs with that socket directory.
    case noSocket(path: String)
    /// Nothing listens at the address (`HOST:PORT`, or `the socket 'PATH'`).
    case refused(address: String)
    /// The address took the connection but no answer came within the connect bound.
    case noAnswer(address: String, seconds: Int)
    case unknownHost(String)
    /// The server refused the role itself (no such role, or pg_hba.conf has no line for it).
    case roleRefused(user: String, detail: String)
    case wrongPassword(user: String, detail: String)
    /// The server asks for a password and none was given.
    case passwordNeeded(user: String)
    case noDatabase(name: String, user: String)
    /// The URL asks for TLS (`sslmode`) and the server does not offer it.
    case noTLS(address: String)
    /// The TLS handshake failed: most often the server's certificate is not signed by the
    /// `sslrootcert` given, or does not name the host.
    case tlsFailed(address: String, detail: String)
    /// The server asks for a client certificate (`clientcert=` in its pg_hba.conf) and none,
    /// or not one it takes for this role, was given.
    case clientCertificateNeeded(address: String, detail: String)
    /// PostgreSQL's client library (libpq) is not installed: `ledger-serve` loads it when a
    /// database is given, and needs nothing of it otherwise.
    case noClient(library: String)
    /// The client library lacks a function the store calls (older than PostgreSQL 10's).
    case oldClient(library: String, missing: String)
    /// Anything else, as the server or the network layer said it.
    case other(String)

    public var description: String {
        switch self {
        case .noSocket(let path):
            "there is no socket '\(path)' (no server runs there); start PostgreSQL, or give ?host= the directory that holds its socket (often /run/postgresql)"
        case .refused(let address):
            "\(address) refused the connection (no server listens there); start PostgreSQL, or correct the host and port in that URL"
        case .noAnswer(let address, let seconds):
            "no answer from \(address) within \(seconds) s; check the host and port, and that no firewall drops the connection"
        case .unknownHost(let host):
            "the host '\(host)' is not known; correct the host in that URL"
        case .roleRefused(let user, let detail):
            "the server refused the user '\(user)' (\(detail)); create the role as PostgreSQL's superuser ('createuser \(user)'), or allow it in pg_hba.conf"
        case .wrongPassword(let user, let detail):
            "\(detail); give the password of '\(user)' in a file of mode 600 named by --database-password-file or LGR_DATABASE_PASSWORD_FILE, or in LGR_DATABASE_PASSWORD"
        case .passwordNeeded(let user):
            "the server asks for the password of '\(user)' and none was given; put it in a file of mode 600 named by --database-password-file or LGR_DATABASE_PASSWORD_FILE, or in LGR_DATABASE_PASSWORD"
        case .noDatabase(let name, let user):
            "there is no database '\(name)'; create it as PostgreSQL's superuser: createdb -O \(user) \(name)"
        case .noTLS(let address):
            "\(address) does not offer TLS and the URL asks for it (sslmode); turn on ssl in the server's postgresql.conf, or leave sslmode out of the URL"
        case .tlsFailed(let address, let detail):
            "TLS to \(address) failed (\(detail)); give ?sslrootcert= the certificate of the authority that signed the server's, and name the host as that certificate does"
        case .clientCertificateNeeded(let address, let detail):
            "\(address) asks for a client certificate (\(detail)); give the URL ?sslcert=/PATH&sslkey=/PATH: a certificate signed by the authority of the server's ssl_ca_file, with the role's name as its common name"
        case .noClient(let library):
            "PostgreSQL's client library \(library) is not installed; install it (apt-get install libpq5, or your system's libpq package) and start again"
        case .oldClient(let library, let missing):
            "PostgreSQL's client library \(library) has no \(missing) (older than PostgreSQL 10); install a current one (apt-get install libpq5)"
        case .other(let detail):
            detail
        }
    }
}
