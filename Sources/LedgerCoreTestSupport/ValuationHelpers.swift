import LedgerCore

/// Short ways to replay events in valuation tests.
public enum Valuation {
    /// Replays `events` (numbered 1, 2, … in the order given) with the options spelled out.
    public static func replay(
        _ events: [LedgerEvent], prices: PriceTable = PriceTable(), method: BookingMethod = .fifo,
        perAccount: Bool = false, currency: String = "USD", asOf: String = "2030-01-01"
    ) -> PortfolioState {
        let options = ValuationOptions(
            method: method, perAccount: perAccount, currency: sym(currency), asOf: Events.time(asOf))
        return PortfolioFold.replay(Events.sequenced(events), options: options, prices: prices)
    }
}

extension PortfolioState {
    /// The open lots of `asset` in `account` (the pooled account by default), oldest first.
    public func lots(_ asset: String, account: String = ValuationOptions.pooledAccount) -> [Lot] {
        Array(book(PositionKey(account: account, asset: sym(asset)))?.lots ?? [])
    }

    /// The fiat balance of `currency` in `account` (the pooled account by default).
    /// A fiat balance in one account, or (by default) summed over every account: fiat is kept
    /// per account even when lots are pooled.
    public func fiatBalance(_ currency: String, account: String? = nil) -> ExactDecimal {
        balancesByKey.filter { $0.key.asset == sym(currency) && (account == nil || $0.key.account == account) }
            .values.reduce(.zero, +)
    }

    /// Every book by its position (the accessors' ``forEachBook(_:)`` as a dictionary).
    public var booksByKey: [PositionKey: LotBook] {
        var books: [PositionKey: LotBook] = [:]
        forEachBook { books[$0] = $1 }
        return books
    }

    /// Every fiat balance by its position.
    public var balancesByKey: [PositionKey: ExactDecimal] {
        var balances: [PositionKey: ExactDecimal] = [:]
        forEachBalance { balances[$0] = $1 }
        return balances
    }

    /// Every held quantity by its position (a state that keeps no lots).
    public var heldByKey: [PositionKey: ExactDecimal] {
        var held: [PositionKey: ExactDecimal] = [:]
        forEachHeld { held[$0] = $1 }
        return held
    }

    public var warnings: [LedgerDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    public var errors: [LedgerDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Realized + unrealized P&L (at `prices` as of the state's as-of) − cost that left with
    /// withdrawals: the total every booking method must agree on.
    public func methodIndependentTotal(prices: PriceTable) -> ExactDecimal {
        realizedPnL + HoldingsReport(state: self, prices: prices).totals.unrealizedPnL - withdrawnCost
    }

    /// Everything a replay produces, comparable with `==` (lots as arrays, in book order).
    public var snapshot: PortfolioSnapshot { PortfolioSnapshot(self) }
}

/// A `PortfolioState` made comparable: two replays that agree on every field are equal.
public struct PortfolioSnapshot: Equatable, CustomStringConvertible {
    public let books: [PositionKey: [Lot]]
    public let fiat: [PositionKey: ExactDecimal]
    public let disposals: [Disposal]
    public let totals: [String: ExactDecimal]
    public let assetClasses: [AssetSymbol: AssetClass]
    public let diagnostics: [LedgerDiagnostic]
    public let eventCount: Int

    init(_ state: PortfolioState) {
        books = state.booksByKey.mapValues { Array($0.lots) }.filter { !$0.value.isEmpty }
        fiat = state.balancesByKey.filter { !$0.value.isZero }
        disposals = state.disposals
        totals = [
            "netFiatPaidIn": state.netFiatPaidIn, "income": state.income, "feesPaid": state.feesPaid,
            "withdrawnCost": state.withdrawnCost, "acquiredCost": state.acquiredCost,
        ]
        assetClasses = state.assetClasses
        diagnostics = state.diagnostics
        eventCount = state.eventCount
    }

    /// The first field that differs from `other`, for failure messages.
    public func firstDifference(from other: PortfolioSnapshot) -> String? {
        if books != other.books { return "books: \(books) vs \(other.books)" }
        if fiat != other.fiat { return "fiat: \(fiat) vs \(other.fiat)" }
        if disposals != other.disposals {
            let index =
                zip(disposals, other.disposals).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(disposals.count, other.disposals.count)
            return "disposals differ from #\(index) (counts \(disposals.count) vs \(other.disposals.count))"
        }
        if totals != other.totals { return "totals: \(totals) vs \(other.totals)" }
        if assetClasses != other.assetClasses { return "asset classes: \(assetClasses) vs \(other.assetClasses)" }
        if diagnostics != other.diagnostics { return "diagnostics: \(diagnostics) vs \(other.diagnostics)" }
        if eventCount != other.eventCount { return "event count: \(eventCount) vs \(other.eventCount)" }
        return nil
    }

    public var description: String {
        "\(books.count) positions, \(disposals.count) disposals, \(eventCount) events, totals \(totals)"
    }
}
