import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The alert state machine and condition checks (LedgerCore/Alerts), on fixed and seeded
/// random price paths.
@Suite("Alert evaluation")
struct AlertEvaluatorTests {
    static let start = Events.time("2024-06-01T12:00:00Z")

    static func alert(_ condition: AlertCondition, state: AlertState = .armed) -> Alert {
        Alert(id: 1, asset: sym("BTC"), quote: sym("USD"), condition: condition, createdAt: start, state: state)
    }

    static func observation(_ price: String, at time: Timestamp, asset: String = "BTC") -> PriceObservation {
        PriceObservation(asset: sym(asset), quote: sym("USD"), observedAt: time, price: dec(price), source: "test")
    }

    /// Checks `alert` once per price, one minute apart, each price observed just before its
    /// check; returns the alert after the path and which steps fired.
    static func walk(_ alert: Alert, _ prices: [String]) -> (alert: Alert, fired: [Int]) {
        var current = alert
        var fired: [Int] = []
        var observations: [PriceObservation] = []
        for (index, price) in prices.enumerated() {
            let time = start.adding(seconds: Int64(index) * 60)
            observations.append(observation(price, at: time))
            let verdict = AlertEvaluator.check(
                current, prices: PriceTable(observations), now: time.adding(seconds: 1), maxAge: nil)
            if case .fired = verdict.outcome { fired.append(index) }
            current = verdict.alert
        }
        return (current, fired)
    }

    @Test("the state machine: armed fires when the condition holds, fired re-arms when it stops")
    func stateMachine() {
        #expect(AlertEvaluator.step(.armed, holds: true) == (.fired, true))
        #expect(AlertEvaluator.step(.armed, holds: false) == (.armed, false))
        #expect(AlertEvaluator.step(.fired, holds: true) == (.fired, false))
        #expect(AlertEvaluator.step(.fired, holds: false) == (.armed, false))
    }

    @Test("above fires once per crossing, at the level itself, and re-arms below it")
    func aboveFiresOncePerCrossing() {
        let result = Self.walk(
            Self.alert(.above(dec("50000"))), ["49000", "50000", "51000", "50000", "49999.99", "52000"])
        #expect(result.fired == [1, 5])
        #expect(result.alert.state == .fired)
        #expect(result.alert.lastSeen?.price == dec("52000"))
        #expect(result.alert.lastFiredAt == Self.start.adding(seconds: 301))
    }

    @Test("below mirrors above")
    func belowMirrorsAbove() {
        let result = Self.walk(
            Self.alert(.below(dec("20000"))), ["21000", "20000", "19000", "20000.000000000000000001", "19999"])
        #expect(result.fired == [1, 4])
    }

    @Test("a new alert whose condition already holds fires on its first check")
    func alreadyTrueFiresFirst() {
        #expect(Self.walk(Self.alert(.above(dec("100"))), ["150", "150"]).fired == [0])
        #expect(Self.walk(Self.alert(.below(dec("100")), state: .fired), ["50"]).fired == [])
    }

    @Test("a re-armed alert reports it, and a quiet check keeps the last price seen")
    func rearmIsReported() {
        let table = PriceTable([Self.observation("49000", at: Self.start)])
        let verdict = AlertEvaluator.check(
            Self.alert(.above(dec("50000")), state: .fired), prices: table, now: Self.start, maxAge: nil)
        guard case .quiet(let reading, let rearmed) = verdict.outcome else {
            Issue.record("not quiet: \(verdict)")
            return
        }
        #expect(rearmed)
        #expect(reading.current == AlertSighting(price: dec("49000"), observedAt: Self.start, source: "test"))
        #expect(verdict.alert.state == .armed)
        #expect(verdict.alert.lastFiredAt == nil)
    }

    @Test("change compares with the newest price at or before the window's start, either way or one way")
    func changeDirections() {
        let now = Self.start
        let table = PriceTable([
            Self.observation("100", at: now.adding(seconds: -86_400 - 600)),
            Self.observation("110", at: now.adding(seconds: -3_600)),
            Self.observation("90", at: now),
        ])
        let either = AlertEvaluator.check(
            Self.alert(.change(percent: dec("10"), direction: .either, window: 86_400)), prices: table, now: now,
            maxAge: nil)
        guard case .fired(let reading) = either.outcome else {
            Issue.record("did not fire: \(either)")
            return
        }
        #expect(reading.reference?.price == dec("100"))
        #expect(reading.changePercent == dec("-10"))
        let up = AlertEvaluator.check(
            Self.alert(.change(percent: dec("10"), direction: .up, window: 86_400)), prices: table, now: now,
            maxAge: nil)
        #expect(up.alert.state == .armed)
        let down = AlertEvaluator.check(
            Self.alert(.change(percent: dec("10.01"), direction: .down, window: 86_400)), prices: table, now: now,
            maxAge: nil)
        #expect(down.alert.state == .armed)
    }

