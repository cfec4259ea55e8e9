import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange

/// The books over JSON, `/api/v1/…`: each body is what the CLI prints with `-O json` for the
/// same ledger and options, byte for byte (``ReportJSON``, ``EventJSON``); refusals are
/// `{"error": "<the CLI's message>"}`.
enum BooksAPI {
    static var operations: [APIOperation] {
        [
            APIOperation(
                method: .get, path: "/api/v1/portfolio", document: BooksAPIPaths.portfolio,
                handle: { request, context, state in
                    try await Offload.run { try Self.portfolio(request, context, state) }
                }),
            APIOperation(
                method: .get, path: "/api/v1/log", document: BooksAPIPaths.log,
                handle: { request, context, state in
                    try await Offload.run { try Self.log(request, context, state) }
                }),
            APIOperation(
                method: .post, path: "/api/v1/events", document: BooksAPIPaths.addEvent,
                handle: { try await Self.addEvent($0, $1, $2) }),
            APIOperation(
                method: .post, path: "/api/v1/events/{id}/void", document: BooksAPIPaths.voidEvent,
                handle: { try await Self.voidEvent($0, $1, $2) }),
            APIOperation(
                method: .post, path: "/api/v1/import", document: BooksAPIPaths.importFile,
                handle: { try await Self.importFile($0, $1, $2) }),
            APIOperation(
                method: .get, path: "/api/v1/report", document: BooksAPIPaths.report,
                handle: { request, context, state in
                    try await Offload.run { try Self.report(request, context, state) }
                }),
            APIOperation(
                method: .get, path: "/api/v1/returns", document: BooksAPIPaths.returns,
                handle: { request, context, state in
                    try await Offload.run { try Self.returns(request, context, state) }
                }),
            APIOperation(
                method: .get, path: "/api/v1/openapi.json", document: BooksAPIPaths.openAPI,
                public: { _ in ServerResponse.json(OpenAPIDocument.document.text) }),
        ]
    }

    /// `ledger portfolio -O json [--by-account] [--as-of] [--currency] [--method]`.
    static func portfolio(_ request: Request, _ context: SignedInContext, _ state: ServerState) throws
        -> Response
    {
        let books = context.books
        let fields = QueryFields(request)
        do {
            let perAccount = try fields.boolean("by-account", default: false)
            return ServerResponse.json(
                try BooksService(books: books).portfolioJSON(valuation(fields), perAccount: perAccount))
        } catch {
            return try apiFailure(error, query: true)
        }
    }

    /// `ledger log -O json [--limit] [--since] [--until] [--asset] [--account] [--kind]`.
    static func log(_ request: Request, _ context: SignedInContext, _ state: ServerState) throws -> Response {
        let books = context.books
        let fields = QueryFields(request)
        do {
            let request = LogRequest(
                asset: fields["asset"], account: fields["account"], kinds: fields["kind"].map { [$0] } ?? [],
                since: fields["since"], until: fields["until"], limit: try fields.integer("limit"))
            return ServerResponse.json(LogEntry.json(try BooksService(books: books).log(request)))
        } catch {
            return try apiFailure(error, query: true)
        }
    }

