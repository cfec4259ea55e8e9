import ArgumentParser

/// `-O/--output-format`: how a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv, md

    /// Fails with a usage error unless this format is one of `supported`.
    func require(_ supported: [OutputFormat], for command: String) throws {
        guard supported.contains(self) else {
            throw OptionError.unsupportedFormat(command: command, supported: supported, given: self)
        }
    }
}

/// A command's own set of `-O` formats, read from the text as typed (any case), beyond the shared
/// ``OutputFormat`` (`report` writes HTML, `share` SVG).
protocol CommandFormat: RawRepresentable<String>, CaseIterable {}

extension CommandFormat {
    /// The format `text` names, or a usage error listing `command`'s formats.
    static func parse(_ text: String, for command: String) throws -> Self {
        guard let format = Self(rawValue: text.lowercased()) else {
            throw OptionError.notAFormat(command: command, formats: allCases.map(\.rawValue), given: text)
        }
        return format
    }
}
