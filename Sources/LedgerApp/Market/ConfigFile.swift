import Glibc
import LedgerCore

/// The config file: `$XDG_CONFIG_HOME/ledger/config.json`, else
/// `~/.config/ledger/config.json`. Optional; when the tool writes one it is created with
/// mode 0600, because it may hold API keys.
public enum ConfigFile {
    public static func path(_ variables: [String: String]) -> String {
        let home =
            variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "") + "/.config"
        return home + "/ledger/config.json"
    }

    /// The file's path and text (nil text when there is no file).
    public static func read(_ context: MarketContext) throws -> (path: String, text: String?) {
        read(variables: context.variables, readFile: context.readFile)
    }

    /// The file's path and text (nil text when there is no file), read with `readFile`.
    public static func read(variables: [String: String], readFile: (String) -> [UInt8]?) -> (
        path: String, text: String?
    ) {
        let path = path(variables)
        guard let bytes = readFile(path) else { return (path, nil) }
        return (path, String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` to the config file atomically, readable by the owner only.
    public static func write(_ text: String, _ context: AppContext) throws {
        let path = path(context.variables)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let parent = String(directory[..<directory.lastIndex(of: "/")!])
        mkdir(parent, 0o700)
        mkdir(directory, 0o700)
        TemporaryFile.removeStale(beside: path, reporting: context.notices)
        let file = try TemporaryFile(beside: path, kind: .output)
        file.write(text.utf8)
        try file.commit(over: path, mode: 0o600)
    }
}
