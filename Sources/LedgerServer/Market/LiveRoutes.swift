import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender
import ServiceLifecycle

/// Live prices for the pages: `GET /live/prices?assets=BTC+ETH&currency=USD[&class=stock]` is a stream of
/// Server-Sent Events, one `price` event each time an asset's price changes (the first at
/// once), from the server's ``LivePrices`` (LedgerApp's) every ``ServerMarket/liveInterval``; `GET /live.js` is the small
/// script that opens it and writes the numbers into the page's `data-live` elements. The pages
/// are whole without it (they show the price they were made with). A stream ends after
/// ``streamSeconds`` or at shutdown; the browser's `EventSource` then connects again by itself.
struct LiveRoutes: RouteGroup {
    /// The most assets one stream follows.
    static let maxAssets = 50
    /// How long one stream lasts before the browser is asked to reconnect.
    static let streamSeconds: UInt64 = 300

    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/live/prices") { request, context in
            let (user, books, fields) = (context.user, context.books, MarketFields(query: request))
            do {
                let subscription = try await Offload.run { try Self.subscription(fields, books: books) }
                return Self.stream(subscription, state: state)
            } catch {
                let page = PageLayout.page(
                    title: "Live prices", user: user, body: PageLayout.errors([RequestFailure.sentence(error)]))
                return ServerResponse.html(page, status: RequestFailure.status(error, query: true))
            }
        }
        signedIn.get("/live.js") { _, _ in
            var headers = ServerResponse.securityHeaders
            headers[.contentType] = "text/javascript; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: Self.script)))
        }
    }

    /// What one stream follows.
    struct Subscription: Sendable {
        let assets: [AssetSymbol]
        /// Nil: the class each symbol implies (a coin, or a fiat currency).
        let assetClass: AssetClass?
        let currency: AssetSymbol
    }

    /// The assets (`assets`, words as `market show` takes them), their class (`class`, as the
    /// forms take it) and the currency (`currency`, else the user's, read through the kept
    /// handle of their books: a stream opens no ledger of its own).
    static func subscription(_ fields: MarketFields, books: UserBooks) throws -> Subscription {
        let words = AddForm.split(fields["assets"] ?? "")
        let assets = try words.prefix(maxAssets).map { word in
            guard let symbol = AssetSymbol(word.uppercased()) else { throw MarketServiceError.notAnAssetSymbol(word) }
            return symbol
        }
        guard !assets.isEmpty else { throw LiveRequestError.noAssets }
        let assetClass = try fields["class"].map { text in
            guard let known = AssetClass(rawValue: text.lowercased()) else {
                throw OptionValueError.notAnAssetClass(text)
            }
            return known
        }
        let currency = try books.readingAmendable { try $0.defaultQuote(fields["currency"]) }
        return Subscription(assets: assets, assetClass: assetClass, currency: currency)
    }

    static func stream(_ subscription: Subscription, state: ServerState) -> Response {
        let (assets, assetClass, currency) = (subscription.assets, subscription.assetClass, subscription.currency)
        var headers = ServerResponse.securityHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        let interval = state.market.liveInterval
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
            var sent: [AssetSymbol: ExactDecimal] = [:]
            let end = state.clockMilliseconds() + streamSeconds * 1000
            while !Task.isCancelled, !Task.isShuttingDownGracefully, state.clockMilliseconds() < end {
                let quotes =
                    (try? await Offload.run {
                        try state.livePrices.latest(assets, in: currency, maxAgeMilliseconds: interval.milliseconds) {
                            try Self.fetch($0, of: assetClass, in: currency, state: state)
                        }
                    }) ?? []
                let changed = quotes.filter { sent[$0.asset] != $0.price }
                for quote in changed { sent[quote.asset] = quote.price }
                // A comment when nothing changed: a closed connection is found at the next write.
                let text = changed.isEmpty ? ": no change\n\n" : changed.map(Self.event).joined()
                try await writer.write(ByteBuffer(string: text))
                // The wait ends at once when the server begins to stop, so a shutdown never
                // waits out an interval for an open stream.
                try? await cancelWhenGracefulShutdown {
                    try await Task.sleep(for: .milliseconds(interval.milliseconds))
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The latest prices of `assets` from the sources, through the server's kept handle of the
    /// shared market cache (its coin lists); what a stream's stale prices are fetched with.
    static func fetch(
        _ assets: [AssetSymbol], of assetClass: AssetClass?, in currency: AssetSymbol, state: ServerState
    ) throws -> [PriceObservation] {
        let context = state.marketContext(notices: CollectedNotices(), interactive: true)
        return try state.usingMarketCache(context.app) { cache in
            try LivePrices.fetch(assets, of: assetClass, in: currency, cache: cache, context: context)
        }
    }

    /// `event: price` with `{"asset", "currency", "price" (exact), "number" (as a table cell
    /// shows it), "text" (the number and currency, as a price card shows it), "observed_at"}`.
    static func event(_ quote: LivePrices.Quote) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("asset", quote.asset.text)
        writer.field("currency", quote.currency.text)
        writer.field("price", quote.price.formatted())
        writer.field("number", NumberFormat.marketPrice(quote.price))
        writer.field("text", NumberFormat.marketPrice(quote.price) + " " + quote.currency.text)
        writer.field("observed_at", quote.observedAt.description)
        writer.endObject()
        return "event: price\ndata: \(writer.text)\n\n"
    }

    /// `data-live="BTC USD"` (`"NVDA USD stock"` with a class): the attribute of an element
    /// showing `asset`'s price in `currency` as ``event(_:)``'s `text`, which the script keeps
    /// current.
    static func attribute(_ asset: AssetSymbol, _ currency: AssetSymbol, _ assetClass: AssetClass? = nil) -> Markup {
        let words = [asset.text, currency.text] + (assetClass.map { [$0.rawValue] } ?? [])
        return " data-live=\"\(words.joined(separator: " "))\""
    }

    /// A table cell's price that the script keeps current: the number alone (the table says the
    /// currency), with `data-price` holding it exactly.
    static func cell(
        _ price: ExactDecimal, _ asset: AssetSymbol, _ currency: AssetSymbol, _ assetClass: AssetClass? = nil
    ) -> Markup {
        let open: Markup =
            "<span\(attribute(asset, currency, assetClass)) data-live-number data-price=\"\(price.formatted())\">"
        return open + "\(NumberFormat.marketPrice(price))</span>"
    }

    /// The `<script>` a page with live numbers ends with.
    static let scriptTag: Markup = "<script src=\"/live.js\" defer></script>\n"

    /// Finds the `data-live` elements, opens one stream per currency and class, and writes each price
    /// event's text (its number alone into a table cell marked `data-live-number`, whose column
    /// names the currency) into the elements of its asset (marked `live` and, for a moment, `up`
    /// or `down`). Without `EventSource` it does nothing; the page stays as it was made.
    static let script = """
        (function () {
          var cells = document.querySelectorAll("[data-live]");
          if (!cells.length || !window.EventSource) return;
          var groups = {};
          cells.forEach(function (cell) {
            var words = cell.getAttribute("data-live").split(" ");
            var group = words.slice(1).join(" ");
            (groups[group] = groups[group] || {})[words[0]] = true;
          });
          Object.keys(groups).forEach(function (group) {
            var words = group.split(" ");
            var url = "/live/prices?assets=" + encodeURIComponent(Object.keys(groups[group]).join(" "))
              + "&currency=" + encodeURIComponent(words[0]) + (words[1] ? "&class=" + encodeURIComponent(words[1]) : "");
            var source = new EventSource(url);
            source.addEventListener("price", function (message) {
              var quote = JSON.parse(message.data);
              var key = quote.asset + (group ? " " + group : "");
              cells.forEach(function (cell) {
                var shown = cell.hasAttribute("data-live-number") ? quote.number : quote.text;
                if (cell.getAttribute("data-live") !== key || cell.textContent === shown) return;
                var before = parseFloat(cell.getAttribute("data-price") || "NaN");
                var now = parseFloat(quote.price);
                cell.textContent = shown;
                cell.setAttribute("data-price", quote.price);
                cell.title = "live, observed " + quote.observed_at;
                cell.classList.add("live");
                cell.classList.remove("up", "down");
                if (!isNaN(before) && now !== before) cell.classList.add(now > before ? "up" : "down");
              });
            });
          });
        })();

        """
}

/// A live-price request that names nothing to follow.
enum LiveRequestError: UserFacingError, Equatable {
    case noAssets

    var category: ErrorCategory { .usage }
    var description: String {
        "name the assets to follow, e.g. /live/prices?assets=BTC+ETH&currency=USD"
    }
}

extension Duration {
    /// The whole milliseconds of a duration.
    fileprivate var milliseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1000 + UInt64(max(0, attoseconds) / 1_000_000_000_000_000)
    }
}
