import Foundation

/// A page in a real browser: headless Chromium renders a file at a given size; the screenshot
/// must not be blank and the page must log nothing to the console (a page with no scripts logs
/// only when something fails: a blocked load, a CSS or parse error).
///
/// Tests skip (and say so) when `chromium` / `chromium-browser` or `python3` (which decodes the
/// PNG with zlib) is not on PATH. CI installs Debian's `chromium` package.
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

    public static func screenshot(_ page: String, width: Int, height: Int, in directory: String) throws -> (
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
        guard process.terminationStatus == 0 else {
            throw BrowserCheckError(message: "chromium exited \(process.terminationStatus): \(log.suffix(2000))")
        }
        guard FileManager.default.fileExists(atPath: png) else {
            throw BrowserCheckError(message: "chromium wrote no screenshot: \(log.suffix(2000))")
        }
        return (png, log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
    }

    /// Decodes the PNG (8-bit RGB or RGBA, any filter) with python3's zlib and counts distinct
    /// colours and the share of pixels that differ from the top-left (background) pixel.
    public static func pixelStats(_ png: String) throws -> (width: Int, height: Int, colours: Int, inked: Double) {
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
            throw BrowserCheckError(message: "could not decode \(png): \(problem)")
        }
        return (w, h, colours, inked)
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
