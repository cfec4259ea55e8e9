import LedgerCore

/// The lots and fiat balances of the positions one event touches, taken before and after it,
/// so the difference gives the lots it removed (reductions) and added (augmentations).
///
/// Lots are grouped by (acquisition date, unit cost): beancount merges lots that agree on
/// both into one position, so that is the identity a reduction can name.
struct PositionSnapshot {
    struct LotIdentity: Hashable, Comparable {
        let acquired: LocalDate
        let unitCost: ExactDecimal

        static func < (lhs: LotIdentity, rhs: LotIdentity) -> Bool {
            (lhs.acquired, lhs.unitCost) < (rhs.acquired, rhs.unitCost)
        }
    }

    var lots: [PositionKey: [LotIdentity: ExactDecimal]] = [:]
    var fiat: [PositionKey: ExactDecimal] = [:]

    init(_ state: PortfolioState, keys: [PositionKey]) {
        for key in keys {
            var grouped: [LotIdentity: ExactDecimal] = [:]
            for lot in state.book(key)?.lots ?? [] {
                grouped[LotIdentity(acquired: lot.acquired.date, unitCost: lot.unitCost), default: .zero] +=
                    lot.quantity
            }
            lots[key] = grouped
            fiat[key] = state.balance(key) ?? .zero
        }
    }

    /// Quantity changes per lot identity from `self` to `after` (non-zero only): reductions
    /// first, each group in identity order.
    func lotChanges(to after: PositionSnapshot, key: PositionKey) -> [(LotIdentity, ExactDecimal)] {
        let before = lots[key] ?? [:]
        let later = after.lots[key] ?? [:]
        let changes = Set(before.keys).union(later.keys).sorted().compactMap { identity in
            let change = (later[identity] ?? .zero) - (before[identity] ?? .zero)
            return change.isZero ? nil : (identity, change)
        }
        return changes.filter { $0.1.isNegative } + changes.filter { $0.1.isPositive }
    }

    func fiatChange(to after: PositionSnapshot, key: PositionKey) -> ExactDecimal {
        (after.fiat[key] ?? .zero) - (fiat[key] ?? .zero)
    }
}

/// The running totals of a ``PortfolioState`` whose changes become the other legs.
struct FoldTotals {
    let netFiatPaidIn, income, feesPaid, withdrawnCost, acquiredCost, realizedGain: ExactDecimal

    init(_ state: PortfolioState) {
        netFiatPaidIn = state.netFiatPaidIn
        income = state.income
        feesPaid = state.feesPaid
        withdrawnCost = state.withdrawnCost
        acquiredCost = state.acquiredCost
        realizedGain = state.realizedGain
    }

    static func - (lhs: FoldTotals, rhs: FoldTotals) -> FoldTotals {
        FoldTotals(
            netFiatPaidIn: lhs.netFiatPaidIn - rhs.netFiatPaidIn, income: lhs.income - rhs.income,
            feesPaid: lhs.feesPaid - rhs.feesPaid, withdrawnCost: lhs.withdrawnCost - rhs.withdrawnCost,
            acquiredCost: lhs.acquiredCost - rhs.acquiredCost, realizedGain: lhs.realizedGain - rhs.realizedGain)
    }

    private init(
        netFiatPaidIn: ExactDecimal, income: ExactDecimal, feesPaid: ExactDecimal,
        withdrawnCost: ExactDecimal, acquiredCost: ExactDecimal, realizedGain: ExactDecimal
    ) {
        self.netFiatPaidIn = netFiatPaidIn
        self.income = income
        self.feesPaid = feesPaid
        self.withdrawnCost = withdrawnCost
        self.acquiredCost = acquiredCost
        self.realizedGain = realizedGain
    }
}
