import LedgerCore

/// The fixed text of a `ledger.tax/2` disposal (``JSONRuns``): what lies between each two of
/// its values, in the order ``TaxJSON/disposal(at:_:days:_:)`` writes them.
enum DisposalRun: Int, CaseIterable {
    case event, asset, assetClass, account, quantity, acquired, disposed
    // Each figure that may lack a price, then its known part's key (``TaxJSON`` writes the
    // one after the other: `run.rawValue + 1`).
    case proceeds, proceedsKnownPart, disposalCosts, disposalCostsKnownPart, costBasis, costBasisKnownPart
    case allowableCosts, allowableCostsKnownPart
    case adjustmentCode, adjustment, gain, term, treatment
    case matches, noMatches, nextMatch, matchQuantity, matchCost, matchCostKnownPart, matchAcquired, matchEvent
    case matchesEnd, close
}

extension TaxJSON {
    /// The runs of a disposal at `place` (an object at its depth, its matches two deeper), in
    /// ``DisposalRun``'s order. A value always a string has its opening quote in the run before
    /// it and its closing one in the run after; one that may be `null` writes its own.
    static func disposalRuns(at place: JSONPlace) -> JSONRuns {
        JSONRuns(
            DisposalRun.allCases.map { run in
                var text = JSONRunText(pretty: place.pretty)
                disposalRun(run, depth: place.depth, &text)
                return text.bytes
            })
    }

    private static func disposalRun(_ run: DisposalRun, depth: Int, _ text: inout JSONRunText) {
        let match = depth + 2
        switch run {
        case .event: text.text("{")
        case .asset, .assetClass, .account, .acquired, .proceeds, .matches, .noMatches: text.text("\",")
        case .matchQuantity, .matchCost: text.text("\",")
        case .nextMatch, .matchesEnd, .close: break
        default: text.text(",")
        }
        switch run {
        case .matches, .noMatches, .nextMatch, .matchesEnd, .close: structure(run, depth: depth, &text)
        case .matchQuantity, .matchCost, .matchCostKnownPart, .matchAcquired, .matchEvent:
            text.key(disposalKey(run), in: match)
        default: text.key(disposalKey(run), in: depth)
        }
        switch run {
        case .event, .asset, .assetClass, .quantity, .disposed, .treatment, .matches, .nextMatch, .matchQuantity:
            text.text("\"")
        case .proceedsKnownPart, .disposalCostsKnownPart, .costBasisKnownPart, .allowableCostsKnownPart:
            text.text("\"")
        case .matchCostKnownPart: text.text("\"")
        default: break
        }
    }

    /// The brackets around the matches, and the key `complete` after them.
    private static func structure(_ run: DisposalRun, depth: Int, _ text: inout JSONRunText) {
        let match = depth + 2
        switch run {
        case .matches, .noMatches:
            text.key("matches", in: depth)
            text.text(run == .matches ? "[" : "[],")
            if run == .noMatches { return text.key("complete", in: depth) }
            text.line(match)
            text.text("{")
            text.key("rule", in: match)
        case .nextMatch:
            text.line(match)
            text.text("},")
            text.line(match)
            text.text("{")
            text.key("rule", in: match)
        case .matchesEnd:
            text.line(match)
            text.text("}")
            text.line(depth + 1)
            text.text("],")
            text.key("complete", in: depth)
        default:
            text.line(depth)
            text.text("}")
        }
    }

    private static func disposalKey(_ run: DisposalRun) -> StaticString {
        switch run {
        case .event, .matchEvent: "event"
        case .asset: "asset"
        case .assetClass: "class"
        case .account: "account"
        case .quantity, .matchQuantity: "quantity"
        case .acquired, .matchAcquired: "acquired"
        case .disposed: "disposed"
        case .proceeds: "proceeds"
        case .proceedsKnownPart: "proceeds_known_part"
        case .disposalCosts: "disposal_costs"
        case .disposalCostsKnownPart: "disposal_costs_known_part"
        case .costBasis: "cost_basis"
        case .costBasisKnownPart: "cost_basis_known_part"
        case .allowableCosts: "allowable_costs"
        case .allowableCostsKnownPart: "allowable_costs_known_part"
        case .adjustmentCode: "adjustment_code"
        case .adjustment: "adjustment"
        case .gain: "gain"
        case .term: "term"
        case .treatment: "treatment"
        case .matchCost: "cost"
        case .matchCostKnownPart: "cost_known_part"
        default: "complete"
        }
    }
}
