/// Lets the options every command shares be written before the subcommand too
/// (`ledger --ledger books.ledger log`), as users of git-style tools expect.
enum GlobalOptionPlacement {
    /// Options that take a value and belong to every subcommand.
    static let valued: Set<String> = ["--ledger"]

    /// Options whose value may look like a negative number (`--fee -2`), which the parser would
    /// otherwise take for an option; they are joined as `--fee=-2` so validation can say why
    /// the value is wrong.
    static let signedValues: Set<String> = ["--fee", "--max-age", "--max-price-age"]

    /// Joins signed values, then moves leading global options to just after the subcommand.
    static func normalize(_ arguments: [String]) -> [String] {
        moveLeadingGlobals(joinSignedValues(arguments))
    }

    static func joinSignedValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if signedValues.contains(argument), index + 1 < arguments.count,
                let next = arguments[index + 1].dropFirst().first, arguments[index + 1].hasPrefix("-"), next.isNumber
            {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
            } else {
                result.append(argument)
                index += 1
            }
        }
        return result
    }

    static func moveLeadingGlobals(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if let name = argument.split(separator: "=", maxSplits: 1).first, valued.contains(String(name)),
                argument.contains("=")
            {
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