    @Test(
        "change holds exactly at the percentage, not a hair below",
        arguments: [
            ("110", "10", true), ("109.999999999999999999", "10", false), ("90", "10", true), ("90.01", "10", false),
        ])
    func changeBoundary(current: String, percent: String, expected: Bool) {
        let holds = AlertEvaluator.holds(
            .change(percent: dec(percent), direction: .either, window: 60), current: dec(current), reference: dec("100")
        )
        #expect(holds == expected)
    }

    @Test("missing, stale, too-old-reference and zero-reference prices are problems, and leave the alert as it was")
    func problems() {
        let now = Self.start
        let change = Self.alert(.change(percent: dec("5"), direction: .either, window: 86_400))
        let recent = PriceTable([Self.observation("100", at: now.adding(seconds: -60))])
        #expect(
            AlertEvaluator.check(change, prices: PriceTable(), now: now, maxAge: nil).outcome
                == .failed(.noPrice(asset: sym("BTC"), quote: sym("USD"))))
        #expect(
            AlertEvaluator.check(change, prices: recent, now: now, maxAge: 30).outcome
                == .failed(
                    .tooOld(
                        asset: sym("BTC"), quote: sym("USD"), observedAt: now.adding(seconds: -60), age: 60, maxAge: 30,
                        given: true)))
        let to = now.adding(seconds: -60 - 86_400)
        let from = to.adding(seconds: -43_200)
        #expect(
            AlertEvaluator.check(change, prices: recent, now: now, maxAge: nil).outcome
                == .failed(.noReference(asset: sym("BTC"), quote: sym("USD"), from: from, to: to)))
        let ancient = PriceTable([
            Self.observation("50", at: from.adding(seconds: -1)), Self.observation("100", at: now.adding(seconds: -60)),
        ])
        #expect(
            AlertEvaluator.check(change, prices: ancient, now: now, maxAge: nil).outcome
                == .failed(.noReference(asset: sym("BTC"), quote: sym("USD"), from: from, to: to)))
        // #20: under 48 h the span can fall between two daily closes, so the advice is not
        // to fetch daily history (which would change nothing) but to record prices that often.
        let short = AlertError.noReference(asset: sym("BTC"), quote: sym("USD"), from: from, to: to).description
        #expect(
            short.hasSuffix(
                "daily prices are a day apart and can miss this 12h span; run 'ledger alert check' at least every 12h (from cron, docs/cron.md): each check records the price it compares with 24h later"
            ))
        let noon = Timestamp(secondsSinceEpoch: 1_717_243_200) // 2024-06-01T12:00:00Z
        let closes = PriceTable(
            (27...31).map { Self.observation("100", at: LocalDate.parse("2024-05-\($0)")!.endOfDay) } + [
                Self.observation("100", at: noon)
            ])
        let atNoon = AlertEvaluator.check(change, prices: closes, now: noon, maxAge: nil)
        #expect(
            atNoon.outcome
                == .failed(
                    .noReference(
                        asset: sym("BTC"), quote: sym("USD"), from: noon.adding(seconds: -129_600),
                        to: noon.adding(seconds: -86_400))))
        let twoDays = AlertError.noReference(
            asset: sym("BTC"), quote: sym("USD"), from: to.adding(seconds: -86_400), to: to
        ).description
        #expect(
            twoDays.hasSuffix(
                "'ledger prices fetch BTC --history --since \(to.adding(seconds: -86_400).date)' records daily prices"))
        let zero = PriceTable([Self.observation("0", at: from), Self.observation("100", at: now.adding(seconds: -60))])
        let verdict = AlertEvaluator.check(change, prices: zero, now: now, maxAge: nil)
        #expect(verdict.outcome == .failed(.zeroReference(asset: sym("BTC"), observedAt: from)))
        #expect(verdict.alert == change)
    }

    static func fires(_ verdict: AlertVerdict) -> Bool {
        if case .fired = verdict.outcome { return true }
        return false
    }

    @Test("without --max-age no alert fires on a price older than its window, or four days for a level")
    func stalePriceNeverFires() {
        // #36: `alert check` fired (exit 10) on a cached BTC price 881 days old.
        let now = Self.start
        let old = now.adding(seconds: -881 * 86_400)
        let above = Self.alert(.above(dec("50000")))
        let verdict = AlertEvaluator.check(
            above, prices: PriceTable([Self.observation("60000", at: old)]), now: now, maxAge: nil)
        let stale = AlertError.tooOld(
            asset: sym("BTC"), quote: sym("USD"), observedAt: old, age: 881 * 86_400, maxAge: 4 * 86_400, given: false)
        #expect(verdict.outcome == .failed(stale) && verdict.alert == above)
        #expect(
            stale.description
                == "the newest BTC price is stale (2022-01-02T12:00:00Z, 881 days old; an alert fires on no price older than 4d without --max-age), so the alert was not checked; 'ledger prices fetch BTC --currency USD' refreshes it"
        )
        let fourDays = PriceTable([Self.observation("60000", at: now.adding(seconds: -4 * 86_400))])
        #expect(Self.fires(AlertEvaluator.check(above, prices: fourDays, now: now, maxAge: nil)))
        #expect(!Self.fires(AlertEvaluator.check(above, prices: fourDays, now: now, maxAge: 3_600)))
        let change = Self.alert(.change(percent: dec("5"), direction: .either, window: 3_600))
        let prices = PriceTable([
            Self.observation("100", at: now.adding(seconds: -10_000)),
            Self.observation("200", at: now.adding(seconds: -3_601)),
        ])
        guard
            case .failed(.tooOld(_, _, _, 3_601, 3_600, false)) = AlertEvaluator.check(
                change, prices: prices, now: now, maxAge: nil
            ).outcome
        else {
            Issue.record("a change alert fired on a price older than its window")
            return
        }
    }

    @Test("conditions read back as typed")
    func descriptions() {
        #expect(Self.alert(.above(dec("50000"))).title == "BTC above 50000 USD")
        #expect(
            Self.alert(.change(percent: dec("10"), direction: .up, window: 86_400)).title
                == "BTC change +10% within 24h in USD")
        #expect(
            AlertCondition.change(percent: dec("2.5"), direction: .down, window: 5_400).description
                == "change -2.5% within 90m")
        #expect(AlertCondition.durationText(90) == "90s")
        #expect(AlertCondition.durationText(172_800) == "2d")
        #expect(AlertCondition.durationText(604_800) == "7d")
    }

    static let seeds: [UInt64] = [1, 2, 3, 7, 42, 1_234, 99_991, 0xDEAD_BEEF]

    /// A random walk of integer prices pulled back towards 100, so it crosses 100 often.
    static func randomPath(seed: UInt64, length: Int = 400) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var price = 90 + Int(generator.next() % 21)
        return (0..<length).map { _ in
            price = max(1, price + Int(generator.next() % 7) - 3 + (price < 100 ? 1 : -1))
            return price
        }
    }

    @Test("over a random path, an armed above alert fires once per upward crossing", arguments: seeds)
    func firesOncePerUpwardCrossing(seed: UInt64) {
        let path = Self.randomPath(seed: seed)
        let level = 100
        // A crossing is a step at or above the level after one below it (or the first step:
        // a new alert whose condition already holds fires).
        let crossings = path.indices.filter { path[$0] >= level && ($0 == 0 || path[$0 - 1] < level) }
        let result = Self.walk(Self.alert(.above(ExactDecimal(level))), path.map(String.init))
        #expect(result.fired == crossings, "seed \(seed)")
        #expect(crossings.count > 1, "seed \(seed): the path should cross more than once")
    }

    @Test("over a random path, an armed below alert fires once per downward crossing", arguments: seeds)
    func firesOncePerDownwardCrossing(seed: UInt64) {
        let path = Self.randomPath(seed: seed)
        let crossings = path.indices.filter { path[$0] <= 100 && ($0 == 0 || path[$0 - 1] > 100) }
        #expect(Self.walk(Self.alert(.below(dec("100"))), path.map(String.init)).fired == crossings, "seed \(seed)")
    }
}
