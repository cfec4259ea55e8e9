import CSQLite
import Glibc

/// Opening a ledger that cannot be written: a file without write permission, in a directory
/// without it, or on a read-only mount.
extension LedgerFile {
    /// True when the file and its directory (where SQLite makes its -wal and -shm files) can
    /// be written. On a read-only mount this is false even for root.
    static func isWritable(_ path: String) -> Bool {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return access(path, W_OK) == 0 && access(directory.isEmpty ? "/" : directory, W_OK) == 0
    }

    /// What is at `path`, or nil when it cannot be told.
    static func inspectQuietly(_ path: String) -> Existing? {
        try? inspect(path)
    }

    /// Opens the ledger for reading only. A ledger in WAL mode needs its -shm file, which a
    /// read-only directory cannot hold: then it is opened as immutable (SQLite takes no locks
    /// and reads no WAL, right for a read-only mount, where nothing can change it).
    static func openReadOnly(_ path: String) throws(StoreError) -> SQLiteDatabase {
        let database: SQLiteDatabase
        do {
            let plain = try SQLiteDatabase(path: uri(path, immutable: false), create: false, readOnly: true)
            if (try? plain.scalarInt("PRAGMA application_id")) != nil {
                database = plain
            } else {
                database = try SQLiteDatabase(path: uri(path, immutable: true), create: false, readOnly: true)
            }
        } catch {
            throw .cannotOpen(path: path, detail: error.message)
        }
        do {
            database.setBusyTimeout(milliseconds: 15_000)
            try checkIdentity(database, path: path)
            try database.execute("PRAGMA cache_size=-\(LedgerFile.cacheKiB)")
            let version = try database.scalarInt("PRAGMA user_version") ?? 0
            guard version == Int64(Schema.currentVersion) else {
                throw StoreError.cannotOpen(
                    path: path,
                    detail:
                        "it was written by an older version of ledger and is read-only, so it cannot be brought up to date; open it once where it can be written"
                )
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw .sqlite(error)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
        return database
    }

    /// `path` as an SQLite URI (`%`, `?` and `#` escaped).
    static func uri(_ path: String, immutable: Bool) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + (immutable ? "?immutable=1" : "?mode=ro")
    }
}
