import FoundationEssentials
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
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", exportSchema)
        writer.key("events")
        writer.beginArray()
        for event in events { EventRecordV1(event).write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
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
        do {
            return .success(try check(EventRecordV1.decode(json: line, line: number).event(), line: number))
        } catch let error as EventFileError {
            return .failure(error)
        } catch let error as EventRecordError {
            return .failure(EventFileError(line: number, message: error.problemText))
        } catch {
            return .failure(EventFileError(line: number, message: "\(error)"))
        }
    }

    /// Events from a JSON export: the array under `events` is re-read element by element,
    /// reported with the element's position as its "line".
    public static func readJSON(_ text: String) -> (
        events: [(line: Int, event: LedgerEvent)], problems: [EventFileError]
    ) {
        guard let data = text.data(using: .utf8),
            let envelope = try? JSONDecoder().decode(Envelope.self, from: data)
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
        let lines = envelope.events.map(\.text).joined(separator: "\n")
        return readJSONL(lines)
    }

    private struct Envelope: Decodable {
        let events: [RawObject]
    }

    /// Keeps one element of the `events` array as compact JSON text to be decoded again.
    private struct RawObject: Decodable {
        let text: String

        init(from decoder: Decoder) throws {
            let value = try JSONValue(from: decoder)
            text = value.json
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

/// A minimal JSON value, to carry one array element through unchanged.
private enum JSONValue: Decodable {
    case string(String)
    case bool(Bool)
    case number(String)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try container.allKeys.map { ($0.stringValue, try container.decode(JSONValue.self, forKey: $0)) })
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? container.decode(Int64.self) {
                self = .number(String(integer))
            }
            // A fractional number never belongs in an event (decimals are strings); keep one that
            // the record decoder refuses with "must be a string".
            else {
                self = .number("0.5")
            }
        }
    }

    var json: String {
        switch self {
        case .string(let text):
            var out = ""
            JSONWriter.appendString(text, to: &out)
            return out
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{"
                + pairs.map { key, value in
                    var out = ""
                    JSONWriter.appendString(key, to: &out)
                    return out + ":" + value.json
                }.joined(separator: ",") + "}"
        }
    }
}
