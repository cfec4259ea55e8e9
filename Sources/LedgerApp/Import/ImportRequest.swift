import LedgerCore
import LedgerInterchange

/// The import options turned into values once (`ImportCommand` parses, this holds).
struct ImportRequest {
    var files: [String]
    var format: String
    /// `--account`, or nil for the exchange's name.
    var account: String?
    var options = ImportOptions()
    var separator = UInt8(ascii: ",")
    var dryRun = false
    var skipInvalid = false
    var allowZeroBasis = false

    /// `--account`, else the exchange's name (`default` for the generic format).
    func account(for preset: String?) -> String {
        if let account { return account }
        guard let preset, preset != "generic" else { return LedgerEvent.defaultAccount }
        return preset
    }
}
