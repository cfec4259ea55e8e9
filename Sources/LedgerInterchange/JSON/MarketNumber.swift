import LedgerCore

/// Turns a number as an API writes it into an ``ExactDecimal`` by text manipulation only.
enum MarketNumber {
    /// `64250.5`, `-1.234`, `1.5e-7`, `2E+3` → exact decimals; digits past the 18th decimal
    /// place are rounded half away from zero (market data only, never a ledger amount).
    static func decimal(_ text: String) -> ExactDecimal? {
        if case .success(let value) = ExactDecimal.parse(text) { return value }
        guard let plain = plainDigits(text) else { return nil }
        if case .success(let value) = ExactDecimal.parse(plain) { return value }
        return rounded(plain)
    }

    /// Expands an exponent: `1.5e-7` → `0.00000015`. Nil when the text is not a JSON number.
    static func plainDigits(_ text: String) -> String? {
        var body = Substring(text)
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        let parts = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count), let mantissa = parts.first, !mantissa.isEmpty else { return nil }
        let exponentText = parts.count == 2 ? String(parts[1]) : "0"
        guard let exponent = Int(exponentText.hasPrefix("+") ? String(exponentText.dropFirst()) : exponentText),
            abs(exponent) < 400
        else { return nil }
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            !pieces[0].isEmpty
        else { return nil }
        var digits = String(pieces[0]) + (pieces.count == 2 ? String(pieces[1]) : "")
        var point = pieces[0].count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        let whole = digits.prefix(point).drop { $0 == "0" }
        let fraction = digits.dropFirst(point)
        let text = (whole.isEmpty ? "0" : String(whole)) + (fraction.isEmpty ? "" : "." + String(fraction))
        return (negative ? "-" : "") + text
    }

    /// Rounds a plain decimal text with too many fractional digits to 18 places.
    private static func rounded(_ plain: String) -> ExactDecimal? {
        guard let dot = plain.firstIndex(of: ".") else { return nil }
        let keep = plain.index(dot, offsetBy: ExactDecimal.scale + 1, limitedBy: plain.endIndex) ?? plain.endIndex
        guard case .success(let truncated) = ExactDecimal.parse(plain[..<keep]) else { return nil }
        guard keep < plain.endIndex, let next = plain[keep].wholeNumberValue, next >= 5 else { return truncated }
        let step = ExactDecimal(units: 1)
        return plain.hasPrefix("-") ? truncated - step : truncated + step
    }
}
