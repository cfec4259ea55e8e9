/// The gains of a set of disposals netted per sale and term (US, Germany: the lot pieces of one
/// sale in one term are one gain or loss; docs/TAX.md, "Gains and losses"). A sale's pieces all
/// have the sale's time and the reports keep disposals in time order, so the pieces are netted
/// per instant: consecutive pieces of one sale at once, and an instant's sales by sorting the
/// few of them (a fee paid in a third asset is a piece of the sale listed under that asset, so
/// not always next to the others). A dictionary of every sale was 5% of a million-trade
/// report. Disposals given out of time order are all sorted at the end instead.
struct SaleGains {
    private struct Sale {
        let event: EventID
        let term: HoldingTerm
        var gain: ExactDecimal

        func precedes(_ other: Sale) -> Bool {
            event != other.event ? event < other.event : term == .short && other.term == .long
        }

        func isSame(_ other: Sale) -> Bool { event == other.event && term == other.term }
    }

    /// Every sale so far; those from ``instantStart`` on are the current instant's.
    private var sales: [Sale] = []
    private var instantStart = 0
    private var instant: Timestamp?
    private var ordered = true

    mutating func add(_ gain: ExactDecimal, of event: EventID, term: HoldingTerm, at time: Timestamp) {
        if time != instant {
            if let instant, time < instant { ordered = false }
            merge(from: instantStart)
            instantStart = sales.count
            instant = time
        }
        let sale = Sale(event: event, term: term, gain: gain)
        if sales.count > instantStart, sales[sales.count - 1].isSame(sale) {
            sales[sales.count - 1].gain += gain
        } else {
            sales.append(sale)
        }
    }

    /// Each sale's gain in each term, netted.
    mutating func finish() -> [ExactDecimal] {
        merge(from: ordered ? instantStart : 0)
        return sales.map(\.gain)
    }

    /// Puts together the pieces of one sale and term among `sales[start...]`.
    private mutating func merge(from start: Int) {
        guard sales.count - start > 1 else { return }
        sales[start...].sort { $0.precedes($1) }
        var kept = start
        for index in start..<sales.count {
            if kept > start, sales[kept - 1].isSame(sales[index]) {
                sales[kept - 1].gain += sales[index].gain
            } else {
                sales[kept] = sales[index]
                kept += 1
            }
        }
        sales.removeSubrange(kept...)
    }
}
