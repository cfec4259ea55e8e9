import LedgerCore

/// What an import needs from the shell beyond ``AppContext``: event ids, the files it reads,
/// whether to draw a progress bar, and how a refused event of the ledger is named.
///
/// The files stay the shell's (it resolves paths, and its errors name them as the user typed
/// them); an import sees them through ``ImportInputStream``, one call per chunk of 256 KiB,
/// never per row.
public struct ImportEnvironment {
    public var context: AppContext
    /// A fresh, time-ordered event id (each call reads the clock once).
    public var newEventID: () -> EventID
    /// True when stderr is a terminal: ``ImportProgress`` draws its bar.
    public var showsProgress: Bool
    /// Opens a file to read it chunk by chunk.
    public var openStream: (String) throws -> any ImportInputStream
    /// Reads a whole file (a JSON export is one document).
    public var readWhole: (String) throws -> [UInt8]
    /// True when the path names a regular file, which can be read a second time.
    public var isRegularFile: (String) -> Bool
    /// The refusal for an event of the ledger an import would leave short (as `log` names it).
    public var describeExisting: (LedgerEvent) -> String

    public init(
        context: AppContext, newEventID: @escaping () -> EventID, showsProgress: Bool,
        openStream: @escaping (String) throws -> any ImportInputStream,
        readWhole: @escaping (String) throws -> [UInt8], isRegularFile: @escaping (String) -> Bool,
        describeExisting: @escaping (LedgerEvent) -> String
    ) {
        self.context = context
        self.newEventID = newEventID
        self.showsProgress = showsProgress
        self.openStream = openStream
        self.readWhole = readWhole
        self.isRegularFile = isRegularFile
        self.describeExisting = describeExisting
    }
}

/// A file an import reads in chunks, so that memory does not grow with it.
public protocol ImportInputStream: AnyObject {
    /// The size in bytes when it was opened (0 for pipes and special files).
    var size: Int64 { get }
    /// The next chunk, or nil at the end of the file.
    func next() throws -> ArraySlice<UInt8>?
}
