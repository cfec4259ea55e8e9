/// Reads RFC 4180 CSV incrementally: bytes arrive in chunks of any size (``feed(_:_:)``), whole
/// records come out, and memory holds at most one record plus one chunk. The one CSV reader:
/// exchange files stream through it, and a whole text (a price file, a market data body) is
/// one chunk (``records(_:separator:)``).
///
/// - Fields are split at a separator (`,` by default; `;`, tab …); a field in double quotes may
///   hold separators, line breaks and quotes written twice (`""`). Fields are returned as
///   they are: no trimming. A quote inside an unquoted field (`5" disk`) is kept as text.
/// - Records end at `\n`, `\r\n` or a lone `\r`; a final line break adds no empty record, but a
///   blank line in the middle is a record with one empty field (see ``CSVRow/isBlank``).
/// - A UTF-8 byte order mark at the start is skipped; invalid UTF-8 becomes U+FFFD.
/// - Text after a closing quote (`"ab"c`) is an error for that record only: the reader skips
///   to the end of its line and goes on. A quote never closed is an error at the end.
/// - A record of more than ``maximumRecordBytes`` is an error that ends the reading: what
///   follows is not read, so a file that is not CSV (or a quote never closed) cannot fill memory.
public struct CSVStreamReader {
    /// 1 MiB: an exchange's row is a few hundred bytes.
    public static let maximumRecordBytes = 1 << 20

    /// One step of the reader's output: a record, or a record it could not split.
    public typealias Output = Result<CSVRow, CSVError>

    private let separator: UInt8
    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var fields: [String] = []
    /// Bytes in `fields` so far.
    private var fieldBytes = 0
    private var overlong = false
    private var line = 1
    private var recordLine = 1
    private var bomChecked = false
    private var pendingBOM: [UInt8] = []

    private enum State {
        case fieldStart, plain, quoted, quoteInQuoted, afterCR, skipping, skippingAfterCR
    }

    private static let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// A reader splitting fields at `separator` (one ASCII byte; `,` by default).
    public init(separator: UInt8 = UInt8(ascii: ",")) {
        self.separator = separator
    }

    /// Every record of a whole text (for small inputs and tests).
    public static func records(_ bytes: [UInt8], separator: UInt8 = UInt8(ascii: ",")) -> [Output] {
        var reader = CSVStreamReader(separator: separator)
        var output: [Output] = []
        reader.feed(bytes[...]) { output.append($0) }
        reader.finish { output.append($0) }
        return output
    }

    /// Consumes `chunk`, calling `emit` for every record it completes.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, _ emit: (Output) -> Void) {
        guard !overlong else { return }
        var bytes = chunk
        if !bomChecked {
            pendingBOM += bytes
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if pendingBOM.count < 3 && bom.starts(with: pendingBOM) { return }
            bomChecked = true
            bytes = pendingBOM.starts(with: bom) ? pendingBOM.dropFirst(3) : pendingBOM[...]
            pendingBOM = []
        }
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                // Runs of ordinary bytes (nearly all of a file) are copied in one piece; the
                // state machine sees only the bytes that can change its state.
                let end = ordinaryRunEnd(buffer, from: index)
                if end > index {
                    field.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                    if state == .fieldStart { state = .plain }
                    index = end
                } else {
                    step(buffer[index], emit)
                    index += 1
                }
                if fieldBytes + field.count > Self.maximumRecordBytes { return stopOverlong(emit) }
            }
        }
    }

    private mutating func stopOverlong(_ emit: (Output) -> Void) {
        emit(
            .failure(
                CSVError(
                    line: recordLine,
                    reason:
                        "the record that starts on this line is longer than 1 MiB, the most a record may hold; the rest of the file is not read"
                )))
        overlong = true
        field = []
        fields = []
        fieldBytes = 0
    }

    /// Where the run of bytes from `start` that ``step(_:_:)`` would only append to the field
    /// ends: in a plain field, up to a separator or a line break; in a quoted one, up to a
    /// quote or a line feed (counted by `step`). `start` itself in any other state.
    private func ordinaryRunEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        switch state {
        case .fieldStart where buffer[start] != Self.quote, .plain:
            while end < buffer.count, buffer[end] != separator, buffer[end] != Self.newline,
                buffer[end] != Self.carriageReturn
            { end += 1 }
        case .quoted:
            while end < buffer.count, buffer[end] != Self.quote, buffer[end] != Self.newline { end += 1 }
        default:
            break
        }
        return end
    }

    /// Ends the input: emits the last record (if the text did not end with a line break) or the
    /// error of a quote never closed.
    public mutating func finish(_ emit: (Output) -> Void) {
        guard !overlong else { return }
        if !bomChecked, !pendingBOM.isEmpty {
            bomChecked = true
            let rest = pendingBOM
            pendingBOM = []
            for byte in rest { step(byte, emit) }
        }
        switch state {
        case .quoted:
            emit(
                .failure(
                    CSVError(
                        line: recordLine,
                        reason: "a quoted field that starts on this line is never closed (a '\"' is missing)")))
        case .fieldStart where fields.isEmpty, .afterCR, .skipping, .skippingAfterCR:
            break
        default:
            endRecord(emit)
        }
        state = .fieldStart
    }

    private mutating func step(_ byte: UInt8, _ emit: (Output) -> Void) {
        switch state {
        case .fieldStart:
            if byte == Self.quote { state = .quoted } else { plain(byte, emit) }
        case .plain:
            plain(byte, emit)
        case .quoted:
            if byte == Self.quote {
                state = .quoteInQuoted
            } else {
                if byte == Self.newline { line += 1 }
                field.append(byte)
            }
        case .quoteInQuoted:
            afterQuote(byte, emit)
        case .afterCR:
            state = .fieldStart
            if byte != Self.newline { step(byte, emit) }
        case .skipping:
            if byte == Self.newline { skipped() } else if byte == Self.carriageReturn { state = .skippingAfterCR }
        case .skippingAfterCR:
            skipped()
            if byte != Self.newline { step(byte, emit) }
        }
    }

    private mutating func plain(_ byte: UInt8, _ emit: (Output) -> Void) {
        if byte == separator {
            endField()
            state = .fieldStart
        } else if byte == Self.newline || byte == Self.carriageReturn {
            endRecord(emit)
            state = byte == Self.carriageReturn ? .afterCR : .fieldStart
        } else {
            field.append(byte)
            state = .plain
        }
    }

    /// After a quote inside a quoted field: a second quote is a literal one; a separator or a
    /// line break ends the field; anything else is an error for this record.
    private mutating func afterQuote(_ byte: UInt8, _ emit: (Output) -> Void) {
        if byte == Self.quote {
            field.append(byte)
            state = .quoted
        } else if byte == separator || byte == Self.newline || byte == Self.carriageReturn {
            state = .plain
            plain(byte, emit)
        } else {
            emit(
                .failure(
                    CSVError(
                        line: recordLine,
                        reason:
                            "unexpected text after a closing quote; quote the whole field and double any '\"' inside it"
                    )))
            field = []
            fields = []
            fieldBytes = 0
            state = .skipping
        }
    }

    private mutating func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        fieldBytes += field.count
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRecord(_ emit: (Output) -> Void) {
        endField()
        emit(.success(CSVRow(line: recordLine, fields: fields)))
        fields.removeAll(keepingCapacity: true)
        fieldBytes = 0
        line += 1
        recordLine = line
    }

    private mutating func skipped() {
        line += 1
        recordLine = line
        state = .fieldStart
    }
}
