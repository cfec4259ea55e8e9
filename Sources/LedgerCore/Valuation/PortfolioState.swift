/// The result of replaying a ledger: open lots, fiat balances, realized pieces and the
/// running totals the reports need. Built only by ``PortfolioFold``.
public struct PortfolioState: Sendable {
    public internal(set) var options: ValuationOptions
    /// Whether each disposal piece is kept in ``disposals`` (gains need them; the portfolio
    /// only needs ``realizedGain``, and a snapshot keeps only that).
    public internal(set) var recordsDisposals = true
    /// Whether every acquisition, disposal, removal, split and income is written down for the
    /// tax rules (``taxTransactions``, ``taxIncome``; `ledger tax`). Off for every other report.
    public internal(set) var recordsTax = false
    public internal(set) var taxTransactions: [TaxTransaction] = []
    /// ``taxTransactions``' assets counted as each is written down (``TaxCensus``).
    public internal(set) var taxCensus = TaxCensus()
    public internal(set) var taxIncome: [TaxIncomeRecord] = []
    /// Every rate a value of the tax replay was converted with (docs/TAX.md).
    public internal(set) var taxRates: Set<TaxRate> = []
    /// The sum of every disposal's gain, kept whether or not the pieces are.
    public internal(set) var realizedGain: ExactDecimal = .zero
    /// True once any event needed a price or rate from the price table: a snapshot of such a
    /// state is stale when the table changes.
    public internal(set) var usedPrices = false
    /// The latest occurred-at folded in.
    public internal(set) var lastOccurredAt = Timestamp(secondsSinceEpoch: Int64.min)
    /// Every position by slot: its open lots (account ``ValuationOptions/pooledAccount`` when
    /// pooled), fiat balance, held quantity (when lots are not kept) and cash mark, with the
    /// asset classes and the accounts whose cash is known. Read through ``book(_:)``,
    /// ``balance(_:)``, ``held(_:)`` and the `forEach` accessors.
    var positions = PositionTable()
    /// Whether positions keep their lots (``book(_:)``). `ledger tax` matches lots by its own
    /// rules from ``taxTransactions`` and needs of the replay's positions only how much each
    /// holds (for the warning of a take beyond it): ``held(_:)`` then, no lot is opened,
    /// taken or split, and the books, the gains and the costs stay empty (docs/PERFORMANCE.md,
    /// "`ledger tax`").
    public internal(set) var keepsLots = true
    /// Accounts with a fiat deposit, withdrawal or transfer: their cash is known. Typed events
    /// never take a fiat balance below zero (spending fiat never deposited counts as money paid
    /// in instead); imported events keep it as the rows say, negative included, and where the
    /// account's cash is not known (``cashNotKnown``) the balance shown is only what the trades
    /// imply (docs/VALUATION.md, "Cash").
    public var cashKnownAccounts: Set<String> {
        Set(zip(positions.accounts, positions.cashKnown).filter(\.1).map(\.0))
    }
    public internal(set) var disposals: [Disposal] = []
    /// Every dividend with its tax withheld, kept when ``recordsDisposals`` is (for `gains`).
    public internal(set) var dividends: [DividendRecord] = []
    /// Fiat deposited, minus fiat withdrawn, plus fiat spent beyond what was held.
    public internal(set) var netFiatPaidIn: ExactDecimal = .zero
    /// Market value of income (staking, airdrops, interest…) when received.
    public internal(set) var income: ExactDecimal = .zero
    /// Fees paid outside a buy, sell or trade (standalone fee events, transfer and withdrawal
    /// fees): an expense counted in realized P&L.
    public internal(set) var feesPaid: ExactDecimal = .zero
    /// Cost basis that left the ledger with withdrawals of non-fiat assets.
    public internal(set) var withdrawnCost: ExactDecimal = .zero
    /// Total cost of every lot ever opened (the conservation check's right-hand side).
    public internal(set) var acquiredCost: ExactDecimal = .zero
    /// The class each asset was last recorded with (``assetClass(of:)`` for one).
    public var assetClasses: [AssetSymbol: AssetClass] { positions.assetClasses }
    public internal(set) var diagnostics: [LedgerDiagnostic] = []
    /// The totals that include a valuation that could not be made: each is the known part.
    public internal(set) var incompleteTotals: IncompleteTotals = []
    /// How many valuations could not be made so far (each event's missing price once).
    public internal(set) var valuationsMissed = 0
    /// The valuations that could not be made for want of a price, keyed by pair and day.
    var missing: [MissingPriceKey: [Int64]] = [:]
    /// How many events were replayed (voided ones and those after as-of excluded).
    public internal(set) var eventCount = 0

    public init(options: ValuationOptions) {
        self.options = options
    }

    /// The fiat balances that only imported trades made, in accounts without any fiat deposit
    /// or withdrawal: the file had no cash movements, so the balance is not known from it.
    public var cashNotKnown: [PositionKey] {
        let known = cashKnownAccounts
        return positions.entries.filter { $0.cashImplied && !known.contains($0.key.account) }.map(\.key).sorted {
            ($0.account, $0.asset) < ($1.account, $1.asset)
        }
    }

    /// One notice per account whose cash is not known (``cashNotKnown``), naming what fills it.
    public var cashNotices: [LedgerDiagnostic] {
        let byAccount = Dictionary(grouping: cashNotKnown, by: \.account)
        return byAccount.keys.sorted().map { account in
            let currencies = byAccount[account]!.map(\.asset.text)
            return LedgerDiagnostic(
                .warning,
                "the cash of account '\(account)' is not known: its imports have trades but no deposits or withdrawals, so \(currencies.joined(separator: ", ")) shows only what the trades imply; import the account's statement or its deposits, or add them with 'ledger add deposit \(currencies[0]) AMOUNT --account \(account)'"
            )
        }
    }

    /// Every valuation that could not be made, by asset, quote and day.
    public var missingPrices: [MissingPrice] {
        missing.map { MissingPrice(asset: $0.key.asset, quote: $0.key.quote, day: $0.key.day, sequences: $0.value) }
            .sorted()
    }

    /// Realized P&L: gains of every disposal minus the fees paid outside trades.
    public var realizedPnL: ExactDecimal { realizedGain - feesPaid }

    /// The same state valued at another as-of (a snapshot taken earlier, reused for a later
    /// report).
    public func asOf(_ time: Timestamp) -> PortfolioState {
        var copy = self
        copy.options.asOf = time
        return copy
    }

    /// The open quantity of an asset across all positions.
    public func quantity(of asset: AssetSymbol) -> ExactDecimal {
        positions.entries.reduce(.zero) { sum, entry in
            entry.key.asset == asset ? sum + (entry.book?.quantity ?? .zero) + (entry.fiat ?? .zero) : sum
        }
    }

    /// Cost of all open lots.
    public var openCost: ExactDecimal { positions.entries.reduce(.zero) { $0 + ($1.book?.cost ?? .zero) } }
}

/// Where a valuation is missing: one pair on one day.
struct MissingPriceKey: Hashable, Sendable {
    let asset: AssetSymbol
    let quote: AssetSymbol
    let day: LocalDate
}

/// Which of a state's running totals lack a valuation (a missing price).
public struct IncompleteTotals: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Realized gains (a disposal whose proceeds or cost is unknown).
    public static let realized = IncompleteTotals(rawValue: 1)
    public static let income = IncompleteTotals(rawValue: 2)
    public static let fees = IncompleteTotals(rawValue: 4)
    public static let netFiatPaidIn = IncompleteTotals(rawValue: 8)
}
