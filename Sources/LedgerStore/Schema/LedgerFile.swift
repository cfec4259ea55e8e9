import CSQLite
import Glibc

/// Opening a ledger file safely: refuse directories, non-SQLite files, SQLite files that are not
/// ledgers and ledgers from a newer schema before anything is written.
enum LedgerFile {
    static let sqliteHeader = Array("SQLite format 3\0".utf8)
    /// The page cache of every connection (``prepare(_:path:isNew:)`` says why so large), and
    /// the one a snapshot's save runs with (``SQLiteDatabase/withPageCache(kibibytes:_:)``).
    static let cacheKiB = 65_536
    static let writeCacheKiB = 2_048

    /// What is at the path before it is opened.
    enum Existing {
        case missing
        case emptyFile
        /// A regular file with something in it; whether SQLite can read it is SQLite's to say
        /// (``checkIdentity(_:path:)``).
        case existingFile
    }

    /// What is at `path`, told by `stat` alone. The file is never opened here: a process that
    /// closes any descriptor of a database file loses every POSIX lock it holds on it, so a
    /// server whose connections lost theirs would let another process delete the WAL under
    /// them (SQLite's "How To Corrupt", 2.2.1). Only SQLite opens a ledger.
    static func inspect(_ path: String) throws(StoreError) -> Existing {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notALedger(path: path, detail: "not a regular file") }
        return info.st_size == 0 ? .emptyFile : .existingFile
    }

    /// Why SQLite could not read a file: "it is not an SQLite database" when its first bytes
    /// are not SQLite's header, else SQLite's own message. Called only after SQLite failed to
    /// read the file, so no connection of this process holds a lock on it that reading it
    /// here could release.
    static func unreadableDetail(_ path: String, sqliteMessage: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "SQLite cannot read it: \(sqliteMessage)" }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        let read = pread(descriptor, &header, 16, 0)
        guard read == 16, header == sqliteHeader else { return "it is not an SQLite database" }
        return "SQLite cannot read it: \(sqliteMessage)"
    }

    /// Creates an empty file at `path`, readable and writable by the owner only (SQLite would
    /// create it 0644; its journal, WAL and shared-memory files take the database's mode). Not
    /// through a symlink, and not over a file someone else created first (which is then
    /// opened and checked like any other).
    static func createPrivateFile(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
    }

    /// Creates the directories leading to `path` (like `mkdir -p` of its parent), private to
    /// the owner (0700) like the ledger in them.
    static func createParentDirectories(of path: String) throws(StoreError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var current = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw .cannotOpen(path: path, detail: "cannot create directory '\(current)'")
            }
        }
    }

    /// Checks the identity and version of an open ledger, then applies pending migrations.
    static func prepare(_ database: SQLiteDatabase, path: String, isNew: Bool) throws(StoreError) {
        do {
            database.setBusyTimeout(milliseconds: 15_000)
            if !isNew { try checkIdentity(database, path: path) }
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
            // An INSERT OR REPLACE deletes the row it conflicts with; only with recursive
            // triggers does that deletion meet the append-only DELETE triggers (otherwise a
            // REPLACE of the last seq, or on an id or fingerprint, would rewrite an event).
            try database.execute("PRAGMA recursive_triggers=ON")
            // A 64 MiB page cache: reading the columns through the (occurred_at, seq) index
            // (verify, export, a ledger without replay rows) does one row lookup per entry,
            // 5x faster than with the default 2 MiB. No memory map: since the replay reads
            // its packed rows, a map is no faster (1M events: cold portfolio 0.55 s either
            // way, verify 10.7 vs 11.0 s), and the pages it faults in around each row counted
            // in the process's memory (466 MB against 123 MB; docs/PERFORMANCE.md). Reading a
            // snapshot is the exception: it maps for that read only (validSnapshot).
            try database.execute("PRAGMA cache_size=-\(cacheKiB)")
            try migrate(database, path: path)
        } catch {
            throw StoreError.opening(path, error)
        }
    }

    static func checkIdentity(_ database: SQLiteDatabase, path: String) throws {
        let applicationID: Int64?
        do {
            applicationID = try database.scalarInt("PRAGMA application_id")
        } catch {
            throw StoreError.unreadable(path, error)
        }
        if applicationID == 0, try isBeingCreated(database) { return }
        guard applicationID == Schema.applicationID else {
            throw StoreError.notALedger(path: path, detail: "an SQLite database of another program")
        }
        let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
        if version > Schema.currentVersion {
            throw StoreError.newerSchema(path: path, found: version, supported: Schema.currentVersion)
        }
    }

    /// True for a file another process has just created and not yet marked: it holds nothing
    /// but (at most) the migrations table.
    private static func isBeingCreated(_ database: SQLiteDatabase) throws -> Bool {
        let others = try database.scalarInt(
            "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'schema_migrations%'")
        return others == 0
    }

    /// Applies the migrations not yet recorded, each in its own immediate transaction so that
    /// two processes opening a new ledger at once apply each exactly once. A ledger takes
    /// ``Schema``'s list; another kind of file (the server's accounts) gives its own list and
    /// `PRAGMA application_id`.
    static func migrate(
        _ database: SQLiteDatabase, path: String, migrations: [Migration] = Schema.migrations,
        applicationID: Int64 = Schema.applicationID
    ) throws {
        // The common case, an up-to-date ledger, costs one read and takes no lock.
        if try database.scalarInt("PRAGMA user_version") == Int64(migrations.count),
            try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'") == 1
        {
            return
        }
        try database.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT")
        for (index, migration) in migrations.enumerated() {
            try database.immediateTransaction {
                let applied = try database.scalarInt(
                    "SELECT 1 FROM schema_migrations WHERE name = ?", [.text(migration.name)])
                guard applied == nil else { return }
                try database.execute(migration.sql)
                try migration.fill?(database)
                try database.prepare(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%s','now'))"
                )
                .run([.text(migration.name)])
                try database.execute(
                    "PRAGMA user_version = \(index + 1); PRAGMA application_id = \(applicationID)")
            }
        }
        // A migration applied out of order (an older ledger catching up) leaves user_version
        // behind; once every migration is recorded it says so, so the fast path above applies.
        if try database.scalarInt("PRAGMA user_version") != Int64(migrations.count),
            try database.scalarInt("SELECT count(*) FROM schema_migrations") == Int64(migrations.count)
        {
            try database.execute("PRAGMA user_version = \(migrations.count)")
        }
        try refuseNewer(database, path: path, migrations: migrations)
    }

    /// Throws when the file records a migration this version does not know (a newer `ledger`
    /// wrote it).
    private static func refuseNewer(_ database: SQLiteDatabase, path: String, migrations: [Migration]) throws {
        let known = Set(migrations.map(\.name))
        let statement = try database.prepare("SELECT name FROM schema_migrations")
        defer { statement.reset() }
        while try statement.step() {
            if let name = statement.text(0), !known.contains(name) {
                throw StoreError.newerSchema(
                    path: path, found: Int(try database.scalarInt("PRAGMA user_version") ?? 0),
                    supported: migrations.count)
            }
        }
    }
}
