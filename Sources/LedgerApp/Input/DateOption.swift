import LedgerCore

/// Parses the value of a date-only option (`--since`, `--until`): `YYYY-MM-DD`, or a usage
/// error that names the option and shows the form.
public enum DateOption {
    public static func parse(_ text: String, _ option: String) throws -> LocalDate {
        guard let date = LocalDate.parse(text) else {
            throw OptionValueError.notADate(option: option, text: text)
        }
        return date
    }
}
