/// How `--format auto` tells an upload apart, for `ledger import` and the server's upload
/// alike: our own exports by their name (`.jsonl`, `.json`) or first character, else `auto`,
/// which the exchange presets resolve by the CSV header (after any preamble).
public enum ImportFormatGuess {
    /// How many bytes of a file ``byContent(_:)`` wants to see.
    public static let headSize = 4096

    /// `jsonl` or `json` by the file's extension, else nil.
    public static func byName(_ name: String) -> String? {
        if name.hasSuffix(".jsonl") { return "jsonl" }
        if name.hasSuffix(".json") { return "json" }
        return nil
    }

    /// `json` for a JSON export, `jsonl` for other JSON, else `auto` (a CSV): by the first
    /// ``headSize`` bytes, a byte order mark skipped.
    public static func byContent(_ head: some Collection<UInt8>) -> String {
        let bytes = Array(head.prefix(headSize))
        let text = String(
            decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        if text.first(where: { !$0.isWhitespace }) == "{" {
            return text.contains("\"schema\"") && text.contains("\"events\"") ? "json" : "jsonl"
        }
        return "auto"
    }
}
