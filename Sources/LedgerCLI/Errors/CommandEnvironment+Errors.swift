import LedgerApp
import LedgerRender

extension CommandEnvironment {
    /// Writes `ledger: error: MESSAGE` on stderr as one line: control characters in the
    /// message (a newline in an argument, an escape sequence in a file name or an imported
    /// field) are shown escaped (``TerminalText``), never sent to the terminal.
    func writeError(_ message: String) {
        notices.error(message)
    }

    /// The same for `ledger: warning: MESSAGE`.
    func writeWarning(_ message: String) {
        notices.warning(message)
    }
}
