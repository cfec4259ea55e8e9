import Foundation
import LedgerTestSupport
import Testing

/// The HTML report in a real browser: headless Chromium renders it at desktop and phone width;
/// the screenshot must not be blank and the page must log nothing to the console (a page with
/// no scripts logs only when something fails: a blocked load, a CSS or parse error).
///
/// Skipped (and says so) when `chromium` / `chromium-browser` or `python3` (which decodes the
/// PNG with zlib) is not on PATH. CI installs Debian's `chromium` package.
@Suite("The HTML report in headless Chromium", .serialized)
struct ReportBrowserTests {
    static let chromium = executable(["chromium", "chromium-browser"])
    static let python = executable(["python3"])
    static var available: Bool {
        if chromium == nil || python == nil {
            print(
                "ReportBrowserTests skipped: \(chromium == nil ? "chromium (or chromium-browser)" : "python3") is not on PATH; install Debian's 'chromium' to run them"
            )
        }
        return chromium != nil && python != nil
    }

    @Test(
        "the report renders, is not blank and logs no console message", .enabled(if: available),
        arguments: [(1024, 2400), (390, 3200)])
    func renders(width: Int, height: Int) throws {
        let fixture = try ReportFixture(days: 120)
        let page = fixture.directory + "/report.html"
        let result = try fixture.run([
            "report", "--period", "quarter", "--as-of", "2024-06-30", "-O", "html", "-o", page,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let shot = try Self.screenshot(page, width: width, height: height, in: fixture.directory)
        #expect(shot.console.isEmpty, "console messages: \(shot.console)")
        let pixels = try Self.pixelStats(shot.png)
        #expect(pixels.width == width && pixels.height == height)
        #expect(pixels.colours >= 16, "only \(pixels.colours) colours: blank or nearly so")
        #expect(pixels.inked > 0.02, "only \(pixels.inked) of the pixels are not background")
    }

    /// The console check can fail: a page that logs is caught (so an empty list means silence,
    /// not a capture that never worked).
    @Test("the console capture sees a page's console messages", .enabled(if: available))
    func captureWorks() throws {
        let directory = makeTemporaryDirectory("ledger-browser")
        let page = directory + "/bad.html"
        try "<!DOCTYPE html><p>x</p><script>console.error('report-probe')</script>".write(
            toFile: page, atomically: true, encoding: .utf8)
        let shot = try Self.screenshot(page, width: 300, height: 200, in: directory)
        #expect(shot.console.contains { $0.contains("report-probe") }, "\(shot.console)")
    }

    static func screenshot(_ page: String, width: Int, height: Int, in directory: String) throws -> (
        png: String, console: [String]
    ) {
        let png = directory + "/shot-\(width).png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(directory)/chromium-profile", "--window-size=\(width),\(height)",
            "--screenshot=\(png)", "--enable-logging=stderr", "--v=1", "file://" + page,
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "chromium exited \(process.terminationStatus)")
        #expect(FileManager.default.fileExists(atPath: png), "no screenshot written")
        return (png, log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
    }

    /// Decodes the PNG (8-bit RGB or RGBA, any filter) with python3's zlib and counts distinct
    /// colours and the share of pixels that differ from the top-left (background) pixel.
    static func pixelStats(_ png: String) throws -> (width: Int, height: Int, colours: Int, inked: Double) {
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat = 8, b''
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                if kind == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
                pos += 12 + length
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 3 if ctype == 2 else 4
            raw, stride = zlib.decompress(idat), w * bpp
            prev, rows, i = bytearray(stride), [], 0
            for _ in range(h):
                f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
                for x in range(stride):
                    a = line[x - bpp] if x >= bpp else 0
                    b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
                    if f == 1: line[x] = (line[x] + a) & 255
                    elif f == 2: line[x] = (line[x] + b) & 255
                    elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(bytes(line)); prev = line
            background = rows[0][:3]
            colours, inked = set(), 0
            for row in rows:
                for x in range(0, stride, bpp):
                    px = row[x:x + 3]; colours.add(px)
                    if px != background: inked += 1
            print(w, h, len(colours), inked / (w * h))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python!)
        process.arguments = ["-c", script, png]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let words = text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard process.terminationStatus == 0, words.count == 4, let w = Int(words[0]), let h = Int(words[1]),
            let colours = Int(words[2]), let inked = Double(words[3])
        else {
            throw ReportFixture.FixtureError(message: "could not decode \(png): \(problem)")
        }
        return (w, h, colours, inked)
    }

    /// The first of `names` found on PATH.
    static func executable(_ names: [String]) -> String? {
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
