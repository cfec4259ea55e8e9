import Glibc
import LedgerInterchange

/// The per-user state that lets the tool tell its own writes from someone else's:
/// `$XDG_STATE_HOME/ledger/` (default `~/.local/state/ledger`), mode 0700, holding one anchor
/// per ledger (``ChainAnchor``) and `key`, 32 random bytes (0600) that MAC the snapshots
/// (``SnapshotSeal``). docs/EVENTS.md, "Threat model", says what each protects against.
public struct StateDirectory: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/ledger`, else `$HOME/.local/state/ledger`; nil when neither is set
    /// (then the ledger is used without an anchor or a key).
    public static func resolve(variables: [String: String]) -> StateDirectory? {
        if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
            return StateDirectory(path: state + "/ledger")
        }
        guard let home = variables["HOME"], home.hasPrefix("/") else { return nil }
        return StateDirectory(path: home + "/.local/state/ledger")
    }

    /// The anchor of the ledger at `ledgerPath` (made canonical, so two spellings of one file
    /// share it).
    public func anchor(for ledgerPath: String) -> ChainAnchor {
        let canonical = Self.canonical(ledgerPath)
        let name = HashChain.hex(SHA256Hasher.hash(data: Array(canonical.utf8))).prefix(32)
        return ChainAnchor(ledger: canonical, file: path + "/anchors/" + name)
    }

    /// The MAC key, created on first use; nil when the directory cannot be written or read.
    func key() -> [UInt8]? {
        let file = path + "/key"
        if let bytes = Self.read(file), bytes.count == 32 { return bytes }
        guard createDirectories(path) else { return nil }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // Written aside and linked into place: a reader never sees half a key, and of two
        // processes creating it at once, the first link wins and both use that key.
        let temporary = file + ".tmp-\(getpid())"
        guard Self.write(fresh, to: temporary) else { return nil }
        defer { unlink(temporary) }
        if link(temporary, file) == 0 { return fresh }
        guard let bytes = Self.read(file), bytes.count == 32 else { return nil }
        return bytes
    }

    /// Creates `directory` and those leading to it, new ones private (0700); true when it exists.
    func createDirectories(_ directory: String) -> Bool {
        var current = ""
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The whole file, or nil when it cannot be read.
    static func read(_ file: String) -> [UInt8]? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// Writes a new 0600 file (failing if it exists); false when it could not be written whole.
    static func write(_ bytes: [UInt8], to file: String) -> Bool {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return close(descriptor) == 0 && written == bytes.count
    }
}
