import FoundationEssentials
import LedgerCore

/// Why a line of a JSON/JSONL event file could not be read.
public struct EventFileError: Error, Equatable, Sendable {
    public let line: Int
    public let message: String
}

extension EventRecordV1 {
    /// The JSON shape written by ``write(to:extra:)`` (our export and the canonical form).
    /// Every number is a string; a JSON number where a decimal string belongs is refused, so
    /// nothing passes through binary floating point.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (the field names are the wire format's)
    private struct JSONForm: Decodable {
        let version: Int?
        let seq: Int64?
        let id: String
        let kind: String
        let occurred_at: String
        let recorded_at: String?
        let account: String?
        let asset, asset_class, quantity, price, quote, total: String?
        let counter_asset, counter_class, counter_quantity, to_account, income_kind: String?
        let split_ratio, void_target, reason, fee, fee_asset, fee_class: String?
        let note, source, batch, fingerprint: String?
    }

    /// Reads one JSON object (one line of a JSONL export, or one element of a JSON export).
    public static func decode(json: some StringProtocol, line: Int) throws(EventFileError) -> EventRecordV1 {
        let form: JSONForm
        do {
            form = try JSONDecoder().decode(JSONForm.self, from: Data(json.utf8))
        } catch {
            throw EventFileError(line: line, message: describe(error))
        }
        return try record(from: form, line: line)
    }

    private static func record(from form: JSONForm, line: Int) throws(EventFileError) -> EventRecordV1 {
        func time(_ text: String, _ field: String) throws(EventFileError) -> Int64 {
            guard case .success(let time) = Timestamp.parse(text) else {
                throw EventFileError(line: line, message: "\(field) '\(text)' is not a date and time")
            }
            return time.secondsSinceEpoch
        }
        let occurred = try time(form.occurred_at, "occurred_at")
        var record = EventRecordV1(
            sequence: form.seq ?? 0, id: form.id, schemaVersion: form.version ?? (form.total == nil ? 1 : 2),
            kind: form.kind, occurredAt: occurred,
            recordedAt: try form.recorded_at.map { text throws(EventFileError) in try time(text, "recorded_at") }
                ?? occurred,
            account: form.account ?? LedgerEvent.defaultAccount, note: form.note ?? "", source: form.source ?? "manual"
        )
        (record.asset, record.assetClass, record.quantity, record.price, record.quote) = (
            form.asset, form.asset_class, form.quantity, form.price, form.quote
        )
        record.total = form.total
        (record.counterAsset, record.counterClass, record.counterQuantity) = (
            form.counter_asset, form.counter_class, form.counter_quantity
        )
        (record.toAccount, record.incomeKind, record.splitRatio) = (form.to_account, form.income_kind, form.split_ratio)
        (record.voidTarget, record.reason) = (form.void_target, form.reason)
        (record.fee, record.feeAsset, record.feeClass) = (form.fee, form.fee_asset, form.fee_class)
        (record.batch, record.fingerprint) = (form.batch, form.fingerprint)
        guard record.schemaVersion <= LedgerEvent.currentSchemaVersion else {
            throw EventFileError(
                line: line,
                message:
                    "event version \(record.schemaVersion) is newer than this ledger reads (\(LedgerEvent.currentSchemaVersion)); upgrade ledger"
            )
        }
        return record
    }

    /// A short reason for a decoding failure, naming the field.
    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "field '\(field)' must be a string (write numbers as \"0.1\", not 0.1)"
        default: return "not a JSON object"
        }
    }
}
