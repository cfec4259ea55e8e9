import Hummingbird
import LedgerApp

/// The handlers of the upload: `POST /import` keeps the file and shows its dry run;
/// `POST /import/commit` imports the kept file and forgets it.
enum ImportRoutes {
    static func upload(_ request: Request, _ context: ServerContext, _ state: ServerState) async throws -> Response {
        let books = try UserBooks(context, state: state)
        do {
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            let form = try MultipartForm(
                body: Array(body.readableBytesView), contentType: request.headers[.contentType])
            var upload = UploadImport(
                books: books, name: UploadImport.displayName(form.fileName), bytes: form.file)
            upload.account = form.fields["account"].flatMap { $0.isEmpty ? nil : $0 }
            upload.skipInvalid = form.fields["skip_invalid"] == "1"
            upload.allowZeroBasis = form.fields["allow_zero_basis"] == "1"
            let outcome = try upload.run(dryRun: true)
            let kept = try KeptUpload.keep(form.file, books: books)
            let result = ImportPage.dryRun(
                outcome, notices: books.notices.messages, upload: upload, kept: kept, user: books.user)
            return ServerResponse.html(ImportPage(user: books.user, result: result).render())
        } catch {
            return try refused(error, books)
        }
    }

    static func commit(_ request: Request, _ context: ServerContext, _ state: ServerState) async throws -> Response {
        let books = try UserBooks(context, state: state)
        do {
            let fields = try await formFields(request)
            let kept = try KeptUpload(books: books, digest: fields.text("digest"))
            var upload = UploadImport(
                books: books, name: UploadImport.displayName(fields["name"]), bytes: try kept.read())
            upload.account = fields["account"]
            upload.skipInvalid = fields["skip_invalid"] == "1"
            upload.allowZeroBasis = fields["allow_zero_basis"] == "1"
            let outcome = try upload.run(dryRun: false)
            kept.discard()
            let result =
                "<h2>Imported</h2>\n"
                + ImportPage.report(outcome, file: upload.name, notices: books.notices.messages, dryRun: false)
                + "<p><a href=\"/trades\">See the trades</a> · <a href=\"/portfolio\">the portfolio</a></p>\n"
            return ServerResponse.html(ImportPage(user: books.user, result: result).render())
        } catch {
            return try refused(error, books)
        }
    }

    /// The page again with every line the import refused (`FILE:LINE: …`) and why nothing
    /// was imported: 422 (400 for a malformed upload).
    private static func refused(_ error: any Error, _ books: UserBooks) throws -> Response {
        guard let message = BooksFailure.message(error) else { throw error }
        let lines = books.notices.messages.map { $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : $0 }
        let page = ImportPage(user: books.user, errors: lines + [message])
        let status: HTTPResponse.Status = error is MultipartError ? .badRequest : .unprocessableContent
        return ServerResponse.html(page.render(), status: status)
    }
}
