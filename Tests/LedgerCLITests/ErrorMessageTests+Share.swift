import LedgerApp
import LedgerCore

/// The errors of `ledger share`.
extension ErrorSamples {
    static var share: [Sample] {
        let btc = AssetSymbol("BTC")!
        let day = LocalDate.parse("2024-06-30")!
        let errors: [ShareError] = [
            .notASymbol("b-t-c"), .notHeld(btc, on: day, held: []), .notHeld(btc, on: day, held: [AssetSymbol("ETH")!]),
            .nothingHeld(on: day), .notATrade(reference: "#3", kind: .deposit), .voided(reference: "#4"),
            .afterAsOf(reference: "#5", occurred: day, asOf: LocalDate.parse("2024-01-01")!),
        ]
        return samples(errors) { error in
            switch error {
            case .notASymbol: usage
            case .notHeld, .nothingHeld, .notATrade, .voided, .afterAsOf: data
            }
        }
    }
}
