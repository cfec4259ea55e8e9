/// The files SQLite may create beside a database, named after it (`books.ledger-wal`, …):
/// whoever removes or renames a database file it built must treat these with it.
public enum SQLiteCompanionFiles {
    public static let suffixes = ["-journal", "-wal", "-shm"]
}
