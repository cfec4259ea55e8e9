import LedgerApp
import LedgerCore
import LedgerRender

extension CommandEnvironment {
    /// What LedgerApp's imports see of this environment: ``app``, its event ids, its files
    /// (``InputStreamFile``, ``InputFile``) and whether stderr is a terminal.
    var importing: ImportEnvironment {
        ImportEnvironment(
            context: app, newEventID: newEventID, showsProgress: stderrIsTerminal,
            openStream: { try InputStreamFile($0, in: self) }, readWhole: { try InputFile.read($0, in: self) },
            isRegularFile: { InputStreamFile.isRegularFile($0, in: self) },
            describeExisting: EventSummary.importWouldLeaveShort)
    }
}

extension InputStreamFile: ImportInputStream {}
