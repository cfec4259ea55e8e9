import ArgumentParser

/// `ledger alert add|list|remove|check`: price alerts kept in the ledger, checked from cron.
struct AlertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alert",
        abstract: "Price alerts: add, list, remove, and check them (from cron).",
        discussion: """
            ledger alert add BTC above 50000
            ledger alert add ETH below 2000 --currency EUR --note 'buy more'
            ledger alert add BTC change 10% --within 24h     (+10% or -10% for one direction)
            ledger alert list
            ledger alert check --exec 'notify-send "$LGR_ALERT_MESSAGE"'

            The 'alert check' command fires each alert once per crossing and re-arms it when the price \
            crosses back. It prints what fired and nothing else, and exits 0 when nothing \
            fired, 10 when something fired, 1 on an error. Details: docs/ALERTS.md.
            """,
        subcommands: [AlertAddCommand.self, AlertListCommand.self, AlertRemoveCommand.self, AlertCheckCommand.self]
    )

    // Accepted here so `ledger --ledger F alert list` works (moved after `alert` by
    // GlobalOptionPlacement); handed to the subcommand like `prices` does.
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}
