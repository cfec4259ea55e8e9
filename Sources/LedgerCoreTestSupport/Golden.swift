import Foundation

/// Golden files: what users see, checked in under `Tests/<Target>/Snapshots/`. A mismatch
/// fails with a line diff. With `LGR_RECORD=1` the file is rewritten and the check fails once,
/// so re-recording is always deliberate and visible. `LGR_RECORD=TEXT` (anything but `1`)
/// re-records only the golden files whose path contains TEXT.
public enum Golden {
    /// Compares `actual` with the golden file at `path`; returns a failure message or nil.
    public static func check(_ actual: String, path: String) -> String? {
        let record = shouldRecord(path, ProcessInfo.processInfo.environment["LGR_RECORD"])
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        if record || expected == nil {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            return "recorded golden file \(path); run the tests again without LGR_RECORD"
        }
        guard let expected, expected != actual else { return nil }
        return "golden file \(path) differs (LGR_RECORD=1 to re-record):\n" + diff(expected, actual)
    }

    /// Whether `LGR_RECORD` (`1`, or a fragment of the path) asks to re-record `path`.
    static func shouldRecord(_ path: String, _ setting: String?) -> Bool {
        guard let setting, !setting.isEmpty, setting != "0" else { return false }
        return setting == "1" || path.contains(setting)
    }

    /// The directory of golden files next to the calling test file.
    public static func directory(for testFile: String, _ name: String = "Snapshots") -> String {
        (testFile as NSString).deletingLastPathComponent + "/" + name
    }

    /// A minimal line diff: the first differing lines with their numbers.
    static func diff(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(left.count, right.count) where lines.count < 24 {
            let l = index < left.count ? String(left[index]) : "<none>"
            let r = index < right.count ? String(right[index]) : "<none>"
            if l != r { lines.append("line \(index + 1):\n  - \(l)\n  + \(r)") }
        }
        return lines.joined(separator: "\n")
    }
}
