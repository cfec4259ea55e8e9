import LedgerApp

extension MarketSetup {
    init(store: OpenLedger, environment: CommandEnvironment) throws {
        try self.init(store: store, context: environment.market)
    }
}

extension Progress {
    init(environment: CommandEnvironment) {
        self.init(context: environment.market)
    }
}
