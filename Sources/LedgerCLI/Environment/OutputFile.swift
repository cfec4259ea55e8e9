import Glibc
import LedgerApp

/// Writes a file the user named with `-o` atomically, through a ``TemporaryFile`` in the same
/// directory: a reader sees the old file or the whole new one, never half of it. An existing
/// file keeps its permission bits; a new one is made 0600 (reports and exports are private
/// financial data). A symlink at the path is replaced by the file, not followed.
enum OutputFile {
    static func write(_ text: String, to path: String, in environment: CommandEnvironment) throws {
        try stream(to: path, in: environment) { emit in emit(text) }
    }

    /// Writes what `produce` emits, piece by piece, atomically to `path`: a long export never
    /// has to be held in memory whole. When `produce` throws, the target is left as it was.
    static func stream(
        to path: String, in environment: CommandEnvironment, _ produce: ((String) -> Void) throws -> Void
    ) throws {
        let resolved = path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
        var info = stat()
        let exists = lstat(resolved, &info) == 0
        if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileAccessError.outputIsDirectory(path)
        }
        let mode = exists && (info.st_mode & S_IFMT) == S_IFREG ? info.st_mode & 0o7777 : 0o600
        TemporaryFile.removeStale(beside: resolved, reporting: environment.notices)
        let file = try TemporaryFile(beside: resolved, kind: .output, shownAs: path)
        do {
            try produce { text in file.write(text.utf8) }
            try file.commit(over: resolved, mode: mode)
        } catch {
            file.discard()
            throw error
        }
    }
}
