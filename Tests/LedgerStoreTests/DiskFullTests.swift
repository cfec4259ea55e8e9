import Glibc
import Testing

@testable import LedgerStore

/// A full disk is said to be one: SQLite reports it as SQLITE_FULL, or, when it cannot grow
/// the `-shm` file of a ledger it only reads, as a "disk I/O error" whose errno is ENOSPC.
@Suite("A full disk")
struct DiskFullTests {
    // SQLite's result codes: SQLITE_IOERR is 10 (extended: 10 | n << 8), SQLITE_FULL 13.
    static let sentence =
        "cannot use 'books.ledger': the disk is full (no space left on the device); free some space and run the command again"

    @Test("an I/O error with ENOSPC or EDQUOT, and SQLITE_FULL, are a full disk, on open and on reading the header")
    func mapped() {
        let failures = [
            SQLiteError(code: 10 | (19 << 8), message: "disk I/O error", systemErrno: ENOSPC),
            SQLiteError(code: 10 | (3 << 8), message: "disk I/O error", systemErrno: EDQUOT),
            SQLiteError(code: 13, message: "database or disk is full"),
        ]
        for failure in failures {
            #expect(failure.isDiskFull)
            #expect(StoreError.unreadable("books.ledger", failure).description == Self.sentence)
            #expect(StoreError.opening("books.ledger", failure).description == Self.sentence)
            #expect(
                StoreError.sqlite(failure).description
                    == "the ledger database failed: the disk is full (no space left on the device); free some space and run the command again"
            )
        }
    }

    @Test("any other I/O error still says the file cannot be read")
    func otherErrors() {
        let failure = SQLiteError(code: 10 | (1 << 8), message: "disk I/O error", systemErrno: EIO)
        #expect(!failure.isDiskFull)
        #expect(
            StoreError.unreadable("books.ledger", failure).description
                == "'books.ledger' is not a ledger (SQLite cannot read it: disk I/O error); pass --ledger with a ledger file, or a new path to create one"
        )
    }
}
