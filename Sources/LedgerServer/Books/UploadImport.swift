import Glibc
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// An uploaded file imported the way `ledger import FILE` imports it: the layout told apart
/// as `--format auto` does (``ImportFormatGuess``), an exchange CSV through ``ExchangeImport``
/// and our own JSONL/JSON export through ``EventFileImport``, in one transaction, all or
/// nothing, idempotent. The bytes are handed to the import as the file `name` (the name the
/// messages show, `name:LINE: …`).
struct UploadImport {
    let books: UserBooks
    let name: String
    let bytes: [UInt8]
    var account: String?
    var skipInvalid = false
    var allowZeroBasis = false

    /// What one import gave: per file (an exchange CSV) or the counts of an event file.
    enum Outcome {
        case exchange([ImportTally])
        case events(added: Int, present: Int, format: String)
    }

    /// The layout, as `--format auto` resolves it: `json`, `jsonl`, or `auto` (the presets).
    var format: String { ImportFormatGuess.byName(name) ?? ImportFormatGuess.byContent(bytes.prefix(4096)) }

    func run(dryRun: Bool) throws -> Outcome {
        let environment = importEnvironment()
        let format = format
        if format == "json" || format == "jsonl" {
            let service = EventFileImport(file: name, json: format == "json", dryRun: dryRun, environment: environment)
            var counts = (added: 0, present: 0)
            try books.opener.importing(dryRun: dryRun) { ledger in
                let result = try service.run(into: ledger)
                counts = (result.added, result.present)
            }
            return .events(added: counts.added, present: counts.present, format: format)
        }
        var request = ImportRequest(files: [name], format: format, account: account)
        (request.dryRun, request.skipInvalid, request.allowZeroBasis) = (dryRun, skipInvalid, allowZeroBasis)
        let service = ExchangeImport(request: request, environment: environment)
        var tallies: [ImportTally] = []
        try books.opener.importing(dryRun: dryRun) { tallies = try service.run(into: $0) }
        return .exchange(tallies)
    }

    /// The import's view of the upload: one file, `name`, read from memory in chunks.
    private func importEnvironment() -> ImportEnvironment {
        let context = books.app
        let (name, bytes) = (name, bytes)
        return ImportEnvironment(
            context: context, newEventID: context.newEventID, showsProgress: false,
            openStream: { file in
                guard file == name else { throw UploadError.notTheUpload }
                return UploadStream(bytes)
            },
            readWhole: { file in
                guard file == name else { throw UploadError.notTheUpload }
                return bytes
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

/// The uploaded bytes as the import reads a file: 256 KiB at a time.
final class UploadStream: ImportInputStream {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var size: Int64 { Int64(bytes.count) }

    func next() throws -> ArraySlice<UInt8>? {
        guard offset < bytes.count else { return nil }
        let end = min(offset + 256 * 1024, bytes.count)
        defer { offset = end }
        return bytes[offset..<end]
    }
}

/// An upload kept between its dry run and its commit: a 0600 file in the user's directory,
/// named by the SHA-256 of its bytes, so the commit imports exactly what the dry run showed.
struct KeptUpload {
    let directory: String
    let digest: String

    init(books: UserBooks, digest: String) throws {
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { throw UploadError.unknownUpload }
        directory = books.directory + "/uploads"
        self.digest = digest
    }

    var path: String { directory + "/" + digest + ".upload" }

    /// Writes `bytes` (whose SHA-256 is the digest) unless they are kept already: to a
    /// temporary name first, renamed into place, so a reader never sees half a file.
    static func keep(_ bytes: [UInt8], books: UserBooks) throws -> KeptUpload {
        var hash = ContentDigest()
        hash.update(bytes[...])
        let kept = try KeptUpload(books: books, digest: hash.hex())
        var directory = ""
        for component in kept.directory.split(separator: "/") {
            directory += "/" + component
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw UploadError.cannotKeep(String(cString: strerror(errno)))
            }
        }
        sweep(kept.directory)
        if access(kept.path, F_OK) == 0 { return kept }
        let temporary = kept.path + ".\(getpid()).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw UploadError.cannotKeep(String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                close(descriptor)
                unlink(temporary)
                throw UploadError.cannotKeep(String(cString: strerror(errno)))
            }
            offset += written
        }
        close(descriptor)
        guard rename(temporary, kept.path) == 0 else { throw UploadError.cannotKeep(String(cString: strerror(errno))) }
        return kept
    }

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

    /// The kept bytes, or ``UploadError/unknownUpload`` when they are gone (committed already).
    func read() throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw UploadError.unknownUpload }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count >= 0 else { throw UploadError.unknownUpload }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    func discard() { unlink(path) }
}

/// Why an upload could not be imported (beyond what the import itself refuses).
enum UploadError: UserFacingError, Equatable {
    case notTheUpload
    case unknownUpload
    case cannotKeep(String)

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case .notTheUpload: "an import may read only the uploaded file"
        case .unknownUpload: "this upload is no longer kept (imported already?); upload the file again"
        case .cannotKeep(let reason): "cannot keep the upload: \(reason)"
        }
    }
}
