import Glibc

/// The server's data directory holds the accounts and every user's books, so only its owner
/// may enter it. A directory that is missing is made 0700 (with the accounts database); one
/// that exists with any permission for the group or others (a `mkdir` with the usual umask
/// gives 0755) is tightened to 0700 at start, or, when that fails, the server refuses to start.
public enum DataDirectory {
    public static func makePrivate(_ path: String) throws(DataDirectoryError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .unreadable(path: path, detail: String(cString: strerror(errno)))
        }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else { throw .notADirectory(path: path) }
        let mode = status.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return }
        guard chmod(path, mode & 0o700) == 0 else {
            throw .cannotTighten(path: path, mode: mode, detail: String(cString: strerror(errno)))
        }
    }
}

public enum DataDirectoryError: UserFacingError, Equatable {
    case notADirectory(path: String)
    case unreadable(path: String, detail: String)
    case cannotTighten(path: String, mode: mode_t, detail: String)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case .notADirectory(let path):
            "the data directory '\(path)' is not a directory; give --data-dir a directory"
        case .unreadable(let path, let detail):
            "cannot read the data directory '\(path)' (\(detail))"
        case .cannotTighten(let path, let mode, let detail):
            "the data directory '\(path)' is open to others (mode \(String(mode, radix: 8))) and could not be made 0700 (\(detail)); run 'chmod 700 \(path)' as its owner"
        }
    }
}
