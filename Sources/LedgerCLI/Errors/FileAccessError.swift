import Glibc
import LedgerApp

/// A file the user named that cannot be read or written (exit 1). Each names the file as the
/// user typed it.
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
        }
    }
}
