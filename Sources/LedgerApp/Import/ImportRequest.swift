import LedgerCore
import LedgerInterchange

/// The import options turned into values once (`ImportCommand` parses, this holds).
public struct ImportRequest {
    public var files: [String]
    public var format: String
    /// `--account`, or nil for the exchange's name.
    public var account: String?
    public var options = ImportOptions()
    public var separator = UInt8(ascii: ",")
    public var dryRun = false
    public var skipInvalid = false
    public var allowZeroBasis = false

    public init(files: [String], format: String, account: String?) {
        self.files = files
        self.format = format
        self.account = account
    }

    /// `--account`, else the exchange's name (`default` for the generic format).
    public func account(for preset: String?) -> String {
        if let account { return account }
        guard let preset, preset != "generic" else { return LedgerEvent.defaultAccount }
        return preset
    }
}
