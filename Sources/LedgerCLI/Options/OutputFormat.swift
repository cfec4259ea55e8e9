import ArgumentParser

/// `-O/--output-format`: how a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv, md

    static func options(_ formats: [OutputFormat]) -> String {
        formats.map(\.rawValue).joined(separator: "|")
    }

    /// Fails with a usage error unless this format is one of `supported`.
    func require(_ supported: [OutputFormat], for command: String) throws {
        guard supported.contains(self) else {
            throw OptionError.unsupportedFormat(command: command, supported: supported, given: self)
        }
    }
}
