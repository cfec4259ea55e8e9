import Glibc
import LedgerStore
import Synchronization

/// A file made beside a target and later renamed (or linked) over it: the one way the tool
/// writes a file that must appear whole or not at all (`-o FILE`, the config file, the ledger
/// a first import builds).
///
/// - Its name is the target's plus `.tmp-` or `.import-` and 16 random letters and digits, so
///   nobody can plant a file or symlink under it beforehand; it is created with
///   `O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0600, and a taken name is never reused.
/// - While it exists, this process holds an `flock` on it: a temporary file nobody holds a
///   lock on was left by a process that died, and ``removeStale(beside:)`` removes it.
/// - ``commit(over:mode:)`` flushes it to disk, gives it its final mode, renames it over the
///   target and flushes the directory; ``discard()`` unlinks it (and what SQLite made beside
///   it). A symlink at the target is replaced, never followed.
public final class TemporaryFile {
    public enum Kind: String, Sendable {
        /// A file written byte by byte and renamed over its target.
        case output = "tmp"
        /// An SQLite database built beside the ledger it becomes.
        case database = "import"
    }

    /// What SQLite may create beside a database, named after it.
    static let companionSuffixes = SQLiteCompanionFiles.suffixes

    /// The temporary files this process holds. ``removeStale(beside:)`` never opens one: its
    /// descriptor would be this process's, and closing it would drop the POSIX locks SQLite
    /// holds on the database being built (the `flock` it would test is this process's anyway).
    static let live = Mutex<Set<String>>([])

    public let path: String
    /// The target as the user typed it, for error messages.
    private let shownName: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var failed: Int32 = 0
    private var open = true

    /// Creates an empty file beside `target` under a fresh random name. Errors name the
    /// target as `shownName` (the path as the user typed it), else as `target`.
    public init(beside target: String, kind: Kind, shownAs shownName: String? = nil) throws(AppError) {
        let shown = shownName ?? target
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let candidate = target + "." + kind.rawValue + "-" + Self.randomSuffix(using: &generator)
            let created = Glibc.open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if created >= 0 {
                // A cleaner that took the lock between the open and this flock has removed
                // the file by the time the flock returns: then the next name is tried.
                guard flock(created, LOCK_EX) == 0, Self.isStill(created, at: candidate) else {
                    Glibc.close(created)
                    continue
                }
                path = candidate
                self.shownName = shown
                descriptor = created
                Self.live.withLock { _ = $0.insert(candidate) }
                return
            }
            if errno != EEXIST { throw Self.failure(shown, errno) }
        }
        throw Self.failure(shown, EEXIST)
    }

    deinit { if open { discard() } }

    /// Appends bytes; a write error is reported by ``commit(over:mode:)``.
    public func write(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 256 * 1024 { flush() }
    }

    /// Makes the file `target`, with permission bits `mode`: flushed to disk, then renamed
    /// over it, then the directory flushed. On failure the temporary file is removed.
    public func commit(over target: String, mode: mode_t) throws(AppError) {
        flush()
        if failed == 0, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 { failed = errno }
        if failed == 0, rename(path, target) != 0 { failed = errno }
        guard failed == 0 else {
            let reason = failed
            discard()
            throw Self.failure(shownName, reason)
        }
        Glibc.close(descriptor)
        open = false
        Self.live.withLock { _ = $0.remove(path) }
        Self.syncDirectory(of: target)
    }

    /// Removes the file and any SQLite companion of it, then lets go of the lock.
    public func discard() {
        guard open else { return }
        for suffix in Self.companionSuffixes { unlink(path + suffix) }
        unlink(path)
        Glibc.close(descriptor)
        open = false
        Self.live.withLock { _ = $0.remove(path) }
    }

    private func flush() {
        var offset = 0
        while offset < buffer.count, failed == 0 {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno != EINTR { failed = errno } } else { offset += written }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// True when `path` still names the file open as `descriptor`.
    private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat()
        var named = stat()
        return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0
            && open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    private static func randomSuffix(using generator: inout SystemRandomNumberGenerator) -> String {
        String(
            decoding: (0..<16).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] },
            as: UTF8.self)
    }

    static func failure(_ target: String, _ code: Int32) -> AppError {
        .cannotWrite(target: target, reason: String(cString: strerror(code)))
    }

    /// Best effort: a file system that cannot fsync a directory has already done the rename.
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = Glibc.open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        Glibc.close(descriptor)
    }
}
