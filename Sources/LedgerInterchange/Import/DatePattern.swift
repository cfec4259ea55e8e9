import LedgerCore

/// A small strftime subset for `--date-format`: `%Y` (4-digit year), `%y` (2-digit year,
/// 2000–2099), `%m` (month 1–12, one or two digits), `%d` (day), `%H` (hour 0–23), `%M`
/// (minute), `%S` (second, optionally followed by `.fraction`, which is dropped), `%b` (month
/// name or abbreviation in English: `Jan`, `Sept.`, `March`), `%p` (`AM`/`PM`, with `%H` as
/// 1–12) and `%%`; every other character must appear as is. Missing time fields are 0.
public struct DatePattern: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case year4, year2, month, day, hour, minute, second, monthName, meridiem
        case literal(Character)
    }

    let pieces: [Piece]
    public let text: String

    /// Nil, with the reason, when the pattern uses a directive outside the subset.
    public static func parse(_ text: String) -> Result<DatePattern, RowError> {
        var pieces: [Piece] = []
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                pieces.append(.literal(character))
                continue
            }
            switch iterator.next() {
            case "Y": pieces.append(.year4)
            case "y": pieces.append(.year2)
            case "m": pieces.append(.month)
            case "d": pieces.append(.day)
            case "H": pieces.append(.hour)
            case "M": pieces.append(.minute)
            case "S": pieces.append(.second)
            case "b": pieces.append(.monthName)
            case "p": pieces.append(.meridiem)
            case "%": pieces.append(.literal("%"))
            case let other:
                return .failure(
                    RowError(
                        "--date-format '\(text)' uses '%\(other.map(String.init) ?? "")', which is not supported; use %Y %y %m %d %H %M %S %b %p and literal characters"
                    ))
            }
        }
        guard pieces.contains(.year4) || pieces.contains(.year2),
            pieces.contains(.month) || pieces.contains(.monthName), pieces.contains(.day)
        else {
            return .failure(
                RowError("--date-format '\(text)' needs a year (%Y or %y), a month (%m or %b) and a day (%d)"))
        }
        return .success(DatePattern(pieces: pieces, text: text))
    }

    /// The instant `text` names, read at `offset` seconds east of UTC.
    public func read(_ text: String, offset: Int) -> Timestamp? {
        var scanner = Scanner(Array(ImportText.trimmed(text)))
        var fields = Fields()
        for piece in pieces {
            guard fields.take(piece, from: &scanner) else { return nil }
        }
        guard scanner.atEnd else { return nil }
        return fields.instant(offset: offset)
    }

    /// The fields the pieces read, and the instant they name (missing time fields are 0).
    private struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var meridiem: Bool?

        /// Reads one piece; false when the text does not match it.
        mutating func take(_ piece: Piece, from scanner: inout Scanner) -> Bool {
            switch piece {
            case .year4: return store(scanner.number(4, 4), in: \.year)
            case .year2: return store(scanner.number(2, 2).map { 2000 + $0 }, in: \.year)
            case .month: return store(scanner.number(1, 2), in: \.month)
            case .day: return store(scanner.number(1, 2), in: \.day)
            case .hour: return store(scanner.number(1, 2), in: \.hour)
            case .minute: return store(scanner.number(2, 2), in: \.minute)
            case .second:
                guard store(scanner.number(2, 2), in: \.second) else { return false }
                if scanner.take(".") { _ = scanner.number(1, 9) }
                return true
            case .monthName: return store(scanner.monthName(), in: \.month)
            case .meridiem:
                meridiem = scanner.meridiem()
                return meridiem != nil
            case .literal(let character): return scanner.take(character)
            }
        }

        private mutating func store(_ value: Int?, in field: WritableKeyPath<Fields, Int>) -> Bool {
            guard let value else { return false }
            self[keyPath: field] = value
            return true
        }

        /// Nil when a field is out of range (the 13th month, 24:00, 1–12 wanted before AM/PM).
        func instant(offset: Int) -> Timestamp? {
            var hour = self.hour
            if let pm = meridiem {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (pm ? 12 : 0)
            }
            guard let date = LocalDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
            else { return nil }
            return date.startOfDay.adding(seconds: Int64(hour * 3600 + minute * 60 + second - offset))
        }
    }

    private struct Scanner {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool { position == characters.count }

        mutating func take(_ character: Character) -> Bool {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
            return true
        }

        mutating func number(_ minimum: Int, _ maximum: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maximum, position < characters.count, let digit = characters[position].wholeNumberValue,
                characters[position].isASCII
            {
                value = value * 10 + digit
                count += 1
                position += 1
            }
            return count >= minimum ? value : nil
        }

        mutating func monthName() -> Int? {
            let start = position
            while position < characters.count, characters[position].isLetter { position += 1 }
            let word = String(characters[start..<position]).lowercased()
            _ = take(".")
            let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
            guard word.count >= 3, let index = months.firstIndex(of: String(word.prefix(3))) else { return nil }
            return index + 1
        }

        mutating func meridiem() -> Bool? {
            let start = position
            while position < characters.count, characters[position].isLetter || characters[position] == "." {
                position += 1
            }
            switch String(characters[start..<position]).uppercased().replacingOccurrences(of: ".", with: "") {
            case "AM": return false
            case "PM": return true
            default: return nil
            }
        }
    }
}
