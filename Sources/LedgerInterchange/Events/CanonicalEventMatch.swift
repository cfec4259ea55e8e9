import LedgerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stored row's columns as its canonical JSON is written from them (LedgerStore's
/// `CanonicalColumns`): the integers, and each text field's bytes in ``CanonicalField`` order
/// (nil: NULL, written as the empty text for a required field and left out otherwise).
public struct CanonicalRow {
    public let version: Int64
    public let sequence: Int64
    public let occurredAt: Int64
    public let recordedAt: Int64
    public let texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>
    /// The fields its JSON has, a bit each (by ``CanonicalField``): the ones not NULL, and
    /// the required ones.
    let written: UInt32

    /// Every field that is never left out, a bit each.
    private static let required = CanonicalField.allCases.reduce(UInt32(0)) {
        $1.isRequired ? $0 | 1 << $1.rawValue : $0
    }

    public init(
        version: Int64, sequence: Int64, occurredAt: Int64, recordedAt: Int64,
        texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>
    ) {
        precondition(texts.count == CanonicalField.allCases.count, "a canonical row has a text for each field")
        (self.version, self.sequence, self.occurredAt, self.recordedAt) = (version, sequence, occurredAt, recordedAt)
        self.texts = texts
        var written = Self.required
        for (index, text) in texts.enumerated() where text != nil { written |= 1 << index }
        self.written = written
    }
}

extension CanonicalEventJSON {
    /// The event's canonical JSON is the row's, byte for byte, decided field by field without
    /// writing it: the same fields in the same order, each text's bytes the row's (escaping
    /// maps different bytes to different JSON, so the escaped texts are equal exactly when
    /// the bytes are), each id and decimal written to a few bytes and compared, the integers
    /// compared as numbers. The chain walk hashes the row's JSON and holds the replay row's
    /// event to it this way (LedgerStore's `SplitChainWalk`).
    public mutating func matches(_ event: LedgerEvent, row: CanonicalRow) -> Bool {
        var match = CanonicalEventMatch(row)
        encode(event, to: &match)
        return match.same
    }
}

/// ``CanonicalEventJSON/matches(_:row:)``'s comparison: the encoder must give the fields the
/// row's JSON has (``CanonicalRow/written``), each after the one before, each equal. Once
/// something differs, nothing more is looked at.
struct CanonicalEventMatch: CanonicalEventOutput {
    private let row: CanonicalRow
    /// The field after the last one given, and the ones given (a bit each, by ``CanonicalField``).
    private var next = 0
    private var given: UInt32 = 0
    private(set) var same = true

    init(_ row: CanonicalRow) {
        self.row = row
    }

    mutating func header(version: Int64, sequence: Int64) {
        same = same && version == row.version && sequence == row.sequence
    }

    /// Equal seconds write equal texts; others are compared as texts (made only then).
    mutating func times(occurred: Int64, recorded: Int64, _ encoder: inout CanonicalEventJSON) {
        guard same, next == CanonicalField.account.rawValue else {
            same = false
            return
        }
        var stored = CanonicalTimeText()
        if occurred != row.occurredAt {
            same = encoder.timeText(occurred: occurred) == stored.text(row.occurredAt)
        }
        if same, recorded != row.recordedAt {
            same = encoder.timeText(recorded: recorded) == stored.text(row.recordedAt)
        }
    }

    mutating func text(_ field: CanonicalField, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let stored = take(field) else { return }
        same = Self.equal(bytes, stored)
    }

    mutating func id(_ field: CanonicalField, _ value: EventID) {
        guard let stored = take(field) else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { room in
            var digits = ByteCursor(base: room.baseAddress!, capacity: 26)
            value.write(textTo: &digits)
            same = Self.equal(digits.written, stored)
        }
    }

    mutating func decimal(_ field: CanonicalField, _ value: ExactDecimal) {
        guard let stored = take(field) else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ExactDecimal.formattedMaxBytes) { room in
            var digits = ByteCursor(base: room.baseAddress!, capacity: ExactDecimal.formattedMaxBytes)
            value.write(formattedTo: &digits)
            same = Self.equal(digits.written, stored)
        }
    }

    /// The fields given are the ones the row's JSON has.
    mutating func end() {
        same = same && given == row.written
    }

    /// The row's bytes of `field` when it comes after the last one given and the row's JSON
    /// has it (a required one's NULL is the empty text); else nil, and the match fails.
    private mutating func take(_ field: CanonicalField) -> UnsafeBufferPointer<UInt8>? {
        let index = field.rawValue
        let bit: UInt32 = 1 << index
        guard same, index >= next, row.written & bit != 0 else {
            same = false
            return nil
        }
        next = index + 1
        given |= bit
        return row.texts[index] ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The same bytes; most are a few (a symbol, a class): words compared, not a call.
    private static func equal(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = one.count
        guard length == other.count else { return false }
        guard length > 0, let first = one.baseAddress, let second = other.baseAddress else { return true }
        let (left, right) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        if length >= 8, length <= 16 {
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        }
        if length >= 4, length < 8 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
        }
        return memcmp(left, right, length) == 0
    }
}
