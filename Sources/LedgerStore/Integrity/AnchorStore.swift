/// The chain anchor kept for a ledger in the user's state directory (``LedgerAnchor``).
public protocol AnchorStore {
    /// The anchor file of this ledger, if it has one.
    var stored: ChainAnchor? { get }
    /// The cheap check every command makes on open.
    func check() throws -> AnchorCheck
    /// Throws ``StoreError/anchorMismatch(path:_:)`` unless the anchor matches (or there is none).
    func require() throws
    /// A ledger this open created is anchored anew; any other must match its anchor.
    func checkOnOpen() throws
    /// Re-anchors the ledger at its current head; returns it (nil when nothing was written).
    @discardableResult
    func accept() throws -> ChainHead?
}
