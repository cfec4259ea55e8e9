import LedgerCore

/// Why a stored or imported record does not describe a valid event.
public struct EventRecordError: Error, Equatable, Sendable {
    public let sequence: Int64
    public let field: String
    public let problem: String

    public var message: String { "event #\(sequence): field '\(field)' \(problem)" }
}

extension EventRecordV1 {
    /// The record of a domain event.
    public init(_ event: LedgerEvent) {
        let source: String
        switch event.provenance {
        case .manual: source = "manual"
        case .imported: source = "import"
        }
        self.init(
            sequence: event.sequence, id: event.id.text, schemaVersion: event.schemaVersion,
            kind: event.kind.rawValue, occurredAt: event.occurredAt.secondsSinceEpoch,
            recordedAt: event.recordedAt.secondsSinceEpoch, account: event.account,
            note: event.note, source: source
        )
        if case .imported(let batch, let fingerprint) = event.provenance {
            // Empty means unknown: stored as absent, so the unique fingerprint index never
            // sees two empty strings.
            self.batch = batch.isEmpty ? nil : batch
            self.fingerprint = fingerprint.isEmpty ? nil : fingerprint.text
        }
        if let fee = event.fee {
            self.fee = fee.quantity.description
            feeAsset = fee.asset.symbol.text
            feeClass = fee.asset.assetClass.rawValue
        }
        fill(from: event.action)
        (txHash, address) = (event.chain?.hash, event.chain?.address)
    }

    private mutating func fill(from action: EventAction) {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            setMain(amount)
            // A total is kept as given; `price` shows the unit price derived from it.
            setPrice(term.unitPrice(for: amount.quantity))
            total = term.total?.description
        case .trade(let given, let received):
            setMain(given)
            counterAsset = received.asset.symbol.text
            counterClass = received.asset.assetClass.rawValue
            counterQuantity = received.quantity.description
        case .deposit(let amount), .withdraw(let amount), .fee(let amount):
            setMain(amount)
        case .transfer(let amount, let destination):
            setMain(amount)
            toAccount = destination
        case .income(let amount, let kind, let value):
            setMain(amount)
            incomeKind = kind.rawValue
            // As for a buy: a total is kept as given (version 3), `price` is derived from it.
            if let value {
                setPrice(value.unitPrice(for: amount.quantity))
                total = value.total?.description
            }
        case .split(let asset, let ratio):
            self.asset = asset.symbol.text
            assetClass = asset.assetClass.rawValue
            splitRatio = ratio.description
        case .void(let target, let why):
            voidTarget = target.text
            reason = why
        case .link(let link):
            setMain(link.arrived)
            toAccount = link.toAccount
            reason = link.rule.rawValue
            (linkWithdrawal, linkDeposit) = (link.withdrawal.text, link.deposit.text)
        }
    }

    private mutating func setMain(_ amount: AssetAmount) {
        asset = amount.asset.symbol.text
        assetClass = amount.asset.assetClass.rawValue
        quantity = amount.quantity.description
    }

    private mutating func setPrice(_ unitPrice: Price) {
        price = unitPrice.amount.description
        quote = unitPrice.currency.text
    }
}
