import ArgumentParser
import Glibc
import LedgerApp
import LedgerCore

/// A subcommand that runs against an explicit environment (so tests run it in-process).
protocol EnvironmentCommand: ParsableCommand {
    func run(in environment: CommandEnvironment) throws
}

extension EnvironmentCommand {
    mutating func run() throws {
        try run(in: .live())
    }
}

/// The entry points of the command line.
public enum LedgerCLI {
    /// Runs the process's own arguments and exits with the command's status.
    public static func main() -> Never {
        var environment = CommandEnvironment.live()
        environment.processEndsAfterCommand = true
        exit(run(Array(CommandLine.arguments.dropFirst()), in: environment))
    }

    /// Parses and runs one command line; every error becomes one `ledger: error: …` line on
    /// stderr and an exit status (0 ok, 1 data or operation error, 64 usage). A command that
    /// succeeded but could not write all of its output to stdout fails (exit 1) all the same.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) -> Int32 {
        environment.marketLink.reset()
        let status = runCommand(arguments, in: environment)
        guard status == 0, let error = environment.stdout.failure?.error else { return status }
        return ErrorReporter(environment: environment, arguments: arguments).report(error)
    }

    private static func runCommand(_ arguments: [String], in environment: CommandEnvironment) -> Int32 {
        do {
            var command = try RootCommand.parseAsRoot(GlobalOptionPlacement.normalize(arguments))
            if let runnable = command as? EnvironmentCommand {
                try runnable.run(in: environment)
            } else {
                try command.run()
            }
            return 0
        } catch {
            return ErrorReporter(environment: environment, arguments: arguments).report(error)
        }
    }
}

extension LedgerCLI {
    /// The entry point of `ledger-serve`: parses the arguments as `ledger serve` does (same
    /// options, help and messages), then hands the settings to `serve` until it returns.
    public static func serve(
        _ arguments: [String], in environment: CommandEnvironment,
        _ serve: @Sendable (ServerSettings, CommandEnvironment) async throws -> Void
    ) async -> Int32 {
        do {
            let command = try ServeCommand.parse(arguments)
            let settings = try command.options.settings(
                variables: environment.variables, currentDirectory: environment.currentDirectory,
                readFile: environment.readFile)
            try await serve(settings, environment)
            return 0
        } catch {
            return ErrorReporter(environment: environment, arguments: ["serve"] + arguments).report(error)
        }
    }
}
