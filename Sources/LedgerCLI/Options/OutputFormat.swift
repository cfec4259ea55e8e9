import ArgumentParser

/// `-O/--output-format`: how a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv

    static func options(_ formats: [OutputFormat]) -> String {
        formats.map(\.rawValue).joined(separator: "|")
    }
}
