/// The market's part of the OpenAPI document (`/api/v1/openapi.json`), as plain values for the
/// document's builder to turn into operation objects. The routes are registered by
/// ``MarketRoutes``, ``WatchlistRoutes``, ``AlertRoutes`` and ``StatusRoutes``; a test checks
/// that every path here is served. Bodies are the CLI's `-O json` documents (docs/JSON.md),
/// named by their `schema` key; errors are `{"error": "…"}` with the CLI's sentence.
enum OpenAPIMarketPaths {
    struct Parameter: Sendable {
        let name: String
        /// `query` or `path`.
        let location: String
        /// `string` or `integer`.
        let type: String
        let required: Bool
        let description: String
    }

    struct Operation: Sendable {
        /// `GET` or `POST`.
        let method: String
        /// Parameters in braces: `/api/v1/market/{symbol}`.
        let path: String
        let summary: String
        let parameters: [Parameter]
        /// The fields of a JSON (or form) request body, each a string; nil without a body.
        let bodyFields: [(name: String, description: String)]?
        /// The `schema` key of the success body.
        let schema: String
        let successStatus: Int
        let errorStatuses: [Int]
    }

    static func query(_ name: String, _ description: String, type: String = "string") -> Parameter {
        Parameter(name: name, location: "query", type: type, required: false, description: description)
    }

    static let symbol = Parameter(
        name: "symbol", location: "path", type: "string", required: true, description: "The asset, e.g. BTC.")

    static let operations: [Operation] = [
        Operation(
            method: "GET", path: "/api/v1/market", summary: "The top list (ledger market -O json).",
            parameters: [
                query("top", "How many coins, 1 to 250 (default 100).", type: "integer"),
                query("vs", "The currency (default: the user's ledger's)."),
                query("page", "The page, from 1 (pages only when page or per-page is given).", type: "integer"),
                query("per-page", "Coins per page (default 20).", type: "integer"),
                query("sort", "rank, change, price, name or volume."),
            ], bodyFields: nil, schema: "ledger.market/1", successStatus: 200, errorStatuses: [400, 401, 502]),
        Operation(
            method: "GET", path: "/api/v1/market/{symbol}", summary: "One coin (ledger market show -O json).",
            parameters: [symbol, query("vs", "The currency (default: the user's ledger's).")], bodyFields: nil,
            schema: "ledger.market-coin/1", successStatus: 200, errorStatuses: [400, 401, 404, 502]),
        Operation(
            method: "GET", path: "/api/v1/chart/{symbol}",
            summary: "Daily candles (ledger chart SYMBOL --range Nd --interval 1d -O json).",
            parameters: [
                symbol, query("days", "Days of candles, 1 to 365 (default 30).", type: "integer"),
                query("vs", "The currency (default: the user's ledger's)."),
            ], bodyFields: nil, schema: "ledger.chart/1", successStatus: 200, errorStatuses: [400, 401, 502]),
        Operation(
            method: "GET", path: "/api/v1/watchlist", summary: "The watched coins (ledger watch list -O json).",
            parameters: [], bodyFields: nil, schema: "ledger.watchlist/1", successStatus: 200, errorStatuses: [401]),
        Operation(
            method: "POST", path: "/api/v1/watchlist", summary: "Watch and unwatch coins; answers the watchlist.",
            parameters: [],
            bodyFields: [
                ("add", "Symbols to watch: a string (`BTC ETH`) or an array of strings."),
                ("remove", "Symbols to stop watching, all or nothing."),
            ], schema: "ledger.watchlist/1", successStatus: 200, errorStatuses: [400, 401, 404]),
        Operation(
            method: "GET", path: "/api/v1/alerts", summary: "The price alerts (ledger alert list -O json).",
            parameters: [], bodyFields: nil, schema: "ledger.alerts/1", successStatus: 200, errorStatuses: [401]),
        Operation(
            method: "POST", path: "/api/v1/alerts", summary: "Add a price alert (ledger alert add); answers it.",
            parameters: [],
            bodyFields: [
                ("asset", "The asset, e.g. BTC."), ("condition", "`above 50000`, `below 20000` or `change 10%`."),
                ("within", "For change: e.g. 24h."), ("currency", "The level's currency (default: the ledger's)."),
                ("class", "crypto, stock, etf, fund, adr, warrant, bond or fiat."), ("note", "Shown when it fires."),
            ], schema: "ledger.alerts/1", successStatus: 201, errorStatuses: [400, 401]),
        Operation(
            method: "GET", path: "/api/v1/prices/missing",
            summary: "The prices the books lack: each run of days of a pair and the events needing it.",
            parameters: [query("currency", "The valuation currency (default: the ledger's).")], bodyFields: nil,
            schema: "ledger.prices.missing/1", successStatus: 200, errorStatuses: [400, 401]),
        Operation(
            method: "POST", path: "/api/v1/prices/missing",
            summary:
                "Fetch every missing price from the sources (ledger prices fetch --missing); answers what is left.",
            parameters: [query("currency", "The valuation currency (default: the ledger's).")], bodyFields: nil,
            schema: "ledger.prices.missing/1", successStatus: 200, errorStatuses: [400, 401]),
        Operation(
            method: "POST", path: "/api/v1/prices",
            summary: "Record one price by hand (ledger prices set); answers it as ledger.prices/1.", parameters: [],
            bodyFields: [
                ("asset", "The asset, e.g. BTC."), ("price", "The price of one unit, exact, 0 or more."),
                ("currency", "The price's currency (default: the ledger's)."),
                ("date", "YYYY-MM-DD (midnight UTC) or a time with Z or an offset (default: now)."),
            ], schema: "ledger.prices/1", successStatus: 201, errorStatuses: [400, 401, 422]),
        Operation(
            method: "GET", path: "/api/v1/notifications",
            summary: "The alerts the fetcher fired for this user, newest first (the newest 200), each seen or not.",
            parameters: [], bodyFields: nil, schema: "ledger.notifications/1", successStatus: 200,
            errorStatuses: [401]),
        Operation(
            method: "POST", path: "/api/v1/notifications/seen",
            summary: "Mark notifications seen, as opening /notifications does; answers the list.",
            parameters: [
                query(
                    "through", "How many, oldest first: the total the list showed (default: all).", type: "integer")
            ], bodyFields: nil, schema: "ledger.notifications/1", successStatus: 200, errorStatuses: [400, 401]),
        Operation(
            method: "GET", path: "/api/v1/status", summary: "The scheduled fetcher: on or off, its last run, the next.",
            parameters: [], bodyFields: nil, schema: "ledger.server-status/1", successStatus: 200,
            errorStatuses: [401]),
    ]
}
