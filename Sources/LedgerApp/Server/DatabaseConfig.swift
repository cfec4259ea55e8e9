import Glibc
import LedgerInterchange

/// Where the commands that take a database (`ledger serve --database`, `ledger user
/// --database`, `ledger serve migrate --to`) find it and its password, the option first, then
/// the environment, then the config file (as the market-data settings, docs/MARKET-DATA.md):
///
/// - the URL: the option, else `LGR_DATABASE_URL`, else the config file's `"database"`;
/// - the password, never on the command line nor in the config file: the file the option
///   `--database-password-file` names, else the one in `LGR_DATABASE_URL`'s URL, else
///   `LGR_DATABASE_PASSWORD`, else the file `LGR_DATABASE_PASSWORD_FILE` names, else
///   `PGPASSWORD` (libpq's), else the file the config file's `"database_password_file"`
///   names. A password file is refused when its group or others may read it, as ssh refuses
///   such a key; its first line is the password;
/// - the most connections a server opens: `--database-connections`, else the config file's
///   `"database_connections"`, else 32.
public enum DatabaseConfig {
    /// The database, nil when none is named anywhere. `flag` names the option in refusals.
    public static func url(
        option: String?, flag: String = "--database", passwordFile: String?, connections: String? = nil,
        variables: [String: String], configFile: (path: String, text: String?)
    ) throws -> DatabaseURL? {
        let file = try FileKeys(configFile)
        let cap = try connections.map { try count($0, naming: "--database-connections") }
        var url: DatabaseURL
        if let option {
            url = try parse(option, passwordAllowed: false, naming: flag)
        } else if let text = variables["LGR_DATABASE_URL"], !text.isEmpty {
            url = try parse(text, passwordAllowed: true, naming: "LGR_DATABASE_URL")
        } else if let text = file.database {
            do {
                url = try parse(text, passwordAllowed: false, naming: "the config file's \"database\"")
            } catch DatabaseURLError.option(_, .passwordOnCommandLine) {
                throw DatabaseConfigError.passwordInConfigFile(path: configFile.path)
            }
        } else {
            return nil
        }
        if let passwordFile {
            url.password = try PasswordFile.read(passwordFile)
        } else if url.password == nil {
            url.password = try password(variables, configured: file.passwordFile)
        }
        url.connections =
            try cap ?? file.connections.map { try count($0, naming: "the config file's \"database_connections\"") }
            ?? DatabaseURL.defaultConnections
        return url
    }

    /// A number of connections in ``DatabaseURL/connectionRange``.
    private static func count(_ text: String, naming: String) throws(DatabaseConfigError) -> Int {
        guard let number = Int(text), DatabaseURL.connectionRange.contains(number) else {
            throw .notAConnectionCount(text, naming: naming)
        }
        return number
    }

    private static func parse(_ text: String, passwordAllowed: Bool, naming: String) throws -> DatabaseURL {
        do {
            return try DatabaseURL(text, passwordAllowed: passwordAllowed)
        } catch {
            throw naming == "--database" ? error : DatabaseURLError.option(naming, error)
        }
    }

    /// The password from the environment, else from the config file's password file.
    private static func password(_ variables: [String: String], configured: String?) throws -> String? {
        if let password = variables["LGR_DATABASE_PASSWORD"] { return password }
        if let path = variables["LGR_DATABASE_PASSWORD_FILE"], !path.isEmpty { return try PasswordFile.read(path) }
        if let password = variables["PGPASSWORD"] { return password }
        return try configured.map(PasswordFile.read)
    }

    /// The config file's `"database"` and `"database_password_file"`, each a string when given,
    /// and `"database_connections"` (a number, its text here).
    struct FileKeys {
        var database: String?
        var passwordFile: String?
        var connections: String?

        init(_ configFile: (path: String, text: String?)) throws {
            guard let text = configFile.text else { return }
            let json: JSONValue
            do {
                json = try JSONReader.parse(Array(text.utf8))
            } catch {
                throw DatabaseConfigError.configNotJSON(path: configFile.path, reason: error.reason)
            }
            database = try Self.string(json, "database", configFile.path)
            passwordFile = try Self.string(json, "database_password_file", configFile.path)
            connections = json["database_connections"].map { value in
                if case .number(let text) = value { text } else { value.stringValue ?? "\(value)" }
            }
        }

        private static func string(_ json: JSONValue, _ key: String, _ path: String) throws -> String? {
            guard let value = json[key] else { return nil }
            guard let text = value.stringValue else { throw DatabaseConfigError.configNotAString(path: path, key: key) }
            return text.isEmpty ? nil : text
        }
    }
}

/// A file holding the database's password on its first line, readable by its owner only.
enum PasswordFile {
    static func read(_ path: String) throws(DatabaseConfigError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .passwordFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .passwordFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & 0o077 == 0 else {
            throw .passwordFileOpenToOthers(path: path, mode: String(info.st_mode & 0o777, radix: 8))
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw .passwordFileUnreadable(path: path, reason: String(cString: strerror(errno))) }
        let line = bytes[..<count].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let password = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        guard !password.isEmpty else { throw .passwordFileEmpty(path: path) }
        return password
    }
}

/// A database setting of the config file, or a password file, that cannot be used; each says
/// what to do instead, and none shows a password.
public enum DatabaseConfigError: UserFacingError, Equatable {
    case passwordInConfigFile(path: String)
    case configNotJSON(path: String, reason: String)
    case configNotAString(path: String, key: String)
    case passwordFileUnreadable(path: String, reason: String)
    case passwordFileOpenToOthers(path: String, mode: String)
    case passwordFileEmpty(path: String)
    case notAConnectionCount(String, naming: String)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .passwordInConfigFile(let path):
            "the config file's \"database\" (\(path)) must not hold a password; put it in a file of mode 600 "
                + "and name that file in \"database_password_file\""
        case .configNotJSON(let path, let reason):
            "the config file \(path) is not valid JSON (\(reason)), so its \"database\" cannot be read; fix the file"
        case .configNotAString(let path, let key):
            "the config file's \"\(key)\" (\(path)) is not a string; write it as \"\(key)\": \"...\" or leave it out"
        case .passwordFileUnreadable(let path, let reason):
            "the database password file '\(path)' cannot be read (\(reason)); write the password on its first "
                + "line and make it readable by the server's user only (chmod 600)"
        case .passwordFileOpenToOthers(let path, let mode):
            "the database password file '\(path)' may be read by others (mode \(mode)); run 'chmod 600 \(path)'"
        case .passwordFileEmpty(let path):
            "the database password file '\(path)' holds no password; write it on the file's first line"
        case .notAConnectionCount(let text, let naming):
            "\(naming) '\(text)' is not a number of connections; use a whole number from "
                + "\(DatabaseURL.connectionRange.lowerBound) to \(DatabaseURL.connectionRange.upperBound), "
                + "e.g. \(DatabaseURL.defaultConnections) (the default), within the server's max_connections"
        }
    }
}
