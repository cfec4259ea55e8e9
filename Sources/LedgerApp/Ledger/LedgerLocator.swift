import Glibc

/// Where the ledger is: `--ledger` when given, else `LGR_FILE`, else
/// `$XDG_DATA_HOME/ledger/books.ledger` (`~/.local/share/ledger/books.ledger`). Relative paths
/// and `~` are resolved against the context.
public struct LedgerLocator: Sendable {
    /// The path given on the command line, if any.
    public let flag: String?
    let variables: [String: String]
    let currentDirectory: String

    public init(flag: String?, context: AppContext) {
        self.flag = flag
        variables = context.variables
        currentDirectory = context.currentDirectory
    }

    /// The ledger path. An empty `--ledger` is refused (it would otherwise mean the default
    /// ledger), and so is a symlink to nothing, before anything is read or written.
    public func path() throws(AppError) -> String {
        let path = try unchecked()
        try Self.refuseDanglingLink(path, shownAs: flag)
        return path
    }

    /// True when neither --ledger nor LGR_FILE names the ledger.
    public var isDefault: Bool {
        (flag ?? "").isEmpty && (variables[environmentPrefix + "FILE"] ?? "").isEmpty
    }

    private func unchecked() throws(AppError) -> String {
        if let flag {
            guard !flag.isEmpty else { throw .emptyLedgerPath }
            return absolute(flag)
        }
        if let fromEnvironment = variables[environmentPrefix + "FILE"], !fromEnvironment.isEmpty {
            return absolute(fromEnvironment)
        }
        let dataHome =
            variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "/") + "/.local/share"
        return dataHome + "/ledger/books.ledger"
    }

    /// A symlink whose target does not exist would be created through (or, for an import,
    /// fail only at the end): refused, naming the link and where it points.
    private static func refuseDanglingLink(_ path: String, shownAs shown: String?) throws(AppError) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 else { return }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        let pointsTo =
            length > 0 ? String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        throw .danglingLedgerLink(shown: shown ?? path, target: pointsTo)
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (variables["HOME"] ?? "") + path.dropFirst() }
        return currentDirectory + "/" + path
    }
}
