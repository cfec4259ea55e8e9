import Foundation

/// A test suite whose every test works in a fresh temporary directory holding one ledger
/// (`books.ledger`): the environment that points `LGR_FILE` and `HOME` there, and a way to
/// write input files beside it. Conform with `let directory = makeTemporaryDirectory()`.
public protocol ScratchLedger {
    var directory: String { get }
}

extension ScratchLedger {
    public var ledger: String { directory + "/books.ledger" }

    public func environment() -> FixedEnvironment {
        FixedEnvironment(variables: ["LGR_FILE": ledger, "HOME": directory])
    }

    /// Writes `text` to `name` in the directory (in place, so no temporary file appears
    /// beside the ledger) and returns its path.
    public func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }
}
