import LedgerCLI

/// The `ledger` executable: one call into the command library.
@main
struct LedgerMain {
    static func main() async {
        await LedgerCLI.main()
    }
}
