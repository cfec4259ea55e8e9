import LedgerCore
import LedgerInterchange
import Synchronization

/// What one run of the fetcher did: when, how long, how many users and symbols, the requests
/// each source got, what was recorded, and every failure in its own sentence.
public struct FetchRecord: Sendable, Equatable {
    public var startedAt: Timestamp
    public var milliseconds: Int64 = 0
    public var users = 0
    public var symbols = 0
    public var batches = 0
    /// Source → requests sent to it (retries count).
    public var requests: [String: Int] = [:]
    public var pricesRecorded = 0
    public var alertsFired = 0
    /// `change` alerts younger than their window, waiting for the prices they compare with
    /// (``AlertWaiting``); shown on `/status`, not in its JSON (kept as it was).
    public var alertsWaiting = 0
    public var failures: [String] = []
    /// True when shutdown stopped the run before its end (what was written stays written).
    public var stopped = false

    public init(startedAt: Timestamp) {
        self.startedAt = startedAt
    }
}

/// The fetcher's state for `/status` and `/api/v1/status`: the last run, whether one is
/// running, and when the next starts. Shared by the fetcher and every request.
public final class FetcherStatus: Sendable {
    struct State {
        var last: FetchRecord?
        var running = false
        var nextRunAt: Timestamp?
    }

    private let state = Mutex(State())

    public init() {}

    public var lastRun: FetchRecord? { state.withLock { $0.last } }
    public var isRunning: Bool { state.withLock { $0.running } }
    public var nextRunAt: Timestamp? { state.withLock { $0.nextRunAt } }

    func started() { state.withLock { $0.running = true } }

    func finished(_ record: FetchRecord, next: Timestamp?) {
        state.withLock {
            $0.last = record
            $0.running = false
            $0.nextRunAt = next
        }
    }

    func scheduled(_ next: Timestamp?) { state.withLock { $0.nextRunAt = next } }

    public static let schema = "ledger.server-status/1"

    /// `{"schema": "ledger.server-status/1", "fetcher": {…}}`; `interval` nil when it is off.
    public func json(interval: Int?, batchSize: Int) -> String {
        let current = state.withLock { $0 }
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", Self.schema)
        writer.key("fetcher")
        writer.beginObject()
        writer.key("enabled")
        writer.bool(interval != nil)
        writer.key("interval_seconds")
        if let interval { writer.integer(Int64(interval)) } else { writer.null() }
        writer.field("batch_size", Int64(batchSize))
        writer.key("running")
        writer.bool(current.running)
        writer.field("next_run_at", current.nextRunAt?.description)
        writer.key("last_run")
        if let last = current.last { Self.record(last, &writer) } else { writer.null() }
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    private static func record(_ record: FetchRecord, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("started_at", record.startedAt.description)
        writer.field("duration_ms", record.milliseconds)
        writer.field("users", Int64(record.users))
        writer.field("symbols", Int64(record.symbols))
        writer.field("batches", Int64(record.batches))
        writer.key("requests")
        writer.beginObject()
        for source in record.requests.keys.sorted() { writer.field(source, Int64(record.requests[source]!)) }
        writer.endObject()
        writer.field("prices_recorded", Int64(record.pricesRecorded))
        writer.field("alerts_fired", Int64(record.alertsFired))
        writer.key("stopped")
        writer.bool(record.stopped)
        writer.key("failures")
        writer.beginArray()
        for failure in record.failures { writer.string(failure) }
        writer.endArray()
        writer.endObject()
    }
}
