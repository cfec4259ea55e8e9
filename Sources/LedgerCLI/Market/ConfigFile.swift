import Glibc
import LedgerCore

/// The config file: `$XDG_CONFIG_HOME/ledger/config.json`, else
/// `~/.config/ledger/config.json`. Optional; when the tool writes one it is created with
/// mode 0600, because it may hold API keys.
enum ConfigFile {
    static func path(_ environment: CommandEnvironment) -> String {
        let variables = environment.variables
        let home = variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "") + "/.config"
        return home + "/ledger/config.json"
    }

    /// The file's path and text (nil text when there is no file).
    static func read(_ environment: CommandEnvironment) throws -> (path: String, text: String?) {
        let path = path(environment)
        guard let bytes = environment.readFile(path) else { return (path, nil) }
        return (path, String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` to the config file atomically, readable by the owner only.
    static func write(_ text: String, _ environment: CommandEnvironment) throws {
        let path = path(environment)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let parent = String(directory[..<directory.lastIndex(of: "/")!])
        mkdir(parent, 0o700)
        mkdir(directory, 0o700)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CommandFailure.data("cannot write '\(path)': \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, 0o600)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CommandFailure.data("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
