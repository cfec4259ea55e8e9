import Foundation
import LedgerTestSupport

/// What the books' tests share: the CLI run in-process on a user's ledger, the exchange
/// fixtures, and requests signed in as a user.
enum Books {
    /// Runs `ledger ARGS` in-process (the server's variables: none) and returns its status,
    /// stdout and stderr.
    static func cli(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let environment = FixedEnvironment(variables: [:])
        let status = environment.run(arguments)
        return (status, environment.stdout.text, environment.stderr.text)
    }

    /// The message `ledger` prints for `arguments` (`ledger: error: MESSAGE`), or "" when it succeeds.
    static func cliError(_ arguments: [String]) -> String {
        let result = cli(arguments)
        guard result.status != 0,
            let line = result.err.split(separator: "\n").last(where: { $0.hasPrefix("ledger: error: ") })
        else { return "" }
        return String(line.dropFirst("ledger: error: ".count))
    }

    /// An exchange export of LedgerInterchangeTests (`kraken/ledgers.csv`).
    static func fixture(_ name: String) throws -> [UInt8] {
        let tests = String(#filePath).components(separatedBy: "/Tests/")[0] + "/Tests"
        return Array(try Data(contentsOf: URL(fileURLWithPath: tests + "/LedgerInterchangeTests/Fixtures/" + name)))
    }

    /// Signed in as `name` through ``HeaderAuthenticator``, with its session's CSRF token as a
    /// header (what a script of the user's own would send; forms send `_csrf`).
    static func user(_ name: String) -> [String: String] { ["X-Test-User": name, "X-CSRF-Token": "test-csrf"] }

    static func json(_ name: String) -> [String: String] {
        ["X-Test-User": name, "X-CSRF-Token": "test-csrf", "Content-Type": "application/json"]
    }

    /// The chain head `ledger verify -O json` reports, or "" when there is no ledger.
    static func head(_ ledger: String) -> String {
        let out = cli(["verify", "-O", "json", "--ledger", ledger]).out
        return out.split(separator: "\n").first { $0.contains("\"head\"") }.map(String.init) ?? ""
    }

    /// A `multipart/form-data` body with one file and some fields.
    static func multipart(file name: String, _ bytes: [UInt8], fields: [(String, String)] = [])
        -> (body: [UInt8], contentType: String)
    {
        let boundary = "----ledgertest7MA4YWxkTrZu0gW"
        var body: [UInt8] = []
        for (field, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
        body += bytes + Array("\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}
