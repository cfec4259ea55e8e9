import Foundation
import Glibc

/// What ``RunWatch`` leaves behind when it ends a run that hangs: the children still running,
/// which processes hold the test process's pipes (a child that holds another test's pipe keeps
/// that test reading), and every thread's stack from gdb when it is installed.
enum HangReport {
    /// The children started through ``SpawnedProcess`` that have not ended, oldest first.
    static func children() -> [String] {
        SpawnedProcess.live.withLock { $0 }.sorted { $0.value.since < $1.value.since }.map {
            "pid \($0.key), \(Int(-$0.value.since.timeIntervalSinceNow)) s: \($0.value.command.prefix(200))"
        }
    }

    /// Writes the report next to the run's temporary folders; its path.
    static func write() -> String {
        let path = NSTemporaryDirectory() + "ledger-tests-hang-\(getpid()).txt"
        let text =
            (["children still running:"] + children() + ["", "pipes held elsewhere:"] + pipeHolders())
            .joined(separator: "\n") + "\n\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        if let gdb = ["/usr/bin/gdb", "/bin/gdb"].first(where: FileManager.default.isExecutableFile(atPath:)),
            let file = FileHandle(forWritingAtPath: path)
        {
            file.seekToEndOfFile()
            let trace = try? SpawnedProcess(
                gdb, ["-p", "\(getpid())", "-batch", "-ex", "thread apply all bt"], stdout: .file(file),
                stderr: .file(file))
            _ = trace?.finish(within: 120)
            try? file.close()
        }
        return path
    }

    /// For each pipe the test process has open, the other processes that hold it.
    private static func pipeHolders() -> [String] {
        let ours = descriptors(of: "self").filter { $0.target.hasPrefix("pipe:") }
        guard !ours.isEmpty else { return [] }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [])
            .filter { Int32($0) != nil && Int32($0) != getpid() }
        var holders: [String: [String]] = [:]
        for pid in others {
            for entry in descriptors(of: pid) where entry.target.hasPrefix("pipe:") {
                holders[entry.target, default: []].append("\(pid) (\(command(of: pid)), fd \(entry.fd))")
            }
        }
        return ours.map {
            "our fd \($0.fd) \($0.target): " + (holders[$0.target] ?? ["no other process"]).joined(separator: "; ")
        }
    }

    private static func descriptors(of pid: String) -> [(fd: String, target: String)] {
        let folder = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(fd)")).map { (fd, $0) }
        }
    }

    private static func command(of pid: String) -> String {
        let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return String(decoding: raw.prefix(160).map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    }
}
