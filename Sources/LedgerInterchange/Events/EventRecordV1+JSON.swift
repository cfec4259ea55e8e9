import LedgerCore

/// Why a line of a JSON/JSONL event file could not be read.
public struct EventFileError: Error, Equatable, Sendable {
    public let line: Int
    public let message: String
}

extension EventRecordV1 {
    /// The JSON shape written by ``write(to:extra:)`` (our export and the canonical form),
    /// read from a ``JSONValue`` field by field in this order, as Foundation's `JSONDecoder`
    /// read it before: the first field that is missing or of the wrong type is the one named.
    /// Every number is a string; a JSON number where a decimal string belongs is refused, so
    /// nothing passes through binary floating point.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (the field names are the wire format's)
    private struct JSONForm {
        let version: Int?
        let seq: Int64?
        let id: String
        let kind: String
        let occurred_at: String
        let recorded_at: String?
        let account: String?
        let asset, asset_class, quantity, price, quote, total: String?
        let counter_asset, counter_class, counter_quantity, to_account, income_kind: String?
        let split_ratio, void_target, reason, link_withdrawal, link_deposit, fee, fee_asset, fee_class: String?
        let tx_hash, address: String?
        let note, source, batch, fingerprint: String?

        init(_ value: JSONValue) throws(JSONFieldError) {
            guard let members = value.objectValue else { throw .wrongType("") }
            let fields = JSONFields(members: members)
            (version, seq) = (try fields.integer("version").map(Int.init), try fields.integer("seq"))
            (id, kind, occurred_at) = (
                try fields.required("id"), try fields.required("kind"), try fields.required("occurred_at")
            )
            (recorded_at, account) = (try fields.optional("recorded_at"), try fields.optional("account"))
            (asset, asset_class, quantity) = (
                try fields.optional("asset"), try fields.optional("asset_class"), try fields.optional("quantity")
            )
            (price, quote, total) = (
                try fields.optional("price"), try fields.optional("quote"), try fields.optional("total")
            )
            (counter_asset, counter_class, counter_quantity) = (
                try fields.optional("counter_asset"), try fields.optional("counter_class"),
                try fields.optional("counter_quantity")
            )
            (to_account, income_kind, split_ratio) = (
                try fields.optional("to_account"), try fields.optional("income_kind"),
                try fields.optional("split_ratio")
            )
            (void_target, reason) = (try fields.optional("void_target"), try fields.optional("reason"))
            (link_withdrawal, link_deposit) = (
                try fields.optional("link_withdrawal"), try fields.optional("link_deposit")
            )
            (tx_hash, address) = (try fields.optional("tx_hash"), try fields.optional("address"))
            (fee, fee_asset, fee_class) = (
                try fields.optional("fee"), try fields.optional("fee_asset"), try fields.optional("fee_class")
            )
            (note, source) = (try fields.optional("note"), try fields.optional("source"))
            (batch, fingerprint) = (try fields.optional("batch"), try fields.optional("fingerprint"))
        }
    }

    /// Reads one JSON object (one line of a JSONL export).
    public static func decode(json: some StringProtocol, line: Int) throws(EventFileError) -> EventRecordV1 {
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(json.utf8), dialect: .eventFile)
        } catch {
            throw EventFileError(line: line, message: "not a JSON object")
        }
        return try decode(value, line: line)
    }

    /// Reads one parsed JSON value (one element of a JSON export's `events`).
    static func decode(_ value: JSONValue, line: Int) throws(EventFileError) -> EventRecordV1 {
        let form: JSONForm
        do {
            form = try JSONForm(value)
        } catch {
            throw EventFileError(line: line, message: error.message)
        }
        return try record(from: form, line: line)
    }

    /// The version of a row that gives none: the lowest that holds its fields (`tx_hash` or
    /// `address` need 5; link fields 4; a `total` needs 2 on a buy or sell, 3 on an income).
    private static func lowestVersion(_ form: JSONForm) -> Int {
        if form.tx_hash != nil || form.address != nil { return ChainReference.schemaVersion }
        if form.link_withdrawal != nil || form.link_deposit != nil { return 4 }
        return form.total == nil ? 1 : form.kind == "income" ? 3 : 2
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
            sequence: form.seq ?? 0, id: form.id, schemaVersion: form.version ?? lowestVersion(form),
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
        (record.linkWithdrawal, record.linkDeposit) = (form.link_withdrawal, form.link_deposit)
        (record.txHash, record.address) = (form.tx_hash, form.address)
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
}
