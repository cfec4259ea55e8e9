import CSQLite
import LedgerCore

/// The fast path of an import: a file whose events come in time order, none earlier than the
/// ledger's last event, is appended to the log as it is read, with no staging.
///
/// Staged, a 1M-row file is written to a scratch table, read back for the holdings check and
/// read back again to be appended: a third of the import (docs/PERFORMANCE.md). When the
/// events come in replay order already, that order is the file's, so the caller can check
/// each event as it comes and append it at once. Anything the fast path does not handle (a
/// row out of order, a duplicate, a shortfall, a refused row) throws ``Interrupted``: the
/// caller rolls its transaction back and imports the file again through staging, in a new
/// one. (A savepoint inside one transaction would have kept, in memory, the original of every
/// page of the ledger the import changed.)
///
/// Obtain one from ``SQLiteImportSession/appendingInOrder()``.
public final class InOrderAppend {
    /// Why the fast path cannot go on.
    public struct Interrupted: Error {
        public let reason: String

        public init(reason: String) {
            self.reason = reason
        }
    }

    private let database: SQLiteDatabase
    private var appender: StreamingAppender?
    /// The time of the ledger's last event: nothing the file adds may be earlier (nil for a
    /// ledger with no events).
    public let notBefore: Timestamp?

    init(database: SQLiteDatabase) throws {
        self.database = database
        notBefore = try database.scalarInt("SELECT max(occurred_at) FROM events").map(
            Timestamp.init(secondsSinceEpoch:))
        appender = try StreamingAppender(database)
    }

    /// Appends one event (written with the chunk it belongs to). Throws ``Interrupted`` when the
    /// log refuses it as a duplicate: the file holds the same row twice.
    public func append(_ event: LedgerEvent) throws {
        guard let appender else { throw Interrupted(reason: "the append was finished") }
        try Self.interruptingOnDuplicate { try appender.add(event) }
    }

    /// Writes what is queued and the receipts; returns how many events were appended.
    public func finish(receipts: [ImportReceipt]) throws -> Int {
        guard let appender else { throw Interrupted(reason: "the append was finished") }
        let added = try Self.interruptingOnDuplicate { try appender.finish() }
        try ImportReceiptSchema.insert(receipts, into: database)
        self.appender = nil
        return added
    }

    private static func interruptingOnDuplicate<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError
            where error.code & 0xFF == SQLITE_CONSTRAINT && error.message.contains("events.fingerprint")
        {
            throw Interrupted(reason: "a row appears twice")
        }
    }
}

extension SQLiteImportSession {
    /// Starts the fast path of an import (see ``InOrderAppend``).
    public func appendingInOrder() throws -> InOrderAppend {
        try InOrderAppend(database: database)
    }
}
