/// The formats `ledger import --format` accepts and the layouts behind each.
public enum ImportPresets {
    /// Preset name → its layouts, tried in order on each candidate header line.
    public static let presets: [(name: String, layouts: [any ImportLayout.Type])] = [
        ("coinbase", [CoinbaseLayout.self]),
        ("coinbase-pro", [CoinbaseProFillsLayout.self, CoinbaseProAccountLayout.self]),
        ("binance", [BinanceStatementLayout.self, BinanceTradeLayout.self, BinanceHistoryLayout.self]),
        ("kraken", [KrakenLedgerLayout.self, KrakenTradesLayout.self]),
        ("kucoin", [KuCoinTradeLayout.self, KuCoinTransferLayout.self]),
        ("bitstamp", [BitstampLayout.self]),
        ("gemini", [GeminiLayout.self]),
        ("ibkr", [IBKRStatementLayout.self]),
    ]

    /// Every `--format` value: auto, the presets, generic, and our own json/jsonl.
    public static var formatList: String {
        (["auto"] + presets.map(\.name) + ["generic", "json", "jsonl"]).joined(separator: ", ")
    }

    /// The layouts for a format name (`auto`: every preset); nil for an unknown name.
    public static func layouts(for format: String, generic: Bool) -> [any ImportLayout.Type]? {
        let name = format.lowercased()
        if name == "generic" { return generic ? [GenericLayout.self] : nil }
        if name == "auto" { return presets.flatMap(\.layouts) }
        return presets.first { $0.name == name }?.layouts
    }
}
