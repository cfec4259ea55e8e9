import Glibc

/// Whose books the fetcher serves: `ledger-serve` gives ``AccountUserList`` (the accounts that
/// are not disabled); without one, every directory under `DATA/users` with a `books.ledger`.
public protocol ServerUserList: Sendable {
    /// The names of the users, in any order.
    func userNames() throws -> [String]
}

/// The users as the data directory has them: `DATA/users/NAME/books.ledger`.
public struct UserDirectories: ServerUserList {
    public let dataDirectory: String

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    public func userNames() throws -> [String] {
        guard let directory = opendir(dataDirectory + "/users") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), access(dataDirectory + "/users/" + name + "/books.ledger", F_OK) == 0 else {
                continue
            }
            names.append(name)
        }
        return names.sorted()
    }
}
