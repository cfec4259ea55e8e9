import Glibc
import LedgerApp

/// A file the user named that cannot be read or written (exit 1). Each names the file as the
/// user typed it; standard output, which has no name here, is "the output".
enum FileAccessError: UserFacingError, Equatable {
    case isDirectory(String)
    /// `-o PATH` names a directory.
    case outputIsDirectory(String)
    /// `open` or `stat` failed with `errno`.
    case cannotRead(String, errno: Int32)
    case readError(String)
    /// Larger than ``InputFile/maximumBytes``.
    case tooLarge(String)
    /// Creating, writing or renaming failed with `errno`.
    case cannotWrite(String, errno: Int32)
    /// A write to standard output failed with `errno` (a full disk, a quota, an I/O error):
    /// what the command printed is incomplete. Not a closed pipe (`| head`), which ends the
    /// output quietly (``WriteFailure``).
    case cannotWriteOutput(errno: Int32)

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case .isDirectory(let path): "'\(path)' is a directory; give the path of a file"
        case .outputIsDirectory(let path): "'\(path)' is a directory; give -o a file path"
        case .cannotRead(let path, let code):
            switch code {
            case ENOENT: "cannot read '\(path)': no such file"
            case EACCES: "cannot read '\(path)': permission denied"
            default: "cannot read '\(path)': \(String(cString: strerror(code)))"
            }
        case .readError(let path): "cannot read '\(path)': a read error occurred"
        case .tooLarge(let path):
            "'\(path)' is larger than 256 MiB, the most a file read whole may hold; split it (events: use JSONL, 'ledger export -O jsonl', which is read as a stream)"
        case .cannotWrite(let path, let code): "cannot write '\(path)': \(String(cString: strerror(code)))"
        case .cannotWriteOutput(let code):
            "could not write the output: \(String(cString: strerror(code))); what was printed is incomplete: make room where it goes, or send it elsewhere, and run the command again"
        }
    }
}