    /// `ledger add … -O json`: 201 with the event as stored.
    static func addEvent(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws
        -> Response
    {
        let books = context.books
        do {
            let input = AddBody.form(try await jsonBody(request, known: AddBody.fields)).input
            let stored = try await Offload.run { try BooksService(books: books).add(input) }
            return ServerResponse.json(EventJSON.events(stored), status: .created)
        } catch {
            return try apiFailure(error)
        }
    }

    /// `ledger void ID --reason R -O json`: 201 with the void.
    static func voidEvent(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws
        -> Response
    {
        let books = context.books
        do {
            let reference = try context.parameters.require("id")
            let reason = try await jsonBody(request, known: ["reason"])["reason"]
            let void = try await Offload.run { try BooksService(books: books).void(reference, reason: reason) }
            return ServerResponse.json(EventJSON.events([void]), status: .created)
        } catch {
            return try apiFailure(error)
        }
    }

    /// `ledger import FILE [--dry-run]`: the raw file as the body, streamed to a private
    /// temporary file (at most ``ServerLimits/maxParallelUploads`` at once, else 503); 200 for
    /// a dry run, 201 when written.
    static func importFile(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws
        -> Response
    {
        let books = context.books
        let fields = QueryFields(request)
        let answer = try await state.uploads.run { () async throws -> Response in
            do {
                let dryRun = try fields.boolean("dry-run", default: true)
                let file = try UploadFile(
                    directory: books.uploads, limit: state.settings.limits.maxUploadBytes)
                defer { file.discard() }
                try await file.receive(request.body)
                var upload = UploadImport(books: books, name: UploadImport.displayName(fields["name"]), path: file.path)
                upload.account = fields["account"]
                upload.skipInvalid = try fields.boolean("skip-invalid", default: false)
                upload.allowZeroBasis = try fields.boolean("allow-zero-basis", default: false)
                let json = try await Offload.run { [upload] in
                    let outcome = try dryRun ? upload.run(dryRun: true) : upload.commit()
                    return ImportJSON.outcome(
                        outcome, file: upload.name, dryRun: dryRun, notices: books.notices.messages)
                }
                return ServerResponse.json(json, status: dryRun ? .ok : .created)
            } catch {
                guard let message = RequestFailure.message(error) else { throw error }
                let status: HTTPResponse.Status =
                    if case UploadError.tooLarge = error { .contentTooLarge } else { RequestFailure.status(error) }
                return ServerResponse.json(
                    ImportJSON.failure(message, problems: books.notices.messages), status: status)
            }
        }
        return answer ?? ServerResponse.apiError(.serviceUnavailable, UploadSlots.busy)
    }

    /// `ledger report -O json [--period] [--as-of] [--currency] [--method]`.
    static func report(_ request: Request, _ context: SignedInContext, _ state: ServerState) throws -> Response {
        let books = context.books
        let fields = QueryFields(request)
        do {
            let report = try BooksService(books: books).report(valuation(fields), period: fields["period"])
            return ServerResponse.json(ReportJSON.report(report))
        } catch {
            return try apiFailure(error, query: true)
        }
    }

    /// `ledger returns -O json [--period] [--benchmark] [--by] [--as-of] [--currency]`.
    static func returns(_ request: Request, _ context: SignedInContext, _ state: ServerState) throws -> Response {
        let books = context.books
        do {
            let report = try BooksService(books: books).returns(returnsRequest(QueryFields(request)))
            return ServerResponse.json(ReturnsJSON.document(report))
        } catch {
            return try apiFailure(error, query: true)
        }
    }

    /// The options of `ledger returns` from a query (the web page's too).
    static func returnsRequest(_ fields: QueryFields) -> ReturnsRequest {
        ReturnsRequest(
            period: fields["period"] ?? "30d", benchmark: fields["benchmark"], by: fields["by"],
            valuation: ValuationQuery(asOf: fields["as-of"], currency: fields["currency"]))
    }

    static func valuation(_ fields: QueryFields) -> ValuationQuery {
        ValuationQuery(asOf: fields["as-of"], method: fields["method"], currency: fields["currency"])
    }

    /// A JSON object of strings (at most 64 KiB), its names among `known`.
    static func jsonBody(_ request: Request, known: [String]) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(buffer.readableBytesView))
        } catch {
            throw APIRequestError.notJSON(error.reason)
        }
        guard let object = value.objectValue else { throw APIRequestError.notAnObject }
        var fields: [String: String] = [:]
        for (name, member) in object {
            guard known.contains(name) else { throw APIRequestError.unknownField(name, known: known) }
            if member.isNull { continue }
            guard let text = member.stringValue else { throw APIRequestError.notAString(field: name) }
            fields[name] = text
        }
        return fields
    }
}

/// The body of `POST /api/v1/events`: the fields of the add form, as strings.
enum AddBody {
    static let fields = ["kind", "words", "fee", "date", "account", "from", "to", "income_kind", "class", "note"]

    static func form(_ body: [String: String]) -> AddForm {
        var form = AddForm()
        form.kind = body["kind"] ?? ""
        form.words = body["words"] ?? ""
        form.fee = body["fee"] ?? ""
        form.date = body["date"] ?? ""
        form.account = body["account"] ?? ""
        form.from = body["from"] ?? ""
        form.to = body["to"] ?? ""
        form.incomeKind = body["income_kind"] ?? ""
        form.assetClass = body["class"] ?? ""
        form.note = body["note"] ?? ""
        return form
    }
}
