/// What each account holds of one asset, lots or not (``TaxLotMatching``'s allocation at the
/// switch to basis per account). It changes with every transaction, so the account changed
/// last is found by comparing its name, not by hashing it: a `String`-keyed dictionary hashed
/// each transaction's account with SipHash (1.3% of `tax -O json` at 1M).
struct AccountQuantities {
    private var positions: [String: Int] = [:]
    private var names: [String] = []
    private var quantities: [ExactDecimal] = []
    /// The position of the account changed last (-1: none yet).
    private var last = -1

    /// Adds `quantity` (negative: takes it away) to `account`'s, which is zero until first changed.
    mutating func add(_ quantity: ExactDecimal, to account: String) {
        quantities[position(of: account)] += quantity
    }

    /// Adds `quantity` to the account numbered `number` (``number(of:)``).
    mutating func add(_ quantity: ExactDecimal, at number: Int32) {
        quantities[Int(number)] += quantity
    }

    /// The number of `account` here (its place, given when first met, with nothing held): a
    /// lot names its account by it, so that a lot holds no `String` and is copied as plain
    /// bytes (its copies through the value witness were ~60 samples of `tax` at 1M).
    mutating func number(of account: String) -> Int32 { Int32(position(of: account)) }

    /// The name of the account numbered `number`.
    func name(of number: Int32) -> String { names[Int(number)] }

    /// Every account met so far, by number, with its quantity.
    var all: [Int32: ExactDecimal] {
        Dictionary(uniqueKeysWithValues: zip(names.indices.lazy.map { Int32($0) }, quantities))
    }

    /// Every quantity × numerator ÷ denominator (a split).
    mutating func scale(numerator: ExactDecimal, denominator: ExactDecimal) {
        for index in quantities.indices { quantities[index] = quantities[index] * numerator / denominator }
    }

    private mutating func position(of account: String) -> Int {
        if last >= 0, names[last] == account { return last }
        if let known = positions[account] {
            last = known
            return known
        }
        last = names.count
        positions[account] = last
        names.append(account)
        quantities.append(.zero)
        return last
    }
}
