import LedgerCLI

/// The `ledger` executable: one call into the command library. A synchronous `main`: no
/// command of `ledger` awaits, and an `async` one ran the whole command on a thread of the
/// concurrency pool while the main thread waited (docs/PERFORMANCE.md, "Start-up").
@main
struct LedgerMain {
    static func main() {
        LedgerCLI.main()
    }
}
