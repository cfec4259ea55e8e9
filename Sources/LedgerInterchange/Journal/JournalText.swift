import LedgerCore

/// Formatting shared by the two writers.
enum JournalText {
    /// The posting lines of a transaction, amounts aligned after the longest account.
    static func postingLines(_ postings: [JournalPosting], indent: String, amount: (JournalPosting) -> String)
        -> [String]
    {
        let width = postings.map(\.account.count).max() ?? 0
        return postings.map { posting in
            indent + posting.account + String(repeating: " ", count: width - posting.account.count + 2)
                + amount(posting)
        }
    }

    /// Text on one line: line breaks and tabs become spaces, runs of spaces one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func number(_ value: ExactDecimal) -> String { value.formatted() }
}
