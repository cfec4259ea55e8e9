import Foundation

/// The test run's one headless Chromium (issue 36: one browser per run, not one per page or
/// test). `Tests/Browser/chromium.py` starts it on first use and drives it over the DevTools
/// protocol: screenshots go through ``shoot(_:)`` one at a time, and Playwright connects to the
/// same browser at ``debuggingURL``. It ends with the test process (the driver's stdin closes).
final class SharedChromium: @unchecked Sendable {
    /// Started once, by the first check that needs it.
    static let shared = Result { try SharedChromium() }

    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Browser/chromium.py").path

    /// `http://127.0.0.1:PORT`: the browser's DevTools endpoint (Playwright's connect_over_cdp).
    let debuggingURL: String
    private let lock = NSLock()
    private let requests: FileHandle
    private let answers: FileHandle
    private var pending = Data()
    private let process: SpawnedProcess

    private init() throws {
        guard let chromium = BrowserCheck.chromium, let python = BrowserCheck.python else {
            throw BrowserCheckError(message: "chromium or python3 is not on PATH")
        }
        // Its failures (a traceback) show in the test run's output.
        let process = try SpawnedProcess(
            python, [Self.driver, chromium, makeTemporaryDirectory("chromium-profile")], stdin: .pipe,
            stdout: .pipe, stderr: .inherit)
        requests = process.input!
        answers = process.output!
        var buffer = Data()
        let started = try Self.object(Self.line(from: answers, pending: &buffer))
        guard let url = started["cdp"] as? String else {
            throw BrowserCheckError(message: started["error"] as? String ?? "chromium.py: \(started)")
        }
        debuggingURL = url
        pending = buffer
        self.process = process
    }

    /// One request, its answer; blocking, one at a time (call it off the cooperative pool).
    func shoot(_ request: [String: Any]) throws -> [String: Any] {
        try lock.withLock {
            try requests.write(contentsOf: JSONSerialization.data(withJSONObject: request) + Data("\n".utf8))
            let answer = try Self.object(Self.line(from: answers, pending: &pending))
            if let error = answer["error"] as? String { throw BrowserCheckError(message: "chromium: \(error)") }
            return answer
        }
    }

    private static func line(from handle: FileHandle, pending: inout Data) throws -> Data {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                return Data(line)
            }
            let chunk = handle.availableData
            guard !chunk.isEmpty else { throw BrowserCheckError(message: "chromium.py ended") }
            pending += chunk
        }
    }

    private static func object(_ line: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw BrowserCheckError(message: "chromium.py answered \(String(decoding: line, as: UTF8.self))")
        }
        return object
    }
}
