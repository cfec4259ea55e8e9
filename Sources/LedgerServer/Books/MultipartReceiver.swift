import Hummingbird

/// A `multipart/form-data` upload read as it arrives, by the rules of ``MultipartForm``: its
/// one file goes straight to an ``UploadFile`` (never whole in memory), its other fields are
/// kept (each at most ``MultipartForm/maximumFieldBytes``).
struct MultipartReceiver {
    private enum State {
        case opening
        case headers
        case field(String, [UInt8])
        case file
        case afterDelimiter
        case done
    }

    private let delimiter: [UInt8]
    private let file: UploadFile
    private var state = State.opening
    // Starts with CRLF so that the opening boundary reads as every other delimiter.
    private var pending: [UInt8] = [13, 10]
    private var parts = 0
    private(set) var fileName: String?
    private(set) var fields: [String: String] = [:]

    init(contentType: String?, file: UploadFile) throws(MultipartError) {
        delimiter = Array(("\r\n--" + (try MultipartForm.boundary(contentType))).utf8)
        self.file = file
    }

    /// Reads the whole body; the file's name when the body was a well-formed upload.
    mutating func receive(_ body: RequestBody) async throws -> String {
        for try await piece in body {
            pending += piece.readableBytesView
            try consume()
        }
        guard case .done = state, let fileName else {
            if case .done = state { throw MultipartError.noFile }
            throw MultipartError.malformed("the body ends before its last boundary")
        }
        return fileName
    }

    private mutating func consume() throws {
        while try step() {}
    }

    /// Handles what `pending` holds for the current state; false when more bytes are needed.
    private mutating func step() throws -> Bool {
        switch state {
        case .opening:
            guard pending.count >= delimiter.count + 2 else { return false }
            guard pending.starts(with: delimiter + [13, 10]) else {
                throw MultipartError.malformed("the body does not start with the boundary")
            }
            drop(delimiter.count + 2)
            state = .headers
        case .headers:
            let limit = MultipartForm.maximumHeaderBytes + 4
            guard let end = MultipartForm.find([13, 10, 13, 10], in: pending, from: 0, limit: limit) else {
                guard pending.count <= limit else {
                    throw MultipartError.malformed(
                        "a part's headers do not end (or are longer than \(MultipartForm.maximumHeaderBytes) bytes)")
                }
                return false
            }
            try startPart(MultipartForm.headers(pending[..<end]))
            drop(end + 4)
        case .field, .file:
            return try content()
        case .afterDelimiter:
            guard pending.count >= 2 else { return false }
            if pending.starts(with: [45, 45]) {
                state = .done
            } else if pending.starts(with: [13, 10]) {
                state = .headers
            } else {
                throw MultipartError.malformed("a boundary is followed by neither CRLF nor --")
            }
            drop(2)
        case .done:
            pending.removeAll()
            return false
        }
        return true
    }

    private mutating func startPart(_ headers: [(name: String, value: String)]) throws {
        parts += 1
        guard parts <= MultipartForm.maximumParts else { throw MultipartError.tooManyParts }
        let disposition = try MultipartForm.disposition(headers)
        if let name = disposition.fileName {
            guard fileName == nil else { throw MultipartError.moreThanOneFile }
            fileName = name
            state = .file
        } else {
            state = .field(disposition.name, [])
        }
    }

    /// A part's content up to the next delimiter; what cannot be the start of one is passed
    /// on at once.
    private mutating func content() throws -> Bool {
        let end = MultipartForm.find(delimiter, in: pending, from: 0)
        let usable = end ?? max(0, pending.count - delimiter.count + 1)
        try deliver(pending[..<usable])
        guard let end else {
            drop(usable)
            return false
        }
        if case .field(let name, let value) = state { fields[name] = String(decoding: value, as: UTF8.self) }
        drop(end + delimiter.count)
        state = .afterDelimiter
        return true
    }

    private mutating func deliver(_ bytes: ArraySlice<UInt8>) throws {
        switch state {
        case .file:
            try file.append(bytes)
        case .field(let name, var value):
            value += bytes
            guard value.count <= MultipartForm.maximumFieldBytes else { throw MultipartError.fieldTooLarge(name) }
            state = .field(name, value)
        default:
            break
        }
    }

    private mutating func drop(_ count: Int) { pending.removeFirst(count) }
}
