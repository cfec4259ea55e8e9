/// A source's split or dividend held against the ledger: how many shares the ledger held the
/// day before, whether it already records it, and the `ledger add` command that would.
public struct CorporateActionFinding: Hashable, Sendable {
    public let action: CorporateAction
    /// Shares held in all accounts at the start of the day it took effect.
    public let held: ExactDecimal
    /// True when the ledger records it: a split of the same ratio within ``CorporateActionCheck/splitWindow``
    /// days, or an income whose note names the asset within ``CorporateActionCheck/dividendWindow``
    /// days after a dividend's ex-date.
    public let recorded: Bool
    /// The command that records it; nil when it is recorded or nothing was held (then it
    /// changes nothing in the ledger).
    public let command: String?
}

/// Compares the splits and dividends a source reports with the ledger's events. It never
/// records anything: the findings carry the commands for a person to run.
public enum CorporateActionCheck {
    /// A recorded split may be dated this many days from the source's date (time zones, the
    /// day a broker booked it).
    public static let splitWindow = 7
    /// A dividend is paid up to this many days after its ex-date.
    public static let dividendWindow = 45

    /// One finding per action, in the order given. `events` are the ledger's events touching
    /// the assets (voids included; they are applied as a replay applies them).
    public static func findings(_ actions: [CorporateAction], events: [LedgerEvent]) -> [CorporateActionFinding] {
        let effective = EventReplay.effective(events)
        return actions.map { action in
            let held = held(action.asset, before: action.date, in: effective)
            let recorded = isRecorded(action, in: effective)
            let command = recorded || !held.isPositive ? nil : self.command(action, held: held)
            return CorporateActionFinding(action: action, held: held, recorded: recorded, command: command)
        }
    }

    static func held(_ asset: AssetSymbol, before day: LocalDate, in events: [LedgerEvent]) -> ExactDecimal {
        var book = PositionBook()
        for event in events where event.occurredAt < day.startOfDay { book.apply(event) }
        return book.balances.filter { $0.key.asset == asset }.values.reduce(.zero, +)
    }

    static func isRecorded(_ action: CorporateAction, in events: [LedgerEvent]) -> Bool {
        let day = action.date.daysSinceEpoch
        return events.contains { event in
            let eventDay = event.occurredAt.date.daysSinceEpoch
            switch (action.kind, event.action) {
            case (.split(let ratio), .split(let asset, let recorded)):
                return asset.symbol == action.asset && recorded == ratio && abs(eventDay - day) <= splitWindow
            case (.dividend, .income):
                return event.note.uppercased().contains(action.asset.text)
                    && (day...(day + dividendWindow)).contains(eventDay)
            default:
                return false
            }
        }
    }

    /// `ledger add split AAPL 4:1 --date 2020-08-31`, or for a dividend the cash it paid on the
    /// shares held: `ledger add income USD 2.4 --kind dividend --date 2024-05-10 --note "AAPL dividend, 0.24 USD a share"`.
    static func command(_ action: CorporateAction, held: ExactDecimal) -> String {
        switch action.kind {
        case .split(let ratio):
            return "ledger add split \(action.asset) \(ratio) --date \(action.date)"
        case .dividend(let perShare, let currency):
            let amount = held * perShare
            return "ledger add income \(currency) \(amount) --kind dividend --date \(action.date)"
                + " --note \"\(action.asset) dividend, \(perShare) \(currency) a share\""
        }
    }
}
