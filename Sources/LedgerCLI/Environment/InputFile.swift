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
        guard stat(resolved, &info) == 0 else { throw FileAccessError.cannotRead(path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileAccessError.isDirectory(path)
        }
        if info.st_size > maximumBytes { throw FileAccessError.tooLarge(path) }
        guard let file = fopen(resolved, "rb") else { throw FileAccessError.cannotRead(path, errno: errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[0..<count]
            if bytes.count > maximumBytes { throw FileAccessError.tooLarge(path) }
            if count < buffer.count { break }
        }
        guard ferror(file) == 0 else { throw FileAccessError.readError(path) }
        return bytes
    }
}
