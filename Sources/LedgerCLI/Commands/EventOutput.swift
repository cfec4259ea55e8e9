import LedgerCore
import LedgerInterchange
import LedgerRender

/// Prints events as `add` and `void` report them.
struct EventOutput {
    let environment: CommandEnvironment
    let format: OutputFormat

    func printRecorded(_ events: [LedgerEvent]) throws {
        switch format {
        case .json:
            var writer = JSONWriter(pretty: true)
            writer.beginObject()
            writer.field("schema", "ledger.events/1")
            writer.key("events")
            writer.beginArray()
            for event in events { EventRecordV1(event).write(to: &writer) }
            writer.endArray()
            writer.endObject()
            environment.print(writer.text)
        case .text, .csv, .md:
            for event in events { environment.print(EventSummary.recordedLine(event)) }
        }
    }
}
