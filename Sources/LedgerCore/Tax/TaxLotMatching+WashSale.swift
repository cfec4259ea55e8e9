extension TaxLotMatching {
    /// The wash-sale rule (IRC § 1091; Publication 550, "Wash Sales") for one lot piece sold at
    /// `loss`: acquisitions of the asset within 30 days before or after the sale, earliest
    /// first, other than the purchases the sale's own pieces came from, replace the sold units
    /// one for one, each unit once. The loss on the replaced units is disallowed, added to the
    /// replacement units' basis, and their holding period starts earlier by the days the sold
    /// units were held. Returns the disallowed loss.
    mutating func washSale(
        _ piece: TaxLot, loss: ExactDecimal, on sale: TaxTransaction, excluding sold: Set<EventID>
    ) -> ExactDecimal {
        let takes = replacements(for: piece.held.quantity, on: sale, excluding: sold)
        let replaced = takes.reduce(ExactDecimal.zero) { $0 + $1.quantity }
        guard replaced.isPositive else { return .zero }
        let disallowed = replaced == piece.held.quantity ? loss : loss * replaced / piece.held.quantity
        let tackedDays = Int(sale.time.daysSinceEpoch) - Int(piece.holdingDay)
        let amounts = disallowed.apportioned(by: takes.map(\.quantity))
        for ((index, quantity), amount) in zip(takes, amounts) {
            purchases[index].used += quantity
            let adjustment = PendingAdjustment(quantity: quantity, amount: amount, tackedDays: tackedDays)
            if index < opened {
                adjustOpenLot(of: purchases[index].event, adjustment)
            } else {
                pending[purchases[index].event, default: []].append(adjustment)
            }
        }
        return disallowed
    }

    /// The purchases (by index) and quantities that replace up to `quantity` sold units.
    private func replacements(
        for quantity: ExactDecimal, on sale: TaxTransaction, excluding sold: Set<EventID>
    ) -> [(index: Int, quantity: ExactDecimal)] {
        let day = sale.date.daysSinceEpoch
        var wanted = quantity
        var takes: [(index: Int, quantity: ExactDecimal)] = []
        var index = firstPurchase(onOrAfter: day - 30)
        while index < purchases.count, wanted.isPositive, purchaseDays[index] <= day + 30 {
            defer { index += 1 }
            let purchase = purchases[index]
            guard !sold.contains(purchase.event) else { continue }
            var available = purchase.quantity - purchase.used
            // Bought before the sale: only the units still held, and not yet adjusted, can.
            if index < opened { available = min(available, unadjustedQuantity(of: purchase.event)) }
            let part = min(wanted, available)
            guard part.isPositive else { continue }
            takes.append((index, part))
            wanted -= part
        }
        return takes
    }

    /// The first purchase on or after `day` (purchases are in time order).
    private func firstPurchase(onOrAfter day: Int) -> Int {
        var (low, high) = (0, purchaseDays.count)
        while low < high {
            let middle = (low + high) / 2
            if purchaseDays[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func unadjustedQuantity(of event: EventID) -> ExactDecimal {
        lots.reduce(.zero) { $0 + ($1.event == event && !$1.washAdjusted ? $1.held.quantity : .zero) }
    }

    /// Gives held units of a purchase the disallowed loss, lot by lot (a purchase's unadjusted
    /// units are in one lot, or in several once transfers or the allocation to accounts split
    /// it), each lot's part its share of the amount.
    private mutating func adjustOpenLot(of event: EventID, _ adjustment: PendingAdjustment) {
        var rest = adjustment
        while rest.quantity.isPositive,
            let index = lots.firstIndex(where: { $0.event == event && !$0.washAdjusted })
        {
            let quantity = min(rest.quantity, lots[index].held.quantity)
            let amount = quantity == rest.quantity ? rest.amount : rest.amount * quantity / rest.quantity
            let part = priced(
                Self.absorb(
                    PendingAdjustment(quantity: quantity, amount: amount, tackedDays: rest.tackedDays),
                    splitting: &lots[index]))
            if lots[index].held.quantity.isPositive {
                lots.insert(part, at: index)
            } else {
                lots[index] = part
            }
            rest = PendingAdjustment(
                quantity: rest.quantity - quantity, amount: rest.amount - amount, tackedDays: rest.tackedDays)
        }
    }
}
