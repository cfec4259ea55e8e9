/// What may be done with the memory of a large array before it is first written: the app's
/// hint to the operating system (huge pages, on Linux), handed in so that the core imports
/// nothing. `ledger tax` of a million events writes two such arrays, its tax transactions and
/// its disposals (~280 MB), and taking their memory in 4 KB pages, each page fault clearing
/// one, was a tenth of its time (docs/PERFORMANCE.md, "`ledger tax`").
public typealias LargeBufferHint = @Sendable (_ start: UnsafeMutableRawPointer, _ bytes: Int) -> Void

extension Array {
    /// Room for `count` elements; the whole room's memory, not yet written, is handed to `hint`.
    mutating func reserveCapacity(_ count: Int, hint: LargeBufferHint?) {
        reserveCapacity(count)
        guard let hint else { return }
        let bytes = capacity * MemoryLayout<Element>.stride
        withUnsafeMutableBufferPointer { buffer in
            if let start = buffer.baseAddress { hint(UnsafeMutableRawPointer(start), bytes) }
        }
    }
}
