import LedgerApp
import LedgerCore
import LedgerRender

/// How conversions print. The result is computed exactly through every observation and
/// rounded once, here (2 places for fiat, 8 otherwise; the recorded value is exact). A rate
/// as published prints as published; a derived one (inverted or through a bridge) with
/// ``derivedDigits`` significant digits and the rates it came from.
enum ConversionOutput {
    /// Significant digits of a derived rate: as many as the ECB publishes (1.0842), so that
    /// an inverse or cross rate never shows more precision than what it was made from.
    static let derivedDigits = 5

    static func amount(_ value: ExactDecimal, _ asset: AssetSymbol) -> String {
        if asset.isWellKnownFiat
            && (value.magnitude >= ExactDecimal(units: ExactDecimal.unitsPerOne / 100) || value.isZero)
        {
            return value.formatted(places: 2)
        }
        return value.rounded(places: 8).formatted()
    }

    /// "100 EUR = 163.08 AUD", the rate (and what it was derived from), then each
    /// observation behind it with its source, when it was observed and when fetched.
    static func text(_ conversion: Converter.Conversion, now: Timestamp) -> String {
        let record = conversion.record
        let derived = conversion.derivation.isDerived
        var lines = ["\(record.amount) \(record.from) = \(amount(record.result, record.to)) \(record.to)"]
        let legs = conversion.derivation.legs
        if derived {
            let chain = legs.map { (isECB($0) ? "ECB " : "") + pair($0) + ($0.inverted ? " (inverse)" : "") }
            lines.append(
                "1 \(record.from) = \(significant(record.rate)) \(record.to), derived from \(chain.joined(separator: " × "))"
            )
        }
        for (leg, fetched) in zip(legs, conversion.legsFetchedAt) {
            let observation = leg.observation
            let head =
                derived ? pair(leg) : "1 \(observation.asset) = \(observation.price.formatted()) \(observation.quote)"
            lines.append(
                "\(head) (\(observation.source)\(ecbNote(leg, requested: conversion.requestedDate, now: now)))")
            lines.append(
                "  observed \(observation.observedAt) (\(Age.ago(observation.observedAt, now: now))), fetched \(fetched) (\(Age.ago(fetched, now: now)))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `EUR/USD 1.0842`: the pair as observed and its price as published.
    private static func pair(_ leg: PriceLeg) -> String {
        "\(leg.observation.asset)/\(leg.observation.quote) \(leg.observation.price.formatted())"
    }

    private static func isECB(_ leg: PriceLeg) -> Bool {
        ECBRate.isPublication(source: leg.observation.source, observedAt: leg.observation.observedAt)
    }

    /// `, ECB rate of 2024-05-31`, and why it is not the day asked for when it is not.
    private static func ecbNote(_ leg: PriceLeg, requested: LocalDate, now: Timestamp) -> String {
        guard isECB(leg) else { return "" }
        let date = leg.observation.observedAt.date
        var note = ", ECB rate of \(date)"
        if date < requested {
            let closed = requested.weekday == 0 || requested.weekday == 6 || FXRates.publishedAt(requested) <= now
            note +=
                closed
                ? ": none is published on \(requested), a weekend or holiday"
                : ": \(requested)'s is published at 16:00 Frankfurt time"
        }
        return note
    }

    /// `value` with ``derivedDigits`` significant digits (`0.61320`, `186.61`, `0.000015802`);
    /// whole numbers of more digits are kept whole.
    static func significant(_ value: ExactDecimal, digits: Int = derivedDigits) -> String {
        guard !value.isZero else { return "0" }
        var magnitude = 0 // the power of ten of the first significant digit
        var scaled = value.magnitude
        while scaled >= 10 {
            scaled = scaled / 10
            magnitude += 1
        }
        while scaled < 1 && magnitude > -18 {
            scaled = scaled * 10
            magnitude -= 1
        }
        let places = min(18, max(0, digits - 1 - magnitude))
        return value.formatted(places: places)
    }

    static func history(_ records: [ConversionRecord], width: Int) -> String {
        guard !records.isEmpty else {
            return "No conversions recorded; convert with e.g. 'ledger convert 100 EUR AUD'.\n"
        }
        var table = TextTable(columns: [
            .init("converted at"), .init("amount", .right), .init("from"), .init("result", .right), .init("to"),
            .init("rate", .right, dropPriority: 2), .init("rate observed", dropPriority: 1),
            .init("source", flexible: true),
        ])
        for record in records {
            table.append([
                record.convertedAt.description, record.amount.formatted(), record.from.text,
                amount(record.result, record.to), record.to.text, record.rate.rounded(places: 10).formatted(),
                record.rateObservedAt.compactDescription, record.source,
            ])
        }
        return table.render(width: width)
    }
}
