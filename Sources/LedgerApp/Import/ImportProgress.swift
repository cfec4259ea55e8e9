import LedgerCore

/// A one-line progress bar on stderr while a file is read, redrawn at most every 100 ms; silent
/// unless stderr is a terminal (it writes through the context's notices) (pipes, cron and tests see nothing).
final class ImportProgress {
    private let context: AppContext
    private let enabled: Bool
    private var file = ""
    private var size: Int64 = 0
    private var done: Int64 = 0
    private var lastDraw: UInt64 = 0

    /// `enabled`: stderr is a terminal.
    init(context: AppContext, enabled: Bool) {
        self.context = context
        self.enabled = enabled
    }

    func start(file: String, size: Int64) {
        (self.file, self.size, done, lastDraw) = (file, size, 0, 0)
    }

    func advance(bytes: Int, rows: Int) {
        guard enabled else { return }
        done += Int64(bytes)
        let now = context.clockMilliseconds()
        guard now >= lastDraw + 100 else { return }
        lastDraw = now
        let width = 30
        let filled = size > 0 ? Int(done * Int64(width) / size) : 0
        let percent = size > 0 ? " \(done * 100 / size)%" : ""
        let bar =
            String(repeating: "#", count: min(filled, width)) + String(repeating: ".", count: max(0, width - filled))
        context.notices.write("\r[\(bar)]\(percent) \(rows) rows: \(file)\u{1B}[K")
    }

    /// A one-line status for the later phases (checking, writing).
    func status(_ text: String) {
        guard enabled else { return }
        context.notices.write("\r\(text)\u{1B}[K")
    }

    func finish() {
        guard enabled else { return }
        context.notices.write("\r\u{1B}[K")
    }
}
