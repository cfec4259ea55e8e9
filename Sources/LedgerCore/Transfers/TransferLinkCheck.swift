/// Why two events cannot be linked as one transfer (`ledger transfers link W D`).
public enum TransferLinkError: Error, Equatable, Sendable {
    case notAWithdrawal(sequence: Int64, kind: EventKind)
    case notADeposit(sequence: Int64, kind: EventKind)
    case differentAssets(AssetSymbol, AssetSymbol)
    case sameAccount(String)
    case depositBeforeWithdrawal(deposit: Timestamp, withdrawal: Timestamp)
    case depositLarger(deposit: ExactDecimal, withdrawal: ExactDecimal, asset: AssetSymbol)
    case alreadyLinked(sequence: Int64, link: Int64)

    public var message: String {
        switch self {
        case .notAWithdrawal(let sequence, let kind):
            "#\(sequence) is a \(kind.rawValue), not a withdrawal; give the withdrawal first: ledger transfers link W D"
        case .notADeposit(let sequence, let kind):
            "#\(sequence) is a \(kind.rawValue), not a deposit; give the deposit second: ledger transfers link W D"
        case .differentAssets(let sent, let arrived):
            "the withdrawal is \(sent) and the deposit \(arrived); a transfer moves one asset (see 'ledger transfers --unmatched')"
        case .sameAccount(let account):
            "both events are in '\(account)'; a transfer links two different accounts"
        case .depositBeforeWithdrawal(let deposit, let withdrawal):
            "the deposit (\(deposit)) is before the withdrawal (\(withdrawal)); a transfer arrives after it leaves"
        case .depositLarger(let deposit, let withdrawal, let asset):
            "the deposit of \(deposit) \(asset) is more than the withdrawal of \(withdrawal) \(asset); a transfer cannot arrive with more than left"
        case .alreadyLinked(let sequence, let link):
            "#\(sequence) is already linked by #\(link); unlink it first: ledger transfers unlink \(link)"
        }
    }
}

extension TransferLink {
    /// The link of `withdrawal` and `deposit` by `rule`, or why they cannot be one transfer
    /// (checked for a link made by hand; the matcher only proposes pairs that fit).
    public static func checked(withdrawal: LedgerEvent, deposit: LedgerEvent, rule: TransferRule)
        throws(TransferLinkError) -> TransferLink
    {
        guard case .withdraw(let sent) = withdrawal.action else {
            throw .notAWithdrawal(sequence: withdrawal.sequence, kind: withdrawal.kind)
        }
        guard case .deposit(let arrived) = deposit.action else {
            throw .notADeposit(sequence: deposit.sequence, kind: deposit.kind)
        }
        guard sent.asset.symbol == arrived.asset.symbol else {
            throw .differentAssets(sent.asset.symbol, arrived.asset.symbol)
        }
        guard withdrawal.account != deposit.account else { throw .sameAccount(deposit.account) }
        guard deposit.occurredAt >= withdrawal.occurredAt else {
            throw .depositBeforeWithdrawal(deposit: deposit.occurredAt, withdrawal: withdrawal.occurredAt)
        }
        guard arrived.quantity <= sent.quantity else {
            throw .depositLarger(deposit: arrived.quantity, withdrawal: sent.quantity, asset: sent.asset.symbol)
        }
        return TransferLink(
            withdrawal: withdrawal.id, deposit: deposit.id, arrived: arrived, toAccount: deposit.account, rule: rule)
    }
}
