/// A line of an imported file that was refused, and why. Shown as `FILE:LINE: message`.
public struct ImportProblem: Hashable, Sendable {
    /// 1-based; the line a record starts on.
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`.
    public func located(in file: String) -> String {
        "\(file):\(line): \(message)"
    }
}
