import Synchronization

/// Small named texts the servers of one deployment share, any of them replacing one whole:
/// what every server shows alike though one of them made it (the scheduled fetcher's last run
/// for `/status`, the live pages' latest quotes). A server on ledger files keeps them in its
/// memory (``MemorySharedValues``); servers on one database keep them there
/// (LedgerStorePostgres's `PostgresSharedValues`), so what one wrote every one reads.
public protocol SharedValueStore: Sendable {
    /// The texts kept under `keys` (a key never set is left out).
    func values(_ keys: [String]) throws -> [String: String]
    /// Keeps each of `values` under its key, replacing what was there, in one transaction.
    func setValues(_ values: [String: String]) throws
}

/// One process's shared values, in its memory: a server on ledger files.
public final class MemorySharedValues: SharedValueStore {
    private let kept = Mutex<[String: String]>([:])

    public init() {}

    public func values(_ keys: [String]) throws -> [String: String] {
        kept.withLock { kept in
            Dictionary(keys.compactMap { key in kept[key].map { (key, $0) } }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func setValues(_ values: [String: String]) throws {
        kept.withLock { $0.merge(values) { _, new in new } }
    }
}
