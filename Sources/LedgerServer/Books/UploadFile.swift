import Glibc
import Hummingbird
import LedgerInterchange
import Synchronization

/// An upload as it arrives: written to a private (0600) temporary file in the user's uploads
/// directory and hashed on the way, so no upload is ever held whole in memory. Refused past
/// ``ServerLimits/maxUploadBytes``. ``keep()`` renames it to its digest for the commit;
/// ``discard()`` removes it.
/// A directory of the server's own (a user's uploads, their notifications), made 0700 with
/// its parents when missing.
enum PrivateDirectory {
    /// False (with `errno` set) when a component could not be made.
    static func make(_ directory: String) -> Bool {
        var made = ""
        for component in directory.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}

final class UploadFile {
    let path: String
    let directory: String
    let limit: Int
    private var descriptor: Int32
    private var digest = ContentDigest()
    private(set) var size = 0

    init(directory: String, limit: Int) throws {
        guard PrivateDirectory.make(directory) else { throw UploadError.cannotKeep(Self.reason()) }
        KeptUpload.sweep(directory)
        self.directory = directory
        self.limit = limit
        path = directory + "/\(getpid())-\(UInt64.random(in: 0...UInt64.max)).partial"
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw UploadError.cannotKeep(Self.reason()) }
    }

    deinit { closeFile() }

    /// Appends bytes (hashing them); past the limit, the upload is refused.
    func append(_ bytes: ArraySlice<UInt8>) throws {
        size += bytes.count
        guard size <= limit else { throw UploadError.tooLarge(limit) }
        digest.update(bytes)
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw UploadError.cannotKeep(Self.reason()) }
            offset += written
        }
    }

    /// Reads a whole request body into the file.
    func receive(_ body: RequestBody) async throws {
        for try await piece in body { try append(Array(piece.readableBytesView)[...]) }
    }

    /// The SHA-256 (hex) of everything appended.
    var hex: String { digest.hex() }

    /// Closes the file and renames it to its digest, where the commit finds it (an upload kept
    /// already is left as it is).
    func keep() throws -> KeptUpload {
        closeFile()
        let kept = try KeptUpload(directory: directory, digest: hex)
        if access(kept.path, F_OK) == 0 {
            unlink(path)
        } else if rename(path, kept.path) != 0 {
            throw UploadError.cannotKeep(Self.reason())
        }
        return kept
    }

    func discard() {
        closeFile()
        unlink(path)
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

/// How many uploads are being read and imported at once, at most
/// ``ServerLimits/maxParallelUploads``.
final class UploadSlots: Sendable {
    let limit: Int
    private let taken = Mutex(0)

    init(limit: Int) { self.limit = limit }

    /// Runs `body` in a slot, or returns nil at once when every slot is taken.
    func run<T>(_ body: () async throws -> T) async throws -> T? {
        let got = taken.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard got else { return nil }
        defer { taken.withLock { $0 -= 1 } }
        return try await body()
    }

    static let busy = "The server is reading as many uploads as it can; try again in a minute."
}
