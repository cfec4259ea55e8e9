import LedgerApp
import LedgerCore
import LedgerRender

/// The text of `ledger transfers`: one line per linked pair, or the withdrawals and deposits
/// with no other half, each deposit with the withdrawals that fit it when more than one does.
struct TransfersOutput {
    let book: TransferBook

    func linkedText() -> String {
        guard !book.pairs.isEmpty else {
            return "No linked transfers; 'ledger transfers --unmatched' lists the withdrawals and deposits.\n"
        }
        var lines = ["Linked transfers (\(book.pairs.count)):"]
        for pair in book.pairs {
            let fee = pair.networkFee.isZero ? "" : ", network fee \(pair.networkFee) \(pair.link.arrived.asset.symbol)"
            lines.append(
                "  #\(pair.linkEvent.sequence) \(pair.link.rule.rawValue): \(side(pair.withdrawal)) → \(side(pair.deposit))\(fee)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func unmatchedText() -> String {
        let fits = TransferMatcher.match(book.candidates, options: TransferMatchOptions()).ambiguous
        let fitsOf = Dictionary(fits.map { ($0.event.id, $0.candidates) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (title, events) in [
            ("Withdrawals with no known destination", book.unmatchedWithdrawals),
            ("Deposits with no known source", book.unmatchedDeposits),
        ] {
            lines.append("\(title) (\(events.count))\(events.isEmpty ? "." : ":")")
            for event in events {
                var line = "  \(side(event))"
                if let candidates = fitsOf[event.id] {
                    let numbers = candidates.map { "#\($0.sequence)" }.joined(separator: ", ")
                    let first = candidates.count == 1 ? "\(candidates[0].sequence)" : "W"
                    line +=
                        "; fits \(numbers), which fits more: link by hand with 'ledger transfers link \(first) \(event.sequence)'"
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `#3 2025-12-01T12:00:00Z withdraw 0.25 ETH [coinbase]`.
    private func side(_ event: LedgerEvent) -> String {
        "#\(event.sequence) \(event.occurredAt.compactDescription) \(EventSummary.describe(event.action)) [\(event.account.terminalEscaped)]"
    }

    /// `--window` hours and `--tolerance` percent, checked.
    /// (`prefix` is `transfer-` for the import's `--transfer-window`.)
    static func options(window: String, tolerance: String, prefix: String = "") throws -> TransferMatchOptions {
        guard let hours = Int64(window), (0...8760).contains(hours) else {
            throw TransferError.badWindow(option: "--\(prefix)window", window)
        }
        guard case .success(let percent) = ExactDecimal.parse(tolerance), !percent.isNegative,
            percent <= ExactDecimal(100)
        else { throw TransferError.badTolerance(option: "--\(prefix)tolerance", tolerance) }
        return TransferMatchOptions(window: hours * 3600, tolerance: percent / ExactDecimal(100))
    }
}
