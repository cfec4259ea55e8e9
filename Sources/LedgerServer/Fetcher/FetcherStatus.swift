import LedgerApp
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
/// running, and when the next starts. Shared by the fetcher and every request; with the books
/// in a database, by every server on it: the elected server writes it there
/// (``share(_:)``: a ``SharedText`` holding ``document(_:)``) and every server reads it from
/// there, so each shows the run the elected one made.
public final class FetcherStatus: Sendable {
    struct State: Equatable {
        var last: FetchRecord?
        var running = false
        var nextRunAt: Timestamp?
    }

    private let state = Mutex(State())
    private let shared = Mutex<SharedText?>(nil)

    public init() {}

    public var lastRun: FetchRecord? { current().last }
    public var isRunning: Bool { current().running }
    public var nextRunAt: Timestamp? { current().nextRunAt }

    /// Keeps the state in `text` (the database's) from now on.
    func share(_ text: SharedText) { shared.withLock { $0 = text } }

    /// The state every server shows: the shared one when there is one (this server's own
    /// when it cannot be read, or none was written yet), else this server's.
    func current() -> State {
        let own = state.withLock { $0 }
        guard let text = shared.withLock({ $0 }), let written = try? text.read(),
            let document = Self.state(written)
        else { return own }
        return document
    }

    func started() { update { $0.running = true } }

    func finished(_ record: FetchRecord, next: Timestamp?) {
        update {
            $0.last = record
            $0.running = false
            $0.nextRunAt = next
        }
    }

    /// When this server (not elected) asks again; the shared state keeps the elected one's.
    func scheduled(_ next: Timestamp?) { state.withLock { $0.nextRunAt = next } }

    /// Changes this server's state and writes it where it is shared (a failed write leaves
    /// the others showing the run before).
    private func update(_ change: (inout State) -> Void) {
        let now = state.withLock { state in
            change(&state)
            return state
        }
        if let text = shared.withLock({ $0 }) { try? text.write(Self.document(now)) }
    }

    public static let schema = "ledger.server-status/1"

    /// `{"schema": "ledger.server-status/1", "fetcher": {…}}`; `interval` nil when it is off.
    public func json(interval: Int?, batchSize: Int) -> String {
        let current = current()
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

    /// `alertsWaiting` too when `waiting` (the shared document; the API's JSON is kept as it was).
    static func record(_ record: FetchRecord, _ writer: inout JSONWriter, waiting: Bool = false) {
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
        if waiting { writer.field("alerts_waiting", Int64(record.alertsWaiting)) }
        writer.key("stopped")
        writer.bool(record.stopped)
        writer.key("failures")
        writer.beginArray()
        for failure in record.failures { writer.string(failure) }
        writer.endArray()
        writer.endObject()
    }
}
