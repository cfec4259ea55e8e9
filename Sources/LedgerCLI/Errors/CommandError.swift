import LedgerApp

/// A failure the user caused or can fix, with the one line to print. `usage` failures exit 64
/// (the input was malformed); the others exit 1 (the input was well formed but the ledger or
/// the data did not allow it). The commands throw enums with the sentence beside each case
/// (``UserFacingError``); this carries the sentences of the code not converted yet.
public struct CommandError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public let exitCode: Int32

    public static func usage(_ message: String) -> CommandError {
        CommandError(message: message, exitCode: 64)
    }

    public static func data(_ message: String) -> CommandError {
        CommandError(message: message, exitCode: 1)
    }

    public var description: String { message }
}
