/// Lets the options every command shares be written before the subcommand too
/// (`ledger --ledger books.ledger log`), as users of git-style tools expect.
enum GlobalOptionPlacement {
    /// Options that take a value and belong to every subcommand.
    static let valued: Set<String> = ["--ledger"]

    /// Moves leading global options to just after the subcommand name.
    static func normalize(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if let name = argument.split(separator: "=", maxSplits: 1).first, valued.contains(String(name)), argument.contains("=") {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
