import Foundation

/// A page in a real browser: headless Chromium renders a file at a given size; the screenshot
/// must not be blank and the page must log nothing to the console (a page with no scripts logs
/// only when something fails: a blocked load, a CSS or parse error).
///
/// Tests skip (and say so) when `chromium` / `chromium-browser` or `python3` (which drives it,
/// `Tests/Browser/chromium.py`) is not on PATH. CI installs Debian's `chromium` package.
public enum BrowserCheck {
    public static let chromium = executable(["chromium", "chromium-browser"])
    public static let python = executable(["python3"])

    /// Whether both are there; says on stdout which is missing for `suite`.
    public static func available(for suite: String) -> Bool {
        if chromium == nil || python == nil {
            print(
                "\(suite) skipped: \(chromium == nil ? "chromium (or chromium-browser)" : "python3") is not on PATH; install Debian's 'chromium' to run them"
            )
        }
        return chromium != nil && python != nil
    }

    /// What a page looked like: the screenshot, every console message, log entry and uncaught
    /// exception of its tab, and the screenshot's pixels counted.
    public struct Shot: Sendable {
        public let png: String
        public let console: [String]
        public let pixels: Pixels
    }

    /// Distinct RGB colours, and the share of pixels unlike the top-left (background) one.
    public struct Pixels: Sendable {
        public let width: Int
        public let height: Int
        public let colours: Int
        public let inked: Double
    }

    /// Renders the file `page` at exactly `width` x `height` in the run's one Chromium
    /// (``SharedChromium``), writing the screenshot into `directory`. The wait happens on a
    /// thread of its own, never on the cooperative pool (two threads on two cores) that the
    /// in-process servers of the suites beside it answer on.
    public static func screenshot(_ page: String, width: Int, height: Int, in directory: String) async throws -> Shot {
        let png = directory + "/shot-\(width).png"
        let answer = await RawConnection.onThread {
            Result { () throws -> Shot in
                let request: [String: Any] = ["page": page, "width": width, "height": height, "png": png]
                let answer = try SharedChromium.shared.get().shoot(request)
                guard let console = answer["console"] as? [String], let numbers = answer["pixels"] as? [Double],
                    numbers.count == 4
                else { throw BrowserCheckError(message: "chromium.py answered \(answer)") }
                let pixels = Pixels(
                    width: Int(numbers[0]), height: Int(numbers[1]), colours: Int(numbers[2]), inked: numbers[3])
                return Shot(png: png, console: console, pixels: pixels)
            }
        }
        return try answer.get()
    }

    /// The DevTools endpoint of the run's one Chromium (`http://127.0.0.1:PORT`), started if
    /// it is not yet: Playwright connects there instead of launching a browser of its own.
    public static func debuggingURL() async throws -> String {
        try await RawConnection.onThread { Result { try SharedChromium.shared.get().debuggingURL } }.get()
    }

    /// The first of `names` found on PATH.
    public static func executable(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for directory in path.split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }
}

public struct BrowserCheckError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
