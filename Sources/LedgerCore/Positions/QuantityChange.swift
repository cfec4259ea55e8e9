/// Identifies one running balance: an asset in an account.
public struct PositionKey: Hashable, Sendable {
    public let account: String
    public let asset: AssetSymbol
    /// Both parts digested once (see ``AssetSymbol``): the replay looks a key up per event.
    private let keyHash: UInt64

    public init(account: String, asset: AssetSymbol) {
        self.account = account
        self.asset = asset
        keyHash = fnv1a(account.utf8, from: asset.textHash)
    }

    public static func == (lhs: PositionKey, rhs: PositionKey) -> Bool {
        lhs.keyHash == rhs.keyHash && lhs.asset == rhs.asset && lhs.account == rhs.account
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(keyHash) }

    /// See ``AssetSymbol/_rawHashValue(seed:)``: no `Hasher` per lookup.
    public func _rawHashValue(seed: Int) -> Int { mixedHash(keyHash, seed: seed) }
}

/// How an event moves one balance. `mustBeHeld` marks the outflows that may not exceed what is
/// held; fiat spent on a purchase is exempt, because buying with money never deposited is
/// allowed and shows as net fiat paid in, and so is any fiat an imported event takes out: a
/// statement's cash goes below zero where its rows say (an overdraft; docs/VALUATION.md, "Cash").
public struct QuantityChange: Hashable, Sendable {
    public let key: PositionKey
    public let delta: ExactDecimal
    public let mustBeHeld: Bool
}

extension LedgerEvent {
    /// The balance changes this event makes (a split, which scales balances, and a void make
    /// none here; see ``PositionBook``).
    public var quantityChanges: [QuantityChange] {
        var changes: [QuantityChange] = []
        // At most two changes and a fee: room made once, not grown twice.
        changes.reserveCapacity(3)
        forEachQuantityChange { changes.append($0) }
        return changes
    }

    /// Hands `body` each of ``quantityChanges`` in order, with no array made: the holdings
    /// checks (`verify`, an import's) fold every event.
    public func forEachQuantityChange(_ body: (QuantityChange) -> Void) {
        func add(_ account: String, _ asset: AssetSymbol, _ delta: ExactDecimal, held: Bool) {
            body(QuantityChange(key: PositionKey(account: account, asset: asset), delta: delta, mustBeHeld: held))
        }
        let imported: Bool
        if case .imported = provenance { imported = true } else { imported = false }
        /// An outflow of `asset` that must be covered by what is held.
        func checked(_ asset: Asset) -> Bool { !(imported && asset.isFiat) }
        switch action {
        case .buy(let amount, let term):
            add(account, amount.asset.symbol, amount.quantity, held: false)
            add(account, term.quote, -term.quoteAmount(for: amount.quantity), held: !term.quote.isWellKnownFiat)
        case .sell(let amount, let term):
            add(account, amount.asset.symbol, -amount.quantity, held: true)
            add(account, term.quote, term.quoteAmount(for: amount.quantity), held: false)
        case .trade(let given, let received):
            add(account, given.asset.symbol, -given.quantity, held: !given.asset.isFiat)
            add(account, received.asset.symbol, received.quantity, held: false)
        case .deposit(let amount), .income(let amount, _, _):
            add(account, amount.asset.symbol, amount.quantity, held: false)
        case .withdraw(let amount), .fee(let amount):
            add(account, amount.asset.symbol, -amount.quantity, held: checked(amount.asset))
        case .transfer(let amount, let destination):
            add(account, amount.asset.symbol, -amount.quantity, held: checked(amount.asset))
            add(destination, amount.asset.symbol, amount.quantity, held: false)
        case .split, .void:
            break
        case .link:
            // A link moves nothing itself: its two events already did (``TransferLinks``).
            return
        }
        if let fee, !fee.quantity.isZero {
            add(account, fee.asset.symbol, -fee.quantity, held: !fee.asset.isFiat)
        }
    }

    /// Every asset symbol the event touches (for loading only the events that matter).
    public var touchedAssets: Set<AssetSymbol> {
        var symbols = Set(quantityChanges.map(\.key.asset))
        if case .split(let asset, _) = action { symbols.insert(asset.symbol) }
        return symbols
    }
}
