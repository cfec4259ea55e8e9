import Glibc

/// Standard input, one line at a time, for the commands that read a password
/// (`ledger user add`, `user passwd`): on a terminal a prompt on stderr and the typing not
/// shown (echo off through termios); otherwise one line as piped in.
public struct LineInput: Sendable {
    /// True when standard input is a terminal (a person types; the command asks twice).
    public var isTerminal: Bool
    /// One line without its line end, or nil at the end of the input. `prompt` is shown only
    /// on a terminal.
    public var readLine: @Sendable (_ prompt: String) -> String?

    public init(isTerminal: Bool, readLine: @escaping @Sendable (_ prompt: String) -> String?) {
        self.isTerminal = isTerminal
        self.readLine = readLine
    }

    /// No input at all (a command that never reads stdin; the default).
    public static let none = LineInput(isTerminal: false) { _ in nil }

    /// The process's standard input.
    public static var standardInput: LineInput {
        let terminal = isatty(STDIN_FILENO) == 1
        return LineInput(isTerminal: terminal) { prompt in
            guard terminal else { return readOneLine() }
            FileOutput.standardError.write(prompt)
            var saved = termios()
            let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
            if canHide {
                var hidden = saved
                hidden.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
            }
            defer {
                if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
                FileOutput.standardError.write("\n")
            }
            return readOneLine()
        }
    }

    /// Bytes up to a line feed (not kept, nor a carriage return before it), read one at a time
    /// so nothing after the line is taken from the input.
    private static func readOneLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
