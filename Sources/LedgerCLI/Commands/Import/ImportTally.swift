import LedgerCore
import LedgerInterchange
import LedgerStore

/// What one file of an exchange import gave, as it is read and checked.
struct ImportTally {
    let file: String
    let index: Int
    let batch: String
    var layout = ""
    var account = ""
    var sha256 = ""
    /// Events staged (to be added), zero-basis lots included.
    var added = 0
    var present = 0
    var rejected: [ImportProblem] = []
    var ignored: [ImportProblem] = []
    /// Zero-basis lots recorded for sales of more than was held (`--allow-zero-basis`).
    var zeroBasis: [ImportProblem] = []
    var firstTime: Timestamp?
    var lastTime: Timestamp?

    /// True when the file lists its rows newest first.
    var isDescending: Bool {
        guard let firstTime, let lastTime else { return false }
        return lastTime < firstTime
    }

    func receipt(at time: Timestamp) -> ImportReceipt {
        ImportReceipt(
            batch: batch, importedAt: time, file: file, sha256: sha256, format: layout, account: account,
            added: added, present: present, rejected: rejected.count, ignored: ignored.count
        )
    }
}
