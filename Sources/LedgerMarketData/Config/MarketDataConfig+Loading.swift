import LedgerCore
import LedgerInterchange

extension MarketDataConfig {
    /// The configuration from the config file's text (nil when there is none) and the
    /// environment: defaults, overridden by the file, overridden by `LGR_*` variables.
    public static func load(file: String?, environment: [String: String]) throws(MarketDataError) -> MarketDataConfig {
        var config = defaults
        if let file {
            let json: JSONValue
            do {
                json = try JSONReader.parse(Array(file.utf8))
            } catch {
                throw .configuration("the config file is not valid JSON (\(error.reason) at byte \(error.offset))")
            }
            try config.apply(file: json)
        }
        try config.apply(environment: environment)
        return config
    }

    private mutating func apply(file json: JSONValue) throws(MarketDataError) {
        for (name, value) in json["sources"]?.objectValue ?? [:] {
            var source = try self.settings(name)
            if let url = value["url"]?.stringValue { source.baseURL = url }
            if let key = value["key"]?.stringValue { source.key = key }
            if let interval = value["min_interval"]?.decimal { source.minInterval = Self.seconds(interval) }
            sources[name] = source
            for (symbol, id) in value["ids"]?.objectValue ?? [:] {
                if let id = id.stringValue { coingeckoIDs[symbol.uppercased()] = id }
            }
        }
        for (className, list) in json["fallback"]?.objectValue ?? [:] {
            let names = (list.arrayValue ?? []).compactMap(\.stringValue)
            try setFallback(className, names)
        }
        if let timeout = json["timeout"]?.decimal { retry.timeout = Self.seconds(timeout) }
        if let attempts = json["attempts"]?.integer { retry.attempts = max(1, Int(attempts)) }
        if let wait = json["max_retry_wait"]?.integer { retry.maxRetryWait = Int(wait) }
        if let agent = json["user_agent"]?.stringValue { userAgent = agent }
        if let refresh = json["refresh_after"]?.integer { refreshAfter = Int(refresh) }
    }

    private mutating func apply(environment: [String: String]) throws(MarketDataError) {
        let prefix = "LGR_"
        for name in Self.knownSources {
            let upper = prefix + name.uppercased()
            if let url = environment[upper + "_URL"], !url.isEmpty { sources[name]?.baseURL = url }
            if let key = environment[upper + "_KEY"], !key.isEmpty { sources[name]?.key = key }
            if let text = environment[upper + "_MIN_INTERVAL"] {
                guard let value = ExactDecimal(text) else { throw Self.bad(upper + "_MIN_INTERVAL", text, "seconds") }
                sources[name]?.minInterval = Self.seconds(value)
            }
        }
        for assetClass in AssetClass.allCases {
            if let list = environment[prefix + "FALLBACK_" + assetClass.rawValue.uppercased()] {
                try setFallback(assetClass.rawValue, list.split(separator: ",").map { String($0).trimmingSpaces })
            }
        }
        for pair in (environment[prefix + "COINGECKO_IDS"] ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { coingeckoIDs[parts[0].uppercased()] = String(parts[1]) }
        }
        try applyHTTP(environment, prefix)
    }

    private mutating func applyHTTP(_ environment: [String: String], _ prefix: String) throws(MarketDataError) {
        if let text = environment[prefix + "TIMEOUT"] {
            guard let value = ExactDecimal(text), value.isPositive else {
                throw Self.bad(prefix + "TIMEOUT", text, "seconds")
            }
            retry.timeout = Self.seconds(value)
        }
        if let text = environment[prefix + "ATTEMPTS"] {
            guard let value = Int(text), value > 0 else {
                throw Self.bad(prefix + "ATTEMPTS", text, "a count such as 3")
            }
            retry.attempts = value
        }
        if let text = environment[prefix + "MAX_RETRY_WAIT"] {
            guard let value = Int(text), value >= 0 else {
                throw Self.bad(prefix + "MAX_RETRY_WAIT", text, "whole seconds")
            }
            retry.maxRetryWait = value
        }
        if let agent = environment[prefix + "USER_AGENT"], !agent.isEmpty { userAgent = agent }
        if let text = environment[prefix + "REFRESH_AFTER"] {
            guard let value = Int(text), value >= 0 else {
                throw Self.bad(prefix + "REFRESH_AFTER", text, "whole seconds")
            }
            refreshAfter = value
        }
    }

    private mutating func setFallback(_ className: String, _ names: [String]) throws(MarketDataError) {
        guard let assetClass = AssetClass(rawValue: className.lowercased()) else {
            throw .configuration(
                "the fallback order names an unknown asset class '\(className)'; use \(AssetClass.list)")
        }
        for name in names where sources[name] == nil {
            throw .configuration(
                "the fallback order for \(className) names an unknown source '\(name)'; known: \(Self.knownSources.joined(separator: ", "))"
            )
        }
        fallback[assetClass] = names
    }

    private static func bad(_ variable: String, _ value: String, _ expected: String) -> MarketDataError {
        .configuration("\(variable)='\(value)' is not valid; expected \(expected)")
    }

    /// Seconds for timers (not money: a Double is right here).
    private static func seconds(_ value: ExactDecimal) -> Double {
        Double(value.formatted()) ?? 0
    }
}
