/// A user's notifications beside ledger files (a server without `--database`): the alerts the
/// fetcher fired for them, one JSON object a line in `DATA/users/NAME/notifications.jsonl`
/// (oldest first, appended, never rewritten), and how many of them the user has seen in
/// `notifications.jsonl.seen` (a number, replaced whole). LedgerServer's notification log
/// writes them; `ledger serve migrate` copies them into a database.
public enum NotificationFile {
    /// `DATA/users/NAME/notifications.jsonl`.
    public static func path(_ settings: ServerSettings, user: String) -> String {
        settings.dataDirectory + "/users/" + user + "/notifications.jsonl"
    }

    /// The file's non-empty lines; none when it does not exist.
    public static func lines(_ path: String) -> [ArraySlice<UInt8>] {
        (WholeFile.read(path) ?? []).split(separator: 0x0A)
    }

    /// How many of the lines the user has seen (0 when never marked).
    public static func seen(_ path: String) -> Int {
        let text = String(decoding: WholeFile.read(path + ".seen") ?? [], as: UTF8.self)
        return Int(text.filter { $0 != "\n" }) ?? 0
    }
}
