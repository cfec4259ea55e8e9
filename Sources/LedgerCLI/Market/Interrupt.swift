import Glibc
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM for long-running commands (`ledger live`): once installed, the
/// signals only set a flag, which the command polls; it then ends on its own path, restoring
/// the terminal, and exits 0. A signal handler may do almost nothing safely, hence the flag.
/// The handler stays installed for the rest of the process (the CLI exits right after the
/// command): putting the default back would open a moment in which a Ctrl-C kills the process
/// mid-restore, and in-process tests running commands side by side would race on it.
enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    /// True once SIGINT or SIGTERM arrived after ``install()``.
    static var isRaised: Bool { flag.load(ordering: .relaxed) }

    /// Routes SIGINT and SIGTERM to the flag, cleared.
    static func install() {
        flag.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in Interrupt.flag.store(true, ordering: .relaxed) }
    }
}
