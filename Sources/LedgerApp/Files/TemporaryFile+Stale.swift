import Glibc
import Synchronization

extension TemporaryFile {
    /// Removes what interrupted runs left beside `target` and returns the names removed. Only
    /// names this tool gives its temporary files (`NAME.tmp-X`, `NAME.import-X`, X letters
    /// and digits, which includes the process ids older versions used, and SQLite's
    /// `-journal`, `-wal`, `-shm` beside them) are looked at; of those only regular files (a
    /// symlink is left alone) owned by this user that no live writer holds a lock on are
    /// removed. No process id is trusted: ids are reused.
    public static func removeStale(beside target: String) -> [String] {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let names = directoryEntries(directory.isEmpty ? "/" : directory).filter { isTemporaryName($0, of: base) }
        // Named as TemporaryFile named them: the target's path up to its last slash, then the name.
        let prefix = slash.map { String(target[...$0]) } ?? ""
        let held = live.withLock { $0 }.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        let mains = Set(names.filter { name in !companionSuffixes.contains { name.hasSuffix($0) } })
            .subtracting(held)
        var removed: [String] = []
        for main in mains.sorted() {
            let path = directory + "/" + main
            guard let lock = staleLock(path) else { continue }
            for suffix in companionSuffixes where names.contains(main + suffix) {
                if removeIfOwnedRegular(path + suffix) { removed.append(main + suffix) }
            }
            if unlink(path) == 0 { removed.append(main) }
            close(lock)
        }
        for name in names.sorted() where !mains.contains(name) && !removed.contains(name) {
            let owner = companionSuffixes.first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }
            guard let owner, !mains.contains(owner), !held.contains(owner) else { continue }
            if removeIfOwnedRegular(directory + "/" + name) { removed.append(name) }
        }
        return removed
    }

    /// ``removeStale(beside:)``, saying on stderr in one line what was removed, if anything.
    public static func removeStale(beside target: String, reporting notices: any NoticeSink) {
        let removed = removeStale(beside: target)
        guard !removed.isEmpty else { return }
        let files = removed.count == 1 ? "1 temporary file" : "\(removed.count) temporary files"
        notices.write(
            "ledger: removed \(files) an interrupted run left: \(removed.joined(separator: ", "))\n")
    }

    /// True for `BASE.tmp-X` or `BASE.import-X`, optionally followed by a companion suffix.
    static func isTemporaryName(_ name: String, of base: String) -> Bool {
        var rest = Substring(name)
        for suffix in companionSuffixes where rest.hasSuffix(suffix) { rest = rest.dropLast(suffix.count) }
        for kind in [Kind.output, .database] {
            let prefix = base + "." + kind.rawValue + "-"
            guard rest.hasPrefix(prefix) else { continue }
            let random = rest.dropFirst(prefix.count)
            return !random.isEmpty
                && random.utf8.allSatisfy {
                    (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
                }
        }
        return false
    }

    /// An open descriptor holding the lock of a temporary file that no live writer holds, or
    /// nil when it is in use, not a regular file, or not this user's.
    private static func staleLock(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
            flock(descriptor, LOCK_EX | LOCK_NB) == 0
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func removeIfOwnedRegular(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
            return false
        }
        return unlink(path) == 0
    }

    private static func directoryEntries(_ directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            names.append(name)
        }
        return names
    }
}
