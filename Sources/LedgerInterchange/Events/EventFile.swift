import LedgerCore

/// Reading and writing whole event files: JSONL (one record per line, our lossless export)
/// and JSON (`{"schema": "ledger.export/1", "events": [...]}`).
public enum EventFile {
    public static let exportSchema = "ledger.export/1"

    /// One line of output per event: the canonical JSON of its record.
    public static func jsonl(_ events: [LedgerEvent]) -> String {
        events.map { EventRecordV1($0).canonicalJSON + "\n" }.joined()
    }

    public static func json(_ events: [LedgerEvent]) -> String {
        document(schema: exportSchema, events) + "\n"
    }

    /// `{"schema": …, "events": [record, …]}`, pretty: the export and `add -O json`'s output.
    static func document(schema: String, _ events: [LedgerEvent]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.key("events")
        writer.beginArray()
        for event in events { EventRecordV1(event).write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// Events read from JSONL text, each checked on its own; the problems carry line numbers.
    public static func readJSONL(_ text: String) -> (
        events: [(line: Int, event: LedgerEvent)], problems: [EventFileError]
    ) {
        var events: [(Int, LedgerEvent)] = []
        var problems: [EventFileError] = []
        // Lines split on the newline byte, not on Characters: "\r\n" is one Character (a file
        // with Windows line ends would be one line), and splitting by Character is slow.
        for (index, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            switch event(inLine: Substring(raw), number: index + 1) {
            case .success(let event)?: events.append((index + 1, event))
            case .failure(let problem)?: problems.append(problem)
            case nil: continue
            }
        }
        return (events, problems)
    }

    /// The event of one JSONL line (without its newline; a trailing `\r` is dropped), checked
    /// on its own; nil for a blank line. `number` is the line's, for the problem.
    public static func event(inLine text: Substring, number: Int) -> Result<LedgerEvent, EventFileError>? {
        let line = text.utf8.last == UInt8(ascii: "\r") ? text.dropLast() : text
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        return event(number) { try EventRecordV1.decode(json: line, line: number) }
    }

    /// Events from a JSON export: the elements of `events`, each checked on its own and
    /// reported with its position as its "line".
    public static func readJSON(_ text: String) -> (
        events: [(line: Int, event: LedgerEvent)], problems: [EventFileError]
    ) {
        guard let document = try? JSONReader.parse(Array(text.utf8), dialect: .eventFile),
            let elements = document["events"]?.arrayValue
        else {
            return (
                [],
                [
                    EventFileError(
                        line: 1,
                        message:
                            "not a ledger JSON export (expected {\"schema\": \"\(exportSchema)\", \"events\": [...]})")
                ]
            )
        }
        var events: [(Int, LedgerEvent)] = []
        var problems: [EventFileError] = []
        for (index, element) in elements.enumerated() {
            switch event(index + 1, { try EventRecordV1.decode(element, line: index + 1) }) {
            case .success(let event): events.append((index + 1, event))
            case .failure(let problem): problems.append(problem)
            }
        }
        return (events, problems)
    }

    /// The event of the record `read` gives, checked on its own, or the problem on `line`.
    private static func event(_ line: Int, _ read: () throws -> EventRecordV1) -> Result<LedgerEvent, EventFileError> {
        do {
            return .success(try check(read().event(), line: line))
        } catch let error as EventFileError {
            return .failure(error)
        } catch let error as EventRecordError {
            return .failure(EventFileError(line: line, message: error.problemText))
        } catch {
            return .failure(EventFileError(line: line, message: "\(error)"))
        }
    }

    private static func check(_ event: LedgerEvent, line: Int) throws(EventFileError) -> LedgerEvent {
        if let problem = event.validate() { throw EventFileError(line: line, message: problem.message) }
        return event
    }
}

extension EventRecordError {
    /// The message without the `event #N:` prefix (file:line says where instead).
    var problemText: String { "field '\(field)' \(problem)" }
}
