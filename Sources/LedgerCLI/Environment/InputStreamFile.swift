import Glibc

/// A file the user named, read in chunks so that memory does not grow with it (relative paths
/// against the environment's directory). Errors name the file as the user typed it.
final class InputStreamFile {
    let path: String
    /// The size in bytes when it was opened (0 for pipes and special files).
    let size: Int64
    /// False for pipes and devices: what is read from them cannot be read again.
    let isRegularFile: Bool
    private let handle: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8]

    init(_ path: String, in environment: CommandEnvironment, chunkSize: Int = 256 * 1024) throws {
        self.path = path
        let resolved = Self.resolved(path, in: environment)
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw FileAccessError.cannotRead(path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileAccessError.isDirectory(path)
        }
        guard let handle = fopen(resolved, "rb") else { throw FileAccessError.cannotRead(path, errno: errno) }
        self.handle = handle
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        size = isRegularFile ? Int64(info.st_size) : 0
        buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit { fclose(handle) }

    /// True when `path` names a regular file, which can be read again (not a pipe or device).
    static func isRegularFile(_ path: String, in environment: CommandEnvironment) -> Bool {
        var info = stat()
        return stat(resolved(path, in: environment), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func resolved(_ path: String, in environment: CommandEnvironment) -> String {
        path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
    }

    /// The next chunk, or nil at the end of the file.
    func next() throws -> ArraySlice<UInt8>? {
        let count = fread(&buffer, 1, buffer.count, handle)
        if count == 0 {
            guard ferror(handle) == 0 else { throw FileAccessError.readError(path) }
            return nil
        }
        return buffer[0..<count]
    }

    /// The first `count` bytes (for telling the format), then back to the start.
    func peek(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = fread(&bytes, 1, count, handle)
        rewind(handle)
        return Array(bytes[0..<read])
    }
}
