import Foundation
import Glibc

/// The test process's watch, started with its first temporary directory: it flushes stdout
/// every second, so a run's output in a pipe (CI's) is whole up to the moment it stopped, and it
/// ends a run that goes on past `LGR_TEST_WATCHDOG` seconds (default ``defaultSeconds``; `0` turns
/// it off). Before it does, it says which children still run and writes a report of what every
/// thread was doing (``HangReport``) to a file it names, as CI shows only the end of the output.
enum RunWatch {
    /// A whole run takes about 4 minutes on two cores; this is several times that.
    static let defaultSeconds = 1500

    static func start() {
        let limit = Int(ProcessInfo.processInfo.environment["LGR_TEST_WATCHDOG"] ?? "") ?? defaultSeconds
        let started = Date()
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                fflush(nil) // every output stream: stdout is the one a pipe buffers
                let elapsed = Int(Date().timeIntervalSince(started))
                if limit > 0, elapsed >= limit { stop(after: elapsed) }
            }
        }
        thread.start()
    }

    private static func stop(after seconds: Int) -> Never {
        fflush(nil)
        let report = HangReport.write()
        let line =
            "ledger tests: the run is still going after \(seconds) s (LGR_TEST_WATCHDOG); stopping it."
            + " The tests started above without a result are the ones that hang.\n"
            + HangReport.children().map { "ledger tests: still running: \($0)\n" }.joined()
            + "ledger tests: every thread's stack and the pipes' holders: \(report)\n"
        FileHandle.standardError.write(Data(line.utf8))
        // `_exit` runs no atexit handler: the test PostgreSQL server and the children are
        // stopped here instead, so none holds the run's output open.
        PostgresCluster.stopRunning()
        SpawnedProcess.killLeftovers()
        _exit(124)
    }
}
