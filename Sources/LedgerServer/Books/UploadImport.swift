import Glibc
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// An uploaded file imported the way `ledger import FILE` imports it: the layout told apart
/// as `--format auto` does (``ImportFormatGuess``), an exchange CSV through ``ExchangeImport``
/// and our own JSONL/JSON export through ``EventFileImport``, in one transaction, all or
/// nothing, idempotent; into the user's ledger file or their books in the server's database
/// (``UserBooks/importing(dryRun:_:)``). The upload, kept on disk at `path` (never whole in
/// memory), is handed to the import as the file `name` (the name the messages show,
/// `name:LINE: …`).
struct UploadImport {
    let books: UserBooks
    let name: String
    let path: String
    var account: String?
    var skipInvalid = false
    var allowZeroBasis = false

    /// What one import gave: per file (an exchange CSV) or the counts of an event file.
    enum Outcome {
        case exchange([ImportTally])
        case events(added: Int, present: Int, format: String)
    }

    /// The layout, as `--format auto` resolves it: `json`, `jsonl`, or `auto` (the presets).
    func format() throws -> String {
        if let byName = ImportFormatGuess.byName(name) { return byName }
        let stream = try UploadStream(path: path)
        return ImportFormatGuess.byContent(try stream.next() ?? [])
    }

    /// Imports for real, then posts the one trade an import of a single event added (a
    /// bulk import posts nothing).
    func commit() throws -> Outcome {
        let outcome = try run(dryRun: false)
        let added =
            switch outcome {
            case .exchange(let tallies): tallies.reduce(0) { $0 + $1.added }
            case .events(let count, _, _): count
            }
        // The one event added is the last in the log (the newest by number, whatever its date).
        if added == 1, let last = try books.readingBooks({ try $0?.eventCount() }),
            let event = try BooksService(books: books).event(String(last))
        {
            books.state.postTrades(books.user.name, [event])
        }
        return outcome
    }

    func run(dryRun: Bool) throws -> Outcome {
        let environment = importEnvironment()
        let format = try format()
        if format == "json" || format == "jsonl" {
            let service = EventFileImport(file: name, json: format == "json", dryRun: dryRun, environment: environment)
            var counts = (added: 0, present: 0)
            try books.importing(dryRun: dryRun) { ledger in
                let result = try service.run(into: ledger)
                counts = (result.added, result.present)
            }
            return .events(added: counts.added, present: counts.present, format: format)
        }
        var request = ImportRequest(files: [name], format: format, account: account)
        (request.dryRun, request.skipInvalid, request.allowZeroBasis) = (dryRun, skipInvalid, allowZeroBasis)
        let service = ExchangeImport(request: request, environment: environment)
        var tallies: [ImportTally] = []
        try books.importing(dryRun: dryRun) { tallies = try service.run(into: $0) }
        return .exchange(tallies)
    }

    /// The import's view of the upload: one file, `name`, read from `path` in chunks.
    private func importEnvironment() -> ImportEnvironment {
        let context = books.app
        let (name, path) = (name, path)
        return ImportEnvironment(
            context: context, newEventID: context.newEventID, showsProgress: false,
            openStream: { file in
                guard file == name else { throw UploadError.notTheUpload }
                return try UploadStream(path: path)
            },
            readWhole: { file in
                guard file == name else { throw UploadError.notTheUpload }
                return try UploadStream(path: path).readAll()
            },
            isRegularFile: { $0 == name }, describeExisting: EventSummary.importWouldLeaveShort)
    }

    /// The name the messages show: the last component of what the browser sent, without
    /// control characters, `upload.csv` when there is none.
    static func displayName(_ sent: String?) -> String {
        let last = (sent ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(last.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 }.map(Character.init))
        return clean.isEmpty ? "upload.csv" : String(clean.prefix(200))
    }
}

/// The upload on disk as the import reads a file: 256 KiB at a time.
final class UploadStream: ImportInputStream {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    let size: Int64

    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw UploadError.unknownUpload }
        var info = stat()
        size = fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    deinit { close(descriptor) }

    func next() throws -> ArraySlice<UInt8>? {
        let capacity = buffer.count
        let count = read(descriptor, &buffer, capacity)
        guard count >= 0 else { throw UploadError.cannotKeep(String(cString: strerror(errno))) }
        return count == 0 ? nil : buffer[0..<count]
    }

    func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try next() { bytes += chunk }
        return bytes
    }
}

/// An upload kept between its dry run and its commit: a 0600 file in the user's directory,
/// named by the SHA-256 of its bytes (``UploadFile/keep()``), so the commit imports exactly
/// what the dry run showed.
struct KeptUpload {
    let directory: String
    let digest: String

    init(directory: String, digest: String) throws {
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { throw UploadError.unknownUpload }
        self.directory = directory
        self.digest = digest
    }

    var path: String { directory + "/" + digest + ".upload" }

    /// How long an upload is kept for its commit.
    static let keptSeconds = 86_400

    /// Removes the uploads of `directory` whose dry run was never committed within
    /// ``keptSeconds`` (and what a killed upload left half written).
    static func sweep(_ directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let oldest = time(nil) - keptSeconds
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".upload") || name.hasSuffix(".partial") else { continue }
            var info = stat()
            let path = directory + "/" + name
            if lstat(path, &info) == 0, info.st_mtim.tv_sec < oldest { unlink(path) }
        }
    }

    func discard() { unlink(path) }
}

/// Why an upload could not be imported (beyond what the import itself refuses).
enum UploadError: UserFacingError, Equatable {
    case notTheUpload
    case unknownUpload
    case cannotKeep(String)
    case tooLarge(Int)

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case .notTheUpload: "an import may read only the uploaded file"
        case .unknownUpload: "this upload is no longer kept (imported already?); upload the file again"
        case .cannotKeep(let reason): "cannot keep the upload: \(reason)"
        case .tooLarge(let limit):
            "the upload is larger than "
                + (limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes")
                + "; split the export by date and import each part"
        }
    }
}
