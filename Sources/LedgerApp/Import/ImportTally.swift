import LedgerCore
import LedgerInterchange
import LedgerStore

/// What one file of an exchange import gave, as it is read and checked.
public struct ImportTally {
    public let file: String
    public let index: Int
    public let batch: String

    public init(file: String, index: Int, batch: String) {
        self.file = file
        self.index = index
        self.batch = batch
    }
    public var layout = ""
    public var account = ""
    public var sha256 = ""
    /// Events staged (to be added), zero-basis lots included.
    public var added = 0
    public var present = 0
    public var rejected: [ImportProblem] = []
    public var ignored: [ImportProblem] = []
    /// Zero-basis lots recorded for sales of more than was held (`--allow-zero-basis`).
    public var zeroBasis: [ImportProblem] = []
    public var firstTime: Timestamp?
    public var lastTime: Timestamp?
    /// Prices the added rows stated, the earliest of each pair in each hour (recorded with the
    /// events; a million rows do not keep a million prices; in a newest-first file too, the
    /// hour's first row keeps its price).
    public var prices: [PriceSample: PriceObservation] = [:]

    public mutating func notePrices(of imported: ImportedEvent) {
        Self.note(imported, in: &prices)
    }

    /// Notes the prices `imported` states in `prices`, as ``prices`` keeps them.
    static func note(_ imported: ImportedEvent, in prices: inout [PriceSample: PriceObservation]) {
        for observation in imported.observedPrices {
            let sample = PriceSample(
                asset: observation.asset, quote: observation.quote,
                hour: observation.observedAt.secondsSinceEpoch / 3_600)
            if prices[sample].map({ observation.observedAt < $0.observedAt }) ?? true { prices[sample] = observation }
        }
    }

    /// True when the file lists its rows newest first.
    public var isDescending: Bool {
        guard let firstTime, let lastTime else { return false }
        return lastTime < firstTime
    }

    /// The line `ledger import` prints for the file (`shown`: its name as printed):
    /// `imported 3 events from F into 'binance' (binance-trades): 0 already present, …`.
    public func summary(dryRun: Bool, file shown: String) -> String {
        let events = added == 1 ? "1 event" : "\(added) events"
        return
            "\(dryRun ? "would import" : "imported") \(events) from \(shown) into '\(account)' (\(layout)): \(present) already present, \(rejected.count) rejected, \(ignored.count) ignored"
    }

    /// The receipt line printed after a file was imported.
    public var receiptLine: String { "receipt \(batch): sha256 \(sha256)" }

    public func receipt(at time: Timestamp) -> ImportReceipt {
        ImportReceipt(
            batch: batch, importedAt: time, file: file, sha256: sha256, format: layout, account: account,
            added: added, present: present, rejected: rejected.count, ignored: ignored.count
        )
    }
}

/// One pair in one hour: the grain at which an import keeps the prices its rows state.
public struct PriceSample: Hashable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    public let hour: Int64
}
