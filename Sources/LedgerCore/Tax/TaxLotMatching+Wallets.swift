/// Basis per wallet or account (US, from 2025; Rev. Proc. 2024-28; docs/TAX.md, "Basis per
/// wallet"): the allocation of the universal pool's lots to the accounts at the switch, and
/// lots moving with a transfer between the user's accounts.
extension TaxLotMatching {
    /// A transfer: `quantity` leaves `source`'s lots by the method and joins `destination`
    /// with its acquisition dates, holding periods and basis. Before the switch only the
    /// lots' account labels move (one pool still); what `source`'s lots do not cover arrives
    /// without basis (a later sale of it is matched as not held, at zero cost).
    mutating func move(_ quantity: ExactDecimal, from source: Int32, to destination: Int32) {
        heldByAccount.add(-quantity, at: source)
        heldByAccount.add(quantity, at: destination)
        var pieces: [TaxLot] = []
        _ = take(quantity, from: source, always: true, into: &pieces)
        for var piece in pieces {
            piece.account = destination
            insertInOrder(piece)
        }
    }

    /// Puts `lot` back where its acquisition belongs (after the lots acquired before or with
    /// it), so FIFO and LIFO still read the array in acquisition order.
    mutating func insertInOrder(_ lot: TaxLot) {
        var index = lots.endIndex
        while index > lots.startIndex {
            let before = lots.index(before: index)
            guard (lots[before].acquired, lots[before].event) > (lot.acquired, lot.event) else { break }
            index = before
        }
        lots.insert(lot, at: index)
    }

    /// The safe-harbor allocation at the switch (Rev. Proc. 2024-28 § 5, a global allocation
    /// by a standing rule): every account gets lots for the units it holds. First each lot
    /// stays in the account it is in, as far as that account's units allow; then the lots
    /// left over go, in the order the standing method takes lots (FIFO oldest first, LIFO
    /// newest first, HIFO highest unit cost first), to the accounts still holding units
    /// without lots, in name order. Lots beyond every account's units stay where they are.
    mutating func allocateToWallets() {
        perWallet = true
        var unplaced = heldByAccount.all.mapValues { max($0, .zero) }
        var left: [TaxLot] = []
        let hifo = method == .hifo
        // In place: the lots made into a new array were ~5k fresh pages of `tax` at 1M.
        lots.updateOrRemoveEach { (lot: inout TaxLot) -> Bool in
            let room = unplaced[lot.account] ?? .zero
            if room >= lot.held.quantity {
                unplaced[lot.account] = room - lot.held.quantity
                return true
            }
            guard room.isPositive else {
                left.append(lot)
                return false
            }
            var rest = lot
            lot = Self.split(&rest, room, to: lot.account, hifo: hifo)
            unplaced[lot.account] = .zero
            left.append(rest)
            return true
        }
        for lot in methodOrder(left) { allocate(lot, open: &unplaced) }
    }

    /// `lot` to the accounts with units still open, in name order; what none has room for
    /// stays in the lot's own account.
    private mutating func allocate(_ lot: TaxLot, open: inout [Int32: ExactDecimal]) {
        var rest = lot
        let names = heldByAccount
        for account in open.keys.sorted(by: { names.name(of: $0) < names.name(of: $1) })
        where rest.held.quantity.isPositive {
            let room = open[account]!
            guard room.isPositive else { continue }
            if room >= rest.held.quantity {
                open[account] = room - rest.held.quantity
                rest.account = account
                insertInOrder(rest)
                return
            }
            insertInOrder(Self.split(&rest, room, to: account, hifo: method == .hifo))
            open[account] = .zero
        }
        if rest.held.quantity.isPositive { insertInOrder(rest) }
    }

    /// `quantity` of `lot` (less than all of it) with its share of the cost, in `account`
    /// (with its unit cost for HIFO).
    private static func split(_ lot: inout TaxLot, _ quantity: ExactDecimal, to account: Int32, hifo: Bool) -> TaxLot {
        var part = lot
        part.held = CostedQuantity(quantity: quantity, cost: lot.held.take(quantity), complete: lot.held.complete)
        part.account = account
        return hifo ? part.priced : part
    }

    /// The lots in the order the standing method takes them.
    private func methodOrder(_ lots: [TaxLot]) -> [TaxLot] {
        switch method {
        case .lifo: Array(lots.reversed())
        case .hifo: lots.map(\.priced).sorted { $0.unitCost > $1.unitCost }
        case .fifo, .average: lots
        }
    }
}
