import Hummingbird
import LedgerApp

/// The one mapping of a failure to what the client gets, for every page and API route: the
/// sentence the CLI prints for it (a page's error line, the API's `{"error": …}`) and a status
/// that says whose fault it was.
enum RequestFailure {
    /// The sentence (without `ledger: error: `), or nil for a failure that is the server's own
    /// (a route rethrows it: 500 and the "Something went wrong" page, ``ErrorPages``).
    static func message(_ error: any Error) -> String? {
        (error as? any UserFacingError)?.description ?? AdapterFailure.sentence(error)
    }

    /// ``message(_:)``, or the error as it describes itself (a page must say something).
    static func sentence(_ error: any Error) -> String {
        message(error) ?? String(describing: error)
    }

    /// 404 for what is not there (an event, a ledger, an alert, a watched coin, a message:
    /// another user's look the same), 403 for another user's message, 429 past the message
    /// rate, 502 when the market sources failed, 503 when every connection to the database is in use, 400 for a malformed `query` (a GET's query, or
    /// a market request's fields, read as the CLI's parser reads them), 422 for the rest that
    /// was read and refused, 500 for what is the server's own.
    static func status(_ error: any Error, query: Bool = false) -> HTTPResponse.Status {
        if AdapterFailure.isMissing(error) { return .notFound }
        if AdapterFailure.isBusy(error) { return .serviceUnavailable }
        // A route whose books are in the server's database, where it is not served yet.
        if let elsewhere = error as? BooksElsewhere { return elsewhere.status }
        switch error {
        case MessageError.tooMany: return .tooManyRequests
        case MessageError.notYours: return .forbidden
        case MessageError.noSuchMessage, MarketCommandError.notInTopList, AlertCommandError.noAlert,
            WatchError.notWatched:
            return .notFound
        case MarketServiceError.notCached, MarketServiceError.notCachedNorFetched,
            MarketServiceError.candlesUnavailable, MarketServiceError.noCachedCandles,
            MarketServiceError.unknownSymbol:
            return .badGateway
        default: break
        }
        guard message(error) != nil else { return .internalServerError }
        if let known = error as? any UserFacingError, query && known.category == .usage { return .badRequest }
        return .unprocessableContent
    }
}
