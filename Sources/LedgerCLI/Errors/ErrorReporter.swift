import ArgumentParser
import LedgerApp
import LedgerCore

/// Turns any error into what the user sees: help on stdout for `--help`, else exactly one
/// `ledger: error: …` line on stderr, and the exit status. Never a stack trace or a type name.
struct ErrorReporter {
    let environment: CommandEnvironment
    let arguments: [String]

    func report(_ error: Error) -> Int32 {
        switch error {
        case let failure as UserFacingError:
            return fail(failure.description, failure.category.exitCode)
        case let exit as ExitCode where exit != .success:
            // A status that is an answer, not an error (`alert check`: 10 = an alert fired):
            // the command has printed what it had to; no error line.
            return exit.rawValue
        default:
            // A store's or a source's failure (LedgerApp says it without naming their types).
            if let sentence = AdapterFailure.sentence(error) { return fail(sentence, 1) }
            return reportParserError(error)
        }
    }

    private func reportParserError(_ error: Error) -> Int32 {
        let code = RootCommand.exitCode(for: error).rawValue
        let normalized = GlobalOptionPlacement.normalize(arguments)
        if code == 0 {
            // `ledger help portfolo` would print the root's help: name the typo instead.
            let asked = CommandSuggestion(arguments: normalized.first == "help" ? Array(normalized.dropFirst()) : [])
            if let unknown = asked.unknownCommand { return fail(asked.unknownCommandMessage(unknown), 64) }
            environment.write(RootCommand.fullMessage(for: error) + "\n")
            return 0
        }
        let words = CommandSuggestion(arguments: normalized)
        if let unknown = words.unknownCommand { return fail(words.unknownCommandMessage(unknown), 64) }
        let message = RootCommand.message(for: error)
        let firstLine = message.split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        var clean = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
        if let first = clean.first, first.isUppercase { clean = first.lowercased() + clean.dropFirst() }
        while clean.hasSuffix(".") { clean.removeLast() }
        // The parser's own suggestion for an option ("… '--by-acount'. Did you mean
        // '--by-account'?") is the thing to do instead: it takes the place of the help hint.
        if clean.contains(". Did you mean ") {
            return fail(clean.replacing(". Did you mean ", with: "; did you mean "), 64)
        }
        return fail(clean + helpHint(words), code == 1 && error is ValidationError ? 64 : code)
    }

    /// "; see 'ledger prices fetch --help'" for the command the user was typing.
    private func helpHint(_ words: CommandSuggestion) -> String {
        "; see '\(words.commandLine) --help'"
    }

    private func fail(_ message: String, _ code: Int32) -> Int32 {
        environment.writeError(message)
        if code == 1, let hint = OfflineHint(arguments: arguments, link: environment.marketLink).line {
            environment.notices.note(hint)
        }
        return code
    }
}
