import LedgerCore
import LedgerStore

/// Loads a ledger's events and prices and replays them; reports diagnostics the same way for
/// every report: warnings to stderr, and errors (after printing all of them) as a failure.
struct ReplayRunner {
    let store: SQLiteEventStore
    let environment: CommandEnvironment
    let events: [LedgerEvent]
    let prices: PriceTable

    init(store: SQLiteEventStore, environment: CommandEnvironment) throws {
        self.store = store
        self.environment = environment
        events = try store.allEvents()
        prices = try store.priceTable()
    }

    func replay(_ options: ValuationOptions) -> PortfolioState {
        PortfolioFold.replay(events, options: options, prices: prices)
    }

    /// Prints every diagnostic; fails when any is an error.
    func report(_ diagnostics: [LedgerDiagnostic]) throws {
        var seen = Set<LedgerDiagnostic>()
        for diagnostic in diagnostics where seen.insert(diagnostic).inserted {
            environment.stderr.write("ledger: \(diagnostic.severity.rawValue): \(diagnostic)\n")
        }
        let errors = Set(diagnostics.filter { $0.severity == .error }.map { $0.sequence ?? 0 }).count
        if errors > 0 {
            throw CommandFailure(message: "the report cannot be correct: \(errors) event\(errors == 1 ? "" : "s") could not be valued (see above)", exitCode: 1)
        }
    }
}
