import Glibc

/// Reads a file the user named (relative paths against the environment's directory), or
/// fails with one line that names the file as the user typed it. Only for files read whole
/// (a JSON export, a prices CSV, a column map): one larger than ``maximumBytes`` is refused
/// before it is read, or as soon as a pipe has sent that much.
enum InputFile {
    /// 256 MiB. A JSON export that large holds about a million events; JSONL is read as a
    /// stream and has no limit.
    static let maximumBytes = 256 << 20

    static func read(_ path: String, in environment: CommandEnvironment) throws -> [UInt8] {
        let resolved = path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw failure(path, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw CommandError.data("'\(path)' is a directory; give the path of a file")
        }
        if info.st_size > maximumBytes { throw tooLarge(path) }
        guard let file = fopen(resolved, "rb") else { throw failure(path, errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[0..<count]
            if bytes.count > maximumBytes { throw tooLarge(path) }
            if count < buffer.count { break }
        }
        guard ferror(file) == 0 else { throw CommandError.data("cannot read '\(path)': a read error occurred") }
        return bytes
    }

    private static func tooLarge(_ path: String) -> CommandError {
        .data(
            "'\(path)' is larger than 256 MiB, the most a file read whole may hold; split it (events: use JSONL, 'ledger export -O jsonl', which is read as a stream)"
        )
    }

    private static func failure(_ path: String, _ code: Int32) -> CommandError {
        switch code {
        case ENOENT: .data("cannot read '\(path)': no such file")
        case EACCES: .data("cannot read '\(path)': permission denied")
        default: .data("cannot read '\(path)': \(String(cString: strerror(code)))")
        }
    }
}
