import LedgerCore

/// Text from the user or from a file (notes, void reasons, alert notes, file names, arguments
/// quoted in errors) made safe to print on a terminal: every control character is shown
/// escaped instead of being sent, so an imported note cannot move the cursor, retitle or clear
/// the terminal, or start a line of its own. Newline, carriage return and tab are shown as
/// `\n`, `\r`, `\t`; every other C0 control, DEL and every C1 control (U+0080–U+009F) as
/// `\u{1b}`, `\u{7f}`, `\u{9b}` (lower-case hex, as in Swift). Invisible format characters
/// (Unicode category Cf: the bidi controls such as U+202E, which would show a note's text
/// reversed, zero-width spaces, U+FEFF, tags) are shown the same way, `\u{202e}`, except the
/// zero-width joiner and non-joiner that emoji and scripts need. Everything else is kept.
/// JSON output needs none of this (the JSON writer escapes controls) and CSV keeps the bytes.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.isInvisibleControl }
}

extension String {
    /// ``TerminalText/escaped(_:)`` of the string.
    public var terminalEscaped: String { TerminalText.escaped(self) }
}
