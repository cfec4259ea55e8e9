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
    /// Prices the added rows stated, the earliest of each pair in each hour (recorded with the
    /// events; a million rows do not keep a million prices; in a newest-first file too, the
    /// hour's first row keeps its price).
    var prices: [PriceSample: PriceObservation] = [:]

    mutating func notePrices(of imported: ImportedEvent) {
        for observation in imported.observedPrices {
            let sample = PriceSample(
                asset: observation.asset, quote: observation.quote,
                hour: observation.observedAt.secondsSinceEpoch / 3_600)
            if prices[sample].map({ observation.observedAt < $0.observedAt }) ?? true { prices[sample] = observation }
        }
    }

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

/// One pair in one hour: the grain at which an import keeps the prices its rows state.
struct PriceSample: Hashable {
    let asset: AssetSymbol
    let quote: AssetSymbol
    let hour: Int64
}
