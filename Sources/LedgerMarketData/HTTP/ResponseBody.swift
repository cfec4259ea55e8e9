import LedgerInterchange

/// Reading bodies defensively: JSON only when it is JSON, and the API's own words when it
/// reports an error.
enum ResponseBody {
    /// True when the body is an HTML page (a CDN challenge, a captcha, an error page).
    static func isHTML(_ body: [UInt8]) -> Bool {
        let start = body.drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        return start.first == UInt8(ascii: "<")
    }

    /// Parses a JSON body, or explains why it is not JSON.
    static func json(_ body: [UInt8], source: String) throws(MarketDataError) -> JSONValue {
        if isHTML(body) {
            throw .badResponse(
                source: source, detail: "an HTML page where JSON was expected (a captcha or an error page?)")
        }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .badResponse(source: source, detail: "an empty body where JSON was expected")
        }
        do {
            return try JSONReader.parse(body)
        } catch {
            throw .badResponse(source: source, detail: "malformed JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    /// The error message an API put in a failing body: CoinGecko's `status.error_message` or
    /// `error`, CryptoCompare's `Message`, Frankfurter's `message`, Yahoo's
    /// `chart.error.description`; a short note for HTML; else the first line, shortened.
    static func errorMessage(_ body: [UInt8]) -> String? {
        if isHTML(body) { return "an HTML page instead of JSON" }
        if let json = try? JSONReader.parse(body) {
            let candidates: [JSONValue?] = [
                json["status"]?["error_message"], json["error"], json["message"], json["Message"],
                json["chart"]?["error"]?["description"], json["error"]?["message"],
            ]
            return candidates.lazy.compactMap { $0?.stringValue }.first { !$0.isEmpty }
        }
        let line = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(
            String.init)
        guard let line, !line.isEmpty else { return nil }
        return line.count > 100 ? String(line.prefix(100)) + "…" : line
    }
}
