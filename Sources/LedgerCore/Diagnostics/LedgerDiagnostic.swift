/// A finding made while replaying or importing, with where it came from. Collected, not
/// thrown: a report shows every warning, and a command fails after printing every error.
public struct LedgerDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case warning, error }

    public let severity: Severity
    public let message: String
    /// The event it concerns, if any.
    public let sequence: Int64?

    public init(_ severity: Severity, _ message: String, sequence: Int64? = nil) {
        self.severity = severity
        self.message = message
        self.sequence = sequence
    }

    public var description: String {
        (sequence.map { "event #\($0): " } ?? "") + message
    }
}
