import LedgerInterchange

/// Why the store could not do what was asked. `description` is the user-facing sentence.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case noLedger(path: String)
    case isDirectory(path: String)
    case notALedger(path: String, detail: String)
    /// The disk (or the quota) is full: SQLite could not grow the database or a side file.
    case diskFull(path: String)
    /// The server's accounts file (`DATA/accounts.sqlite`) is some other SQLite file.
    case notAnAccountsDatabase(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case cannotOpen(path: String, detail: String)
    /// A database server (`ledger serve --database URL`, the URL without its password) could
    /// not be reached or refused us.
    case cannotConnect(url: String, DatabaseConnectFailure)
    case busy(path: String)
    /// Every connection a server may hold to its database (``connections``) stayed in use for
    /// the connect bound.
    case poolFull(url: String, connections: Int, seconds: Int)
    case readOnly(path: String)
    case anchorMismatch(path: String, AnchorMismatch)
    case anchorUnwritable(file: String)
    /// The hash chain from the last verified point does not match (an event edited).
    case chainBroken(path: String, ChainBreak)
    case eventNotFound(reference: String)
    case corruptRecord(String)
    /// An event to append whose record the ledger could not read back
    /// (``EventRecordV1/readsBack(_:)``): nothing is written.
    case unreadableDraft(EventRecordError)
    case sqlite(SQLiteError)
    /// A failure of a database server (the PostgreSQL store): its message and SQLSTATE.
    case database(String)

    public var description: String {
        switch self {
        case .noLedger(let path):
            "no ledger at '\(path)'; create one with 'ledger init' or 'ledger add …', or pass --ledger PATH"
        case .isDirectory(let path):
            "'\(path)' is a directory; pass --ledger with a file path such as '\(path)/books.ledger'"
        case .notALedger(let path, let detail):
            "'\(path)' is not a ledger (\(detail)); pass --ledger with a ledger file, or a new path to create one"
        case .diskFull(let path):
            "cannot use '\(path)': the disk is full (no space left on the device); free some space and run the command again"
        case .notAnAccountsDatabase(let path):
            "'\(path)' is not the accounts database of a ledger server; pass --data-dir with the server's own directory"
        case .newerSchema(let path, let found, let supported):
            "'\(path)' was written by a newer version of ledger (schema \(found); this version reads up to \(supported)); upgrade ledger to open it"
        case .cannotOpen(let path, let detail):
            "cannot open '\(path)': \(detail)"
        case .cannotConnect(let url, let failure):
            "cannot connect to PostgreSQL at '\(url)': \(failure)"
        case .busy(let path):
            "'\(path)' stayed locked by another ledger process; try again"
        case .poolFull(let url, let connections, let seconds):
            "all \(connections) connections of this server to PostgreSQL at '\(url)' stayed in use for \(seconds) s; try again in a moment (docs/SERVER.md, \"Storage\")"
        case .readOnly(let path):
            "'\(path)' is read-only (the file or its directory cannot be written); log, portfolio, gains, allocation, verify, export and report read it, but nothing can be recorded in it"
        case .anchorMismatch(let path, let mismatch):
            "'\(path)' is not as ledger last left it: \(mismatch); run 'ledger verify' (docs/EVENTS.md, \"Threat model\")"
        case .anchorUnwritable(let file):
            "cannot update '\(file)', where ledger records how the ledger ends; nothing was recorded; make its directory writable"
        case .chainBroken(let path, let broken):
            "\(Self.failsVerification(path, broken)); nothing was written; run 'ledger verify' (docs/EVENTS.md, \"Threat model\")"
        case .eventNotFound(let reference):
            "no event '\(reference)'; 'ledger log' lists events with their numbers"
        case .corruptRecord(let detail):
            "the ledger holds an unreadable event: \(detail); run 'ledger verify'"
        case .unreadableDraft(let error):
            "cannot record event #\(error.sequence): field '\(error.field)' \(error.problem), which the ledger could not read back; nothing was written; this is a defect in ledger (its checks of what you typed or imported let it through), please report it with the command or the file"
        case .sqlite(let error) where error.isDiskFull:
            "the ledger database failed: the disk is full (no space left on the device); free some space and run the command again"
        case .sqlite(let error):
            "the ledger database failed: \(error.message)"
        case .database(let detail):
            "the ledger database failed: \(detail)"
        }
    }
}

extension StoreError {
    /// `'PATH' fails verification at event #2 (REASON)`: the start of the error a write or an
    /// export gives, and of the warning a report prints.
    public static func failsVerification(_ path: String, _ broken: ChainBreak) -> String {
        "'\(path)' fails verification at event #\(broken.sequence) (\(broken.reason))"
    }

    /// What a failure while opening and migrating a database file becomes: a store error as
    /// it is, SQLite's busy or other error, or anything else as "cannot open".
    static func opening(_ path: String, _ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError: error
        case let error as SQLiteError:
            error.isBusy ? .busy(path: path) : error.isDiskFull ? .diskFull(path: path) : .sqlite(error)
        default: .cannotOpen(path: path, detail: "\(error)")
        }
    }

    /// What an SQLite failure while reading a file's identity means: a full disk (reading a
    /// ledger in WAL mode grows its `-shm` file) or a file that is not a ledger.
    /// What a file SQLite could not read is: a full disk, or not a ledger (said as SQLite's
    /// header tells, ``LedgerFile/unreadableDetail(_:sqliteMessage:)``).
    static func unreadable(_ path: String, _ error: SQLiteError) -> StoreError {
        error.isDiskFull
            ? .diskFull(path: path)
            : .notALedger(path: path, detail: LedgerFile.unreadableDetail(path, sqliteMessage: error.message))
    }
}
