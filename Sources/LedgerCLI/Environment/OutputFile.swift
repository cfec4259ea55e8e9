import Glibc

/// Writes a file atomically: the text goes to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the target, so a reader sees the old file or the
/// whole new one, never half of it; the directory is then flushed too, so the rename itself
/// survives a crash.
enum OutputFile {
    static func write(_ text: String, to path: String, in environment: CommandEnvironment) throws {
        try stream(to: path, in: environment) { emit in emit(text) }
    }

    /// Writes what `produce` emits, piece by piece, atomically to `path`: a long export never
    /// has to be held in memory whole. When `produce` throws, the target is left as it was.
    static func stream(to path: String, in environment: CommandEnvironment, _ produce: ((String) -> Void) throws -> Void) throws {
        let resolved = path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
        var info = stat()
        if stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure.data("'\(path)' is a directory; give -o a file path")
        }
        let temporary = resolved + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw CommandFailure.data("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        var complete = true
        do {
            try produce { text in
                var text = text
                let count = text.utf8.count
                if text.withUTF8({ fwrite($0.baseAddress, 1, count, file) }) != count { complete = false }
            }
        } catch {
            fclose(file)
            unlink(temporary)
            throw error
        }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard complete, flushed, rename(temporary, resolved) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure.data("cannot write '\(path)': \(reason)")
        }
        syncDirectory(of: resolved)
    }

    /// Best effort: a file system that cannot fsync a directory has already done the rename.
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
