import LedgerCore
import LedgerCoreTestSupport
import Testing

/// #20: `--max-age` measured an ECB rate from its observation, so a rate fetched a minute ago
/// was "22 h old". A rate is stale only once a newer one was due after it was fetched.
@Suite("ECB rate freshness")
struct FXFreshnessTests {
    func time(_ text: String) -> Timestamp { Events.time(text) }

    @Test("the next publication: 16:00 Frankfurt time of the next working day after the time")
    func nextPublication() {
        // Saturday → Monday 14:00 UTC (CEST); Friday before 16:00 CEST → that Friday.
        #expect(FXRates.nextPublication(after: time("2024-06-01T12:00:00Z")) == time("2024-06-03T14:00:00Z"))
        #expect(FXRates.nextPublication(after: time("2024-05-31T10:00:00Z")) == time("2024-05-31T14:00:00Z"))
        #expect(FXRates.nextPublication(after: time("2024-05-31T14:00:00Z")) == time("2024-06-03T14:00:00Z"))
        // Winter (CET): 15:00 UTC.
        #expect(FXRates.nextPublication(after: time("2024-01-15T09:00:00Z")) == time("2024-01-15T15:00:00Z"))
    }

    @Test("a rate is fresh until a newer one was due after its fetch, then ages from then")
    func staleness() {
        let saturday = time("2024-06-01T12:00:01Z")
        #expect(FXRates.staleness(fetchedAt: saturday, now: saturday.adding(seconds: 1)) == 0)
        #expect(FXRates.staleness(fetchedAt: saturday, now: time("2024-06-03T13:59:59Z")) == 0)
        #expect(FXRates.staleness(fetchedAt: saturday, now: time("2024-06-03T15:00:00Z")) == 3600)
        // Fetched on Friday morning, before that day's rates: stale from Friday 14:00 UTC.
        #expect(
            FXRates.staleness(fetchedAt: time("2024-05-31T09:00:00Z"), now: time("2024-05-31T20:00:00Z")) == 6 * 3600)
    }
}
