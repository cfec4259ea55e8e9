import ArgumentParser

/// `ledger watch`: placeholder registered so parallel work does not collide on RootCommand.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "(being built)")
}
