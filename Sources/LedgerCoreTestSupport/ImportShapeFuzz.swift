import LedgerCore

/// Seeded rows for the generic and Coinbase layouts in the shapes issue 39 found misread
/// (`1.5E`, `1٢`, `5ETH` in a BTC row, a price whose total needs a 19th decimal place, an ID
/// that starts with a NUL byte) beside the shapes that must be read exactly (`5BTC`, `5 btc`,
/// `1,234.5`, `15E-1`, `$20.00`). Each number comes with the value it must be read as, or nil
/// when the only right outcome is a refusal at its line.
public struct ImportShapeFuzz {
    /// A number as written in a cell, and the exact value it says (nil: it must be refused).
    public struct Cell: Sendable {
        public let text: String
        public let value: ExactDecimal?
    }

    /// One data row and what it must be read as: the quantity, and for a trade its total.
    public struct Row: Sendable {
        public let csv: String
        public let quantity: ExactDecimal?
        public let total: ExactDecimal?
        /// False when some cell must be refused or the total needs rounding: the row must be
        /// refused at its line.
        public var mustRead: Bool { quantity != nil && total != nil }
    }

    public var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    public static let genericHeader = "Time,Type,Coin,Amount,Price"
    public static let genericMapping = [
        "date": "Time", "side": "Type", "asset": "Coin", "quantity": "Amount", "price": "Price",
    ]
    public static let coinbaseHeader =
        "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes"

    /// A random exact positive number with up to `places` decimal places, and its text.
    mutating func number(places: Int) -> (String, ExactDecimal) {
        let whole = Int.random(in: 0...(random.next() % 4 == 0 ? 2_500_000 : 99), using: &random)
        let count = Int.random(in: 0...places, using: &random)
        var fraction = (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if whole == 0, fraction.allSatisfy({ $0 == "0" }) { fraction = String(repeating: "0", count: count) + "1" }
        let text = fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        return (text, ExactDecimal(text)!)
    }

    /// `value` written in one of the shapes: read exactly, or (value nil) to be refused.
    mutating func cell(_ text: String, _ value: ExactDecimal, unit: String, money: Bool) -> Cell {
        let other = unit == "BTC" ? "ETH" : unit == "USD" ? "EUR" : "BTC"
        switch Int.random(in: 0..<11, using: &random) {
        case 0: return Cell(text: text + unit, value: value)
        case 1: return Cell(text: text + " " + unit.lowercased(), value: value)
        case 2: return Cell(text: "\"" + Self.grouped(text) + "\"", value: value)
        case 3: return Cell(text: Self.exponent(text), value: value)
        case 4: return Cell(text: money ? "$" + text : text, value: value)
        case 5: return Cell(text: text + (random.next() % 2 == 0 ? "E" : "e"), value: nil)
        case 6:
            let digit = ["٢", "１", "७", "๓"].randomElement(using: &random)!
            return Cell(text: random.next() % 2 == 0 ? text + digit : digit + text, value: nil)
        case 7: return Cell(text: text + other, value: nil)
        default: return Cell(text: text, value: value)
        }
    }

    /// `1234567.5` → `1,234,567.5`.
    static func grouped(_ text: String) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(parts[0])
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(String(digits), at: 0)
        return groups.joined(separator: ",") + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// `1.25` → `125E-2`.
    static func exponent(_ text: String) -> String {
        let parts = text.split(separator: ".")
        guard parts.count == 2 else { return text + "E0" }
        return String(parts[0]) + String(parts[1]) + "E-\(parts[1].count)"
    }

    /// A generic row: a buy of BTC at a unit price (some so small that the total needs a 19th
    /// place), or a withdrawal of USD (after buys have taken the balance below 0).
    public mutating func genericRow(day: Int) -> Row {
        let time = "2024-01-\(String(format2: day % 28 + 1)) 10:\(String(format2: day % 60)):00"
        let (qText, quantity) = number(places: 8)
        let amount = cell(qText, quantity, unit: random.next() % 3 == 0 ? "USD" : "BTC", money: false)
        if amount.text.hasSuffix("USD") || amount.text.hasSuffix("usd") || random.next() % 5 == 0 {
            let usd = cell(qText, quantity, unit: "USD", money: false)
            return Row(csv: "\(time),withdraw,USD,\(usd.text),", quantity: usd.value, total: .zero)
        }
        let (pText, price) =
            random.next() % 4 == 0 ? ("0.000000000000000001", ExactDecimal(units: 1)) : number(places: 6)
        let priceCell = cell(pText, price, unit: "USD", money: false)
        let total = amount.value.flatMap { q in priceCell.value.flatMap { q.multipliedExactly(by: $0) } }
        return Row(csv: "\(time),buy,BTC,\(amount.text),\(priceCell.text)", quantity: amount.value, total: total)
    }

    /// A Coinbase row: a Receive of BTC (its quantity), or a Buy whose total is a money cell;
    /// some IDs start with a NUL byte.
    public mutating func coinbaseRow(index: Int) -> Row {
        let id = (random.next() % 4 == 0 ? "\u{0}" : "") + "id\(index)-\(random.next() % 1_000_000)"
        let time = "2024-02-\(String(format2: index % 28 + 1)) 09:\(String(format2: index % 60)):00 UTC"
        let (qText, quantity) = number(places: 8)
        let amount = cell(qText, quantity, unit: "BTC", money: false)
        guard random.next() % 2 == 0 else {
            return Row(
                csv: "\(id),\(time),Receive,BTC,\(amount.text),USD,$40000,$1.00,$1.00,$0.00,", quantity: amount.value,
                total: .zero)
        }
        let (tText, total) = number(places: 2)
        let totalCell = cell(tText, total, unit: "USD", money: true)
        let positive = totalCell.value.map { $0.isPositive } ?? true
        return Row(
            csv: "\(id),\(time),Buy,BTC,\(amount.text),USD,$40000,\(totalCell.text),\(totalCell.text),$0.00,Bought",
            quantity: amount.value, total: positive ? totalCell.value : nil)
    }
}

extension String {
    /// `7` → `07`.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
