import Glibc

/// Reads a file the user named (relative paths against the environment's directory), or
/// fails with one line that names the file as the user typed it.
enum InputFile {
    static func read(_ path: String, in environment: CommandEnvironment) throws -> [UInt8] {
        let resolved = path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw failure(path, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure.data("'\(path)' is a directory; give the path of a file") }
        guard let file = fopen(resolved, "rb") else { throw failure(path, errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[0..<count]
            if count < buffer.count { break }
        }
        guard ferror(file) == 0 else { throw CommandFailure.data("cannot read '\(path)': a read error occurred") }
        return bytes
    }

    private static func failure(_ path: String, _ code: Int32) -> CommandFailure {
        switch code {
        case ENOENT: .data("cannot read '\(path)': no such file")
        case EACCES: .data("cannot read '\(path)': permission denied")
        default: .data("cannot read '\(path)': \(String(cString: strerror(code)))")
        }
    }
}
