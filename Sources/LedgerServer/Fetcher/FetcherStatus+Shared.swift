import LedgerCore
import LedgerInterchange

extension FetcherStatus {
    /// The state as the servers on one database share it: `{"running", "next_run_at",
    /// "last_run": {…}}`, the run as `/api/v1/status` shows it with its waiting alerts.
    static func document(_ state: State) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("running")
        writer.bool(state.running)
        writer.field("next_run_at", state.nextRunAt?.description)
        writer.key("last_run")
        if let last = state.last { record(last, &writer, waiting: true) } else { writer.null() }
        writer.endObject()
        return writer.text
    }

    /// ``document(_:)`` read back; nil for a text that is not one.
    static func state(_ document: String) -> State? {
        guard let object = try? JSONReader.parse(Array(document.utf8)), case .bool(let running)? = object["running"]
        else { return nil }
        var state = State(running: running)
        state.nextRunAt = object["next_run_at"]?.stringValue.flatMap { try? Timestamp.parse($0).get() }
        if let last = object["last_run"], !last.isNull {
            guard let record = Self.record(last) else { return nil }
            state.last = record
        }
        return state
    }

    private static func record(_ value: JSONValue) -> FetchRecord? {
        guard let started = value["started_at"]?.stringValue.flatMap({ try? Timestamp.parse($0).get() }),
            let milliseconds = value["duration_ms"]?.integer, case .bool(let stopped)? = value["stopped"]
        else { return nil }
        var record = FetchRecord(startedAt: started)
        record.milliseconds = milliseconds
        let count = { (key: String) in Int(value[key]?.integer ?? 0) }
        (record.users, record.symbols, record.batches) = (count("users"), count("symbols"), count("batches"))
        (record.pricesRecorded, record.alertsFired) = (count("prices_recorded"), count("alerts_fired"))
        record.alertsWaiting = count("alerts_waiting")
        for (source, requests) in value["requests"]?.objectValue ?? [:] {
            record.requests[source] = Int(requests.integer ?? 0)
        }
        record.failures = value["failures"]?.arrayValue?.compactMap(\.stringValue) ?? []
        record.stopped = stopped
        return record
    }
}
