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
            environment.print(EventJSON.events(events))
        case .text, .csv, .md:
            for event in events { environment.print(EventSummary.recordedLine(event)) }
        }
    }
}
