import LedgerCore

#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages for a large buffer (``LargeBufferHint``): the machine's setting is
/// usually `madvise`, so memory gets 2 MB pages only where a process asks. One fault then
/// takes 2 MB instead of 4 KB: at a million events `ledger tax` took ~135,000 faults, half of
/// them its two largest arrays (docs/PERFORMANCE.md, "`ledger tax`"). Only the whole 2 MB
/// pages inside the buffer are advised; elsewhere (and where the kernel refuses) nothing changes.
enum HugePages {
    static let size = 2 << 20

    static let hint: LargeBufferHint = { start, bytes in
        #if os(Linux)
        let mask = UInt(size - 1)
        let first = (UInt(bitPattern: start) + mask) & ~mask
        let end = (UInt(bitPattern: start) + UInt(bytes)) & ~mask
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}
