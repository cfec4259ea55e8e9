extension JSONReader {
    /// Reads a quoted string with its escapes (`\uXXXX` with surrogate pairs).
    mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            if byte == UInt8(ascii: "\"") {
                let tail = String(decoding: bytes[run..<position], as: UTF8.self)
                position += 1
                // No escape (each adds a scalar): the text as it is, without copying it again.
                if scalars.isEmpty { return tail }
                scalars.append(contentsOf: tail.unicodeScalars)
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[run..<position], as: UTF8.self).unicodeScalars)
                position += 1
                scalars.append(try escape())
                run = position
            } else {
                position += 1
            }
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("a string ends inside an escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try unicodeEscape()
        default: throw error("an unknown escape in a string")
        }
    }

    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else {
                return try loneSurrogate()
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { return try loneSurrogate() }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { return try loneSurrogate() }
        return scalar
    }

    /// U+FFFD for half a surrogate pair, unless the dialect refuses it.
    private func loneSurrogate() throws(JSONSyntaxError) -> Unicode.Scalar {
        if dialect.refusesLoneSurrogates { throw error("a \\u escape is half a surrogate pair") }
        return "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }
}
