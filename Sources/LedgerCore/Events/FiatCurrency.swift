/// The ISO 4217 currencies the ledger recognises as fiat without being told.
public enum FiatCurrency {
    /// Code → English name.
    public static let named: [String: String] = [
        "AED": "UAE Dirham", "ARS": "Argentine Peso", "AUD": "Australian Dollar",
        "BGN": "Bulgarian Lev", "BRL": "Brazilian Real", "CAD": "Canadian Dollar",
        "CHF": "Swiss Franc", "CLP": "Chilean Peso", "CNY": "Chinese Yuan",
        "COP": "Colombian Peso", "CZK": "Czech Koruna", "DKK": "Danish Krone",
        "EGP": "Egyptian Pound", "EUR": "Euro", "GBP": "British Pound",
        "HKD": "Hong Kong Dollar", "HUF": "Hungarian Forint", "IDR": "Indonesian Rupiah",
        "ILS": "Israeli New Shekel", "INR": "Indian Rupee", "ISK": "Icelandic Krona",
        "JPY": "Japanese Yen", "KRW": "South Korean Won", "MXN": "Mexican Peso",
        "MYR": "Malaysian Ringgit", "NGN": "Nigerian Naira", "NOK": "Norwegian Krone",
        "NZD": "New Zealand Dollar", "PHP": "Philippine Peso", "PKR": "Pakistani Rupee",
        "PLN": "Polish Zloty", "RON": "Romanian Leu", "RUB": "Russian Ruble",
        "SAR": "Saudi Riyal", "SEK": "Swedish Krona", "SGD": "Singapore Dollar",
        "THB": "Thai Baht", "TRY": "Turkish Lira", "TWD": "New Taiwan Dollar",
        "UAH": "Ukrainian Hryvnia", "USD": "US Dollar", "VND": "Vietnamese Dong",
        "ZAR": "South African Rand",
    ]
}
