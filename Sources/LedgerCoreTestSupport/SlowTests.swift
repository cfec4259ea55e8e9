import Foundation

/// Tests that take over 30 s alone on 2 cores, or over 15 s while running many processes, are
/// left out of a plain `swift test` and run with `LGR_SLOW_TESTS=1` (`.ci/run` runs them in the
/// same run; CONTRIBUTING.md, "Building and testing"). On the suite: `.enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason))`.
public enum SlowTests {
    public static let enabled = ProcessInfo.processInfo.environment["LGR_SLOW_TESTS"] == "1"
    public static let reason = "slow on 2 cores; LGR_SLOW_TESTS=1 runs it (.ci/run does)"
}
