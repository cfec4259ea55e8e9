import Glibc
import LedgerApp

/// The programs `ledger` hands a command to (`ledger-serve`, `ledger-live`), which link what
/// `ledger` itself never loads (SwiftNIO, TLS): found beside the running `ledger`, or where an
/// `LGR_…_BINARY` variable says.
enum SiblingProgram {
    /// `$LGR_<variable>`, else `name` in the directory of the running `ledger`; nil when that
    /// file is not an executable.
    static func path(_ name: String, variable: String, _ variables: [String: String]) -> (path: String, found: Bool) {
        let path: String
        if let named = variables[environmentPrefix + variable], !named.isEmpty {
            path = named
        } else {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let me = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            path = String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)]) + "/" + name
        }
        return (path, access(path, X_OK) == 0)
    }

    /// Replaces this process with `path` and `arguments`; returns the reason only if that failed.
    /// The program gets no blocked signals: the calling thread may be a worker of Swift's
    /// concurrency pool, which blocks them, and a blocked mask survives `execv` (the program
    /// would never see Ctrl-C).
    static func exec(_ path: String, _ arguments: [String]) -> String {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        return String(cString: strerror(errno))
    }
}
