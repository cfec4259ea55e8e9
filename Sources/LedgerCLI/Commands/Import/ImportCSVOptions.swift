import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange

/// The options that say how to read a CSV: the generic column mapping, dates, time zone,
/// separator and decimal mark.
struct ImportCSVOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Generic CSV columns: date=COL,side=COL,asset=COL,quantity=COL[,price=COL|total=COL,quote=COL,fee=COL,fee_asset=COL,id=COL,note=COL,tx_hash=COL,address=COL].",
            discussion:
                "asset, quote and fee_asset may name a fixed code instead of a column (quote=USD). Implies --format generic.",
            valueName: "mapping"))
    var map: String?

    @Option(
        name: .customLong("map-file"),
        help: ArgumentHelp(
            "A file of key=COLUMN lines (the same keys as --map; # starts a comment).", valueName: "file"))
    var mapFile: String?

    @Option(
        name: .customLong("date-format"),
        help: ArgumentHelp(
            "How the generic date column is written: %Y %y %m %d %H %M %S %b %p and literal characters, e.g. '%d/%m/%Y %H:%M'.",
            discussion: "Default: ISO 8601 (YYYY-MM-DD[ HH:MM[:SS]][Z|+HH:MM|-HH:MM]).",
            valueName: "pattern"))
    var dateFormat: String?

    @Option(
        help: ArgumentHelp(
            "The zone of times written without one: UTC or an offset such as +02:00 or -0530. Named zones (Europe/Paris) are not supported.",
            discussion: "Default: the layout's documented zone (UTC; UTC+8 for KuCoin files that name none).",
            valueName: "zone"))
    var timezone: String?

    @Option(help: ArgumentHelp("The field separator: a single character, or 'tab' (default ',').", valueName: "char"))
    var delimiter: String?

    @Flag(
        name: .customLong("decimal-comma"), help: "Numbers use ',' for decimals and '.' for thousands (generic format)."
    )
    var decimalComma = false

    /// Fills the reading options of `request`, or fails with a usage error.
    func apply(
        to request: inout ImportRequest, format: String, in environment: CommandEnvironment,
        ledgerOptions: LedgerOptions
    ) throws {
        if let timezone {
            guard let offset = ImportDate.offset(timezone) else {
                throw ImportOptionsError.notATimezone(timezone)
            }
            request.options.timeZoneOffset = offset
        }
        if let delimiter {
            let value = delimiter == "tab" || delimiter == "\\t" ? "\t" : delimiter
            guard value.utf8.count == 1, let byte = value.utf8.first, byte != UInt8(ascii: "\""), byte != 10, byte != 13
            else {
                throw ImportOptionsError.notADelimiter(delimiter)
            }
            request.separator = byte
        }
        guard format == "generic" else {
            if map != nil || mapFile != nil || dateFormat != nil || decimalComma {
                throw ImportOptionsError.mappingOptionsWithoutGeneric
            }
            return
        }
        request.options.mapping = try mapping(in: environment, ledgerOptions: ledgerOptions)
    }

    private func mapping(in environment: CommandEnvironment, ledgerOptions: LedgerOptions) throws -> GenericMapping {
        var text = map ?? ""
        if let mapFile {
            text = String(decoding: try InputFile.read(mapFile, in: environment), as: UTF8.self) + "\n" + text
        }
        guard !text.isEmpty else {
            throw ImportOptionsError.missingMapping
        }
        let columns: [String: String]
        switch GenericMapping.parse(text) {
        case .success(let parsed): columns = parsed
        case .failure(let error): throw ImportOptionsError.badMapping(error)
        }
        var pattern: DatePattern?
        if let dateFormat {
            switch DatePattern.parse(dateFormat) {
            case .success(let parsed): pattern = parsed
            case .failure(let error): throw ImportOptionsError.badMapping(error)
            }
        }
        let currency =
            try ledgerOptions.openIfExists(in: environment)?.ledgerCurrency()
            ?? LedgerSetting.defaultCurrency
        return GenericMapping(
            columns: columns, datePattern: pattern, number: ImportNumber.Style(decimalComma: decimalComma),
            defaultQuote: currency)
    }
}
