import LedgerCore

extension TaxView {
    /// The rates values were converted with, one line each, exact (docs/TAX.md, "Trades in
    /// another currency"): `2024-03-01  EUR/GBP  0.8561  frankfurter, observed 2024-03-01T00:00:00Z`.
    func ratesUsed() -> String {
        guard !rates.isEmpty else { return "" }
        return "\n" + ratesHeading + ":\n" + rateLines.map { "  " + $0 + "\n" }.joined()
    }

    /// The heading of the rates, in every format.
    var ratesHeading: String {
        "Rates used (one unit in \(currency), the latest recorded at or before the day's events)"
    }

    /// One line a rate, in every format.
    var rateLines: [String] {
        rates.map { rate in
            "\(rate.day)  \(rate.asset)/\(rate.quote)  \(NumberFormat.quantity(rate.rate))  "
                + "\(rate.source), observed \(rate.observedAt)" + (rate.derived ? " (inverted or bridged)" : "")
        }
    }
}

extension TaxView {
    /// Germany: the year's § 22 Nr. 3 other income (staking, lending) and its Freigrenze.
    func otherIncomeRows(_ year: TaxYear) -> [Row] {
        guard let other = year.otherIncome else { return [] }
        let known = year.otherIncomeKnown
        return [
            Row("other income (§ 22 Nr. 3)", NumberFormat.money(other, complete: known)),
            Row("Freigrenze § 22 Nr. 3", NumberFormat.money(TaxCalendar.germanOtherIncomeLimit)),
            Row("taxable other income", Self.figure(year.otherIncomeTaxable, known: known)),
        ]
    }
}
