import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore

/// The words of `ledger alert add ASSET CONDITION…` checked into an ``AlertDraft``. Every
/// problem is a usage error (exit 64) found before the ledger is opened.
struct AlertRequest {
    let asset: String
    let words: [String]
    let within: String?
    let assetClass: String?
    let note: String?

    static let example = "e.g. ledger alert add BTC above 50000, below 20000, or change 10% --within 24h"

    /// The alert to store; `quote` is `--currency` or the ledger's currency.
    func draft(quote: AssetSymbol) throws -> AlertDraft {
        guard let symbol = AssetSymbol(asset) else {
            throw CommandError.usage(
                "'\(asset)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL")
        }
        if symbol == quote {
            throw CommandError.usage(
                "an alert on \(symbol) in \(quote) would never move; name another asset, or another currency with --currency"
            )
        }
        let condition = try self.condition()
        return AlertDraft(
            asset: symbol, assetClass: try parsedClass(), quote: quote, condition: condition, note: note ?? "")
    }

    private func condition() throws -> AlertCondition {
        let words = words.filter { $0 != "--" }
        if let option = words.first(where: { $0.hasPrefix("--") }) {
            throw CommandError.usage("unknown option '\(option)'; see 'ledger alert add --help'")
        }
        guard let word = words.first else {
            throw CommandError.usage("alert add needs a condition after \(asset); \(Self.example)")
        }
        guard words.count <= 2 else {
            throw CommandError.usage("unexpected '\(words[2])' after the condition; \(Self.example)")
        }
        let value = words.count == 2 ? words[1] : nil
        switch word.lowercased() {
        case "above", "below":
            if within != nil {
                throw CommandError.usage("--within goes with 'change', not '\(word.lowercased())'; \(Self.example)")
            }
            let level = try number(value, what: "the level", example: "\(word.lowercased()) 50000")
            return word.lowercased() == "above" ? .above(level) : .below(level)
        case "change": return try change(value)
        default:
            throw CommandError.usage(
                "'\(word)' is not an alert condition; use above, below or change (\(Self.example))")
        }
    }

    private func change(_ value: String?) throws -> AlertCondition {
        guard let value, value.hasSuffix("%") else {
            let got = value.map { "'\($0)' is not a percentage" } ?? "change needs a percentage"
            throw CommandError.usage("\(got); write e.g. change 10% --within 24h (+10% only up, -10% only down)")
        }
        var digits = String(value.dropLast())
        var direction = ChangeDirection.either
        if let sign = digits.first, sign == "+" || sign == "-" {
            direction = sign == "+" ? .up : .down
            digits.removeFirst()
        }
        let percent = try number(digits, what: "the percentage", example: "change 10%")
        guard let within else {
            throw CommandError.usage(
                "change needs --within, the time the move happens in; e.g. change \(value) --within 24h")
        }
        guard let window = Age.parseDuration(within), window > 0 else {
            throw CommandError.usage("--within '\(within)' is not a duration; use e.g. 30m, 6h, 24h or 7d")
        }
        return .change(percent: percent, direction: direction, window: window)
    }

    /// A positive exact number, or the sentence saying why `text` is not one.
    private func number(_ text: String?, what: String, example: String) throws -> ExactDecimal {
        guard let text else { throw CommandError.usage("\(what) is missing; write e.g. \(example)") }
        switch DecimalInput.parse(text, what: what) {
        case .failure(let problem): throw CommandError.usage(problem.message)
        case .success(let value) where !value.isPositive:
            throw CommandError.usage("\(what) must be more than 0, got \(text); write e.g. \(example)")
        case .success(let value): return value
        }
    }

    private func parsedClass() throws -> AssetClass? {
        guard let assetClass else { return nil }
        guard let parsed = AssetClass(rawValue: assetClass.lowercased()) else {
            throw CommandError.usage("--class '\(assetClass)' is not an asset class; use crypto, stock, etf or fiat")
        }
        return parsed
    }
}
