import LedgerCore

/// Parses the value of a date-only option (`--since`, `--until`): `YYYY-MM-DD`, or a usage
/// error that names the option and shows the form.
enum DateOption {
    static func parse(_ text: String, _ option: String) throws -> LocalDate {
        guard let date = LocalDate.parse(text) else {
            throw OptionError.notADate(option: option, text: text)
        }
        return date
    }
}
