import Glibc
import LedgerApp
import LedgerCore

/// The config file: `$XDG_CONFIG_HOME/ledger/config.json`, else
/// `~/.config/ledger/config.json`. Optional; when the tool writes one it is created with
/// mode 0600, because it may hold API keys.
enum ConfigFile {
    static func path(_ environment: CommandEnvironment) -> String {
        let variables = environment.variables
        let home =
            variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
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
        TemporaryFile.removeStale(beside: path, reporting: environment.notices)
        let file = try TemporaryFile(beside: path, kind: .output)
        file.write(text.utf8)
        try file.commit(over: path, mode: 0o600)
    }
}
