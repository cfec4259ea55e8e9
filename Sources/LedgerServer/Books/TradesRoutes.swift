import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// The handlers of the trades list, its void forms and the add form.
enum TradesRoutes {
    /// `?page=N` of the log, newest first.
    static func page(_ fields: QueryFields, _ books: UserBooks) throws -> TradesPage {
        let page = max(1, fields["page"].flatMap(Int.init) ?? 1)
        let size = TradesPage.pageSize
        let entries = try BooksService(books: books).log(LogRequest(limit: page * size + 1))
        let shown = Array(entries.dropFirst((page - 1) * size).prefix(size))
        return TradesPage(user: books.user, entries: shown, page: page, hasNext: entries.count > page * size)
    }

    /// `?added=N` or `?voided=N`: the line `ledger add` or `ledger void` prints for it.
    static func added(_ fields: QueryFields, _ books: UserBooks) throws -> String? {
        guard let number = fields["added"] ?? fields["voided"], Int64(number) != nil,
            let event = try BooksService(books: books).event(number)
        else { return nil }
        return "Recorded: " + EventSummary.recordedLine(event)
    }

    static func add(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let books = context.books
        let form = TradeForm(try await formFields(request))
        do {
            // Off the event loop: a symbol new to the ledger is looked up at the sources, which may
            // take seconds (docs/EVENTS.md, "Classes"); other requests go on meanwhile.
            let input = try form.input()
            let stored = try await Offload.run { try BooksService(books: books).add(input) }
            return ServerResponse.redirect(to: "/trades?added=\(stored[0].sequence)")
        } catch {
            guard let message = TradeFormMessages.message(error) else { throw error }
            let held = (try? await Offload.run { BooksService(books: books).heldAssets() }) ?? []
            let page = AddPage(user: books.user, form: form, errors: [message], suggestions: held)
            return ServerResponse.html(page.render(), status: .unprocessableContent)
        }
    }

    static func void(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let books = context.books
        let reference = try context.parameters.require("id")
        let fields = try await formFields(request)
        return try await Offload.run {
            do {
                let void = try BooksService(books: books).void(reference, reason: fields["reason"])
                return ServerResponse.redirect(to: "/trades?voided=\(void.sequence)")
            } catch {
                guard let message = RequestFailure.message(error) else { throw error }
                var page = try Self.page(QueryFields(request), books)
                page.errors = [message]
                return ServerResponse.html(page.render(), status: RequestFailure.status(error))
            }
        }
    }
}
