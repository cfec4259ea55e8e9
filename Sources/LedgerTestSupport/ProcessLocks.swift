import Glibc

/// The POSIX locks a process holds on a file, read from `/proc/locks`: what tells whether a
/// process still holds the locks SQLite took on a database (closing any descriptor of the file
/// drops them all, which lets another process delete the WAL under its connections).
public enum ProcessLocks {
    /// The locks `process` holds on the file at `path`, one line of `/proc/locks` each without
    /// its ordinal (which other processes' locks shift): `POSIX ADVISORY READ PID DEV:INODE START END`.
    public static func held(by process: Int32, on path: String) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0, let text = readLocks() else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 5, fields[4] == "\(process)", fields[5].hasSuffix(":\(info.st_ino)") else {
                return nil
            }
            return fields.dropFirst().joined(separator: " ")
        }
    }

    private static func readLocks() -> String? {
        let descriptor = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
