import Glibc
import Hummingbird
import LedgerApp
import LedgerRender

/// The handlers of the upload: `POST /import` streams the file to disk (at most
/// ``ServerLimits/maxParallelUploads`` at once), keeps it and shows its dry run;
/// `POST /import/commit` imports the kept file and forgets it.
enum ImportRoutes {
    static func upload(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let books = context.books
        let answer = try await state.uploads.run { () async throws -> Response in
            let file = try UploadFile(directory: books.uploads, limit: state.settings.limits.maxUploadBytes)
            do {
                var form = try MultipartReceiver(contentType: request.headers[.contentType], file: file)
                let fileName = try await form.receive(request.body)
                let kept = try file.keep()
                var upload = UploadImport(books: books, name: UploadImport.displayName(fileName), path: kept.path)
                upload.account = form.fields["account"].flatMap { $0.isEmpty ? nil : $0 }
                upload.skipInvalid = form.fields["skip_invalid"] == "1"
                upload.allowZeroBasis = form.fields["allow_zero_basis"] == "1"
                let page = try await Offload.run { [upload] in
                    let outcome = try upload.run(dryRun: true)
                    let result = ImportPage.dryRun(
                        outcome, notices: books.notices.messages, upload: upload, kept: kept, user: books.user)
                    return ImportPage(user: books.user, result: result).render()
                }
                return ServerResponse.html(page)
            } catch {
                file.discard()
                return try refused(error, books)
            }
        }
        guard let answer else {
            var busy = ServerResponse.html(
                ImportPage(user: books.user, errors: [UploadSlots.busy]).render(), status: .serviceUnavailable)
            busy.headers[.retryAfter] = "60"
            return busy
        }
        return answer
    }

    static func commit(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let books = context.books
        do {
            let fields = try await formFields(request)
            let kept = try KeptUpload(directory: books.uploads, digest: fields.text("digest"))
            guard access(kept.path, R_OK) == 0 else { throw UploadError.unknownUpload }
            var upload = UploadImport(books: books, name: UploadImport.displayName(fields["name"]), path: kept.path)
            upload.account = fields["account"]
            upload.skipInvalid = fields["skip_invalid"] == "1"
            upload.allowZeroBasis = fields["allow_zero_basis"] == "1"
            let report = try await Offload.run { [upload] in
                let outcome = try upload.commit()
                kept.discard()
                return ImportPage.report(outcome, file: upload.name, notices: books.notices.messages, dryRun: false)
            }
            let result: Markup =
                "<h2>Imported</h2>\n" + report
                + "<p><a href=\"/trades\">See the trades</a> · <a href=\"/portfolio\">the portfolio</a></p>\n"
            return ServerResponse.html(ImportPage(user: books.user, result: result).render())
        } catch {
            return try refused(error, books)
        }
    }

    /// The page again with every line the import refused (`FILE:LINE: …`) and why nothing
    /// was imported: 422 (400 for a malformed upload).
    private static func refused(_ error: any Error, _ books: UserBooks) throws -> Response {
        guard let message = RequestFailure.message(error) else { throw error }
        let lines = books.notices.messages.map { $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : $0 }
        let page = ImportPage(user: books.user, errors: lines + [message])
        let status: HTTPResponse.Status =
            switch error {
            case is MultipartError: .badRequest
            case UploadError.tooLarge: .contentTooLarge
            default: .unprocessableContent
            }
        return ServerResponse.html(page.render(), status: status)
    }
}
