import Glibc

/// Writes a file atomically: the text goes to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the target, so a reader sees the old file or the
/// whole new one, never half of it; the directory is then flushed too, so the rename itself
/// survives a crash.
enum OutputFile {
    static func write(_ text: String, to path: String, in environment: CommandEnvironment) throws {
        let resolved = path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
        var info = stat()
        if stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure.data("'\(path)' is a directory; give -o a file path")
        }
        let temporary = resolved + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw CommandFailure.data("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == bytes.count, flushed, rename(temporary, resolved) == 0 else {
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
