import LedgerCore
import LedgerInterchange
import LedgerStore

/// The words of `ledger alert add ASSET CONDITION…` checked into an ``AlertDraft``. Every
/// problem is a usage error (exit 64) found before the ledger is opened. The server's alert
/// form and API fill one from their fields, so they refuse with the same sentences.
public struct AlertRequest: Sendable {
    public let asset: String
    public let words: [String]
    public let within: String?
    public let assetClass: String?
    public let note: String?

    public init(asset: String, words: [String], within: String?, assetClass: String?, note: String?) {
        self.asset = asset
        self.words = words
        self.within = within
        self.assetClass = assetClass
        self.note = note
    }

    /// The number of `alert remove ID` (`3` or `#3`), or why `text` is none.
    public static func alertNumber(_ text: String) throws(AlertCommandError) -> Int64 {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let number = Int64(digits), number > 0 else { throw .notAnAlertNumber(text) }
        return number
    }

    /// The alert to store; `quote` is `--currency` or the ledger's currency.
    public func draft(quote: AssetSymbol) throws -> AlertDraft {
        guard let symbol = AssetSymbol(asset) else {
            throw MarketServiceError.notAnAssetSymbol(asset)
        }
        if symbol == quote {
            throw AlertCommandError.sameAsQuote(symbol)
        }
        let condition = try self.condition()
        return AlertDraft(
            asset: symbol, assetClass: try parsedClass(), quote: quote, condition: condition, note: note ?? "")
    }

    private func condition() throws -> AlertCondition {
        let words = words.filter { $0 != "--" }
        if let option = words.first(where: { $0.hasPrefix("--") }) {
            throw OptionValueError.unknownOption(option, command: "alert add")
        }
        guard let word = words.first else {
            throw AlertCommandError.missingCondition(asset: asset)
        }
        guard words.count <= 2 else {
            throw AlertCommandError.unexpected(words[2])
        }
        let value = words.count == 2 ? words[1] : nil
        switch word.lowercased() {
        case "above", "below":
            if within != nil {
                throw AlertCommandError.withinWithLevel(word.lowercased())
            }
            let level = try number(value, what: "the level", example: "\(word.lowercased()) 50000")
            return word.lowercased() == "above" ? .above(level) : .below(level)
        case "change": return try change(value)
        default:
            throw AlertCommandError.notACondition(word)
        }
    }

    private func change(_ value: String?) throws -> AlertCondition {
        guard let value, value.hasSuffix("%") else {
            throw AlertCommandError.notAPercentage(value)
        }
        var digits = String(value.dropLast())
        var direction = ChangeDirection.either
        if let sign = digits.first, sign == "+" || sign == "-" {
            direction = sign == "+" ? .up : .down
            digits.removeFirst()
        }
        let percent = try number(digits, what: "the percentage", example: "change 10%")
        guard let within else {
            throw AlertCommandError.changeWithoutWithin(value)
        }
        guard let window = Age.parseDuration(within), window > 0 else {
            throw AlertCommandError.notAWindow(within)
        }
        return .change(percent: percent, direction: direction, window: window)
    }

    /// A positive exact number, or the sentence saying why `text` is not one.
    private func number(_ text: String?, what: String, example: String) throws -> ExactDecimal {
        guard let text else { throw AlertCommandError.missingNumber(what: what, example: example) }
        switch DecimalInput.parse(text, what: what) {
        case .failure(let problem): throw AlertCommandError.notANumber(problem)
        case .success(let value) where !value.isPositive:
            throw AlertCommandError.notPositive(what: what, text: text, example: example)
        case .success(let value): return value
        }
    }

    private func parsedClass() throws -> AssetClass? {
        guard let assetClass else { return nil }
        guard let parsed = AssetClass(rawValue: assetClass.lowercased()) else {
            throw OptionValueError.notAnAssetClass(assetClass)
        }
        return parsed
    }
}
