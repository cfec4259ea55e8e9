import ArgumentParser

/// What the user was typing when the parser gave up: the command path the words name, the
/// first word that is no command, and the nearest command to suggest ("did you mean …?").
/// (For an unknown option the parser makes its own suggestion.)
struct CommandSuggestion {
    /// The subcommands the words named, outermost first (empty: the root).
    let path: [ParsableCommand.Type]
    /// The command words of `path` (`["prices", "set"]`).
    let names: [String]
    /// The first word where a subcommand was expected that names none, when there is one.
    let unknownCommand: String?

    /// Reads the leading words of `arguments` (already normalized: global options after the
    /// first subcommand) down the command tree.
    init(arguments: [String]) {
        var path: [ParsableCommand.Type] = []
        var names: [String] = []
        var unknown: String?
        var current: ParsableCommand.Type = RootCommand.self
        for word in arguments {
            guard !word.hasPrefix("-") else { break }
            let children = current.configuration.subcommands
            if let child = children.first(where: { $0._commandName == word }) {
                path.append(child)
                names.append(word)
                current = child
                continue
            }
            // A command with a default subcommand takes other words as that one's arguments.
            let takesWords = children.isEmpty || current.configuration.defaultSubcommand != nil
            if !takesWords, !(path.isEmpty && word == "help") { unknown = word }
            break
        }
        self.path = path
        self.names = names
        self.unknownCommand = unknown
    }

    /// The command the words reached (the root when none).
    var command: ParsableCommand.Type { path.last ?? RootCommand.self }

    /// `ledger prices` for the words `prices fecth`.
    var commandLine: String { (["ledger"] + names).joined(separator: " ") }

    /// The line for an unknown command: a suggestion when a command is close, else where to look.
    func unknownCommandMessage(_ word: String) -> String {
        let candidates = command.configuration.subcommands.map { $0._commandName }
        if let near = Self.nearest(to: word, in: candidates) {
            return "unknown command '\(word)'; did you mean '\(near)'?"
        }
        return "unknown command '\(word)'; see '\(commandLine) --help' for the commands"
    }

    /// The candidate nearest to `word` when it is close enough to be a typo: at most one edit
    /// for short words, two from six characters on (a transposition counts as one).
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count >= 6 ? 2 : 1
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours, each costing one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, rows[i - 2][j - 2] + 1) }
                rows[i][j] = best
            }
        }
        return rows[a.count][b.count]
    }
}
