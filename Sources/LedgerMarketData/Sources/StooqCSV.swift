import LedgerCore
import LedgerInterchange

/// Reading Stooq's CSV bodies: the latest quotes (`Symbol,Date,Time,Open,High,Low,Close,Volume`)
/// and daily history (`Date,Open,High,Low,Close,Volume`). Stooq answers HTTP 200 for
/// everything, so the body says what happened: an HTML page when it throttles or asks a
/// browser to prove itself, `No data` for an unknown symbol's history, `N/D` in every field of
/// an unknown symbol's quote. Numbers are read from their text, never through `Double`.
enum StooqCSV {
    /// One row of the quote body: the symbol as Stooq echoes it (`AAPL.US`), and the close
    /// with its date and time, or nil for an `N/D` row.
    struct Quote: Equatable {
        let symbol: String
        let close: ExactDecimal?
        let date: LocalDate?
        let seconds: Int?
    }

    /// What an HTML body means here: Stooq's throttle or proof-of-work page.
    static let htmlPage =
        "an HTML page instead of CSV (Stooq throttles automated clients or asks them to prove they are a browser)"

    /// The rows of a body, after checking it is CSV (throws for HTML and empty bodies).
    static func rows(_ body: [UInt8], source: String, what: String) throws(MarketDataError) -> [[String]] {
        if ResponseBody.isHTML(body) { throw .badResponse(source: source, detail: htmlPage) }
        var rows: [[String]] = []
        for record in CSVStreamReader.records(body) {
            switch record {
            case .success(let row) where !row.isBlank: rows.append(row.fields.map { $0.trimmingSpaces })
            case .success: continue
            case .failure(let error):
                throw .badResponse(
                    source: source, detail: "malformed CSV in \(what) (line \(error.line): \(error.reason))")
            }
        }
        guard !rows.isEmpty else { throw .badResponse(source: source, detail: "an empty body where CSV was expected") }
        return rows
    }

    /// True for the body Stooq sends for an unknown symbol's history.
    static func isNoData(_ rows: [[String]]) -> Bool {
        rows.count == 1 && rows[0].count == 1 && rows[0][0].lowercased().hasPrefix("no data")
    }

    /// The quotes of a `/q/l/` body (with the header that `h` asks for).
    static func quotes(_ rows: [[String]], source: String) throws(MarketDataError) -> [Quote] {
        let header = rows[0].map { $0.lowercased() }
        guard let symbol = header.firstIndex(of: "symbol"), let close = header.firstIndex(of: "close") else {
            throw .badResponse(source: source, detail: "the quote CSV has no Symbol and Close columns")
        }
        let date = header.firstIndex(of: "date")
        let time = header.firstIndex(of: "time")
        return rows.dropFirst().compactMap { row in
            guard row.indices.contains(symbol) else { return nil }
            let field = { (index: Int?) -> String? in index.flatMap { row.indices.contains($0) ? row[$0] : nil } }
            return Quote(
                symbol: row[symbol].uppercased(), close: field(close).flatMap { ExactDecimal($0) },
                date: field(date).flatMap(Self.date), seconds: field(time).flatMap(Self.secondsOfDay))
        }
    }

    /// The bars of a `/q/d/l/` body, oldest first.
    static func bars(_ rows: [[String]], source: String) throws(MarketDataError) -> [(
        date: LocalDate, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal, close: ExactDecimal,
        volume: ExactDecimal?
    )] {
        let header = rows[0].map { $0.lowercased() }
        let names = ["date", "open", "high", "low", "close"]
        let columns = names.compactMap { header.firstIndex(of: $0) }
        guard columns.count == names.count else {
            throw .badResponse(source: source, detail: "the history CSV has no Date, Open, High, Low and Close columns")
        }
        let volume = header.firstIndex(of: "volume")
        return rows.dropFirst().compactMap { row in
            guard columns.allSatisfy(row.indices.contains), let day = date(row[columns[0]]),
                let open = ExactDecimal(row[columns[1]]), let high = ExactDecimal(row[columns[2]]),
                let low = ExactDecimal(row[columns[3]]), let close = ExactDecimal(row[columns[4]])
            else { return nil }
            let traded = volume.flatMap { row.indices.contains($0) ? ExactDecimal(row[$0]) : nil }
            return (day, open, high, low, close, traded)
        }.sorted { $0.date < $1.date }
    }

    /// `2024-01-12`.
    static func date(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return nil
        }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `22:00:09` → seconds after midnight.
    static func secondsOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count == 3, let hours = parts[0], let minutes = parts[1], let seconds = parts[2],
            (0..<24).contains(hours), (0..<60).contains(minutes), (0..<61).contains(seconds)
        else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// A Stooq date and time (Warsaw time: CET, CEST from the last Sunday of March to the last
    /// Sunday of October, switching at 01:00 UTC) as a UTC timestamp.
    static func timestamp(_ date: LocalDate, secondsOfDay: Int) -> Timestamp {
        let local = date.startOfDay.adding(seconds: Int64(secondsOfDay))
        let summer = local.adding(seconds: -3600)
        let start = lastSunday(year: date.year, month: 3).startOfDay.adding(seconds: 3600)
        let end = lastSunday(year: date.year, month: 10).startOfDay.adding(seconds: 3600)
        let offset: Int64 = summer.secondsSinceEpoch >= start.secondsSinceEpoch && summer < end ? 7200 : 3600
        return local.adding(seconds: -offset)
    }

    private static func lastSunday(year: Int, month: Int) -> LocalDate {
        var day = LocalDate(year: year, month: month, day: 31)!
        while day.weekday != 0 { day = day.adding(days: -1) }
        return day
    }
}
