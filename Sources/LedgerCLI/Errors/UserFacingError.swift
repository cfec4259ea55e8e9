import ArgumentParser
import LedgerApp

extension ValidationError {
    /// The parser's form of `error`, for `validate()`: the parser reports it (exit 64) with
    /// "; see 'ledger COMMAND --help'" after the sentence. (An error other than a
    /// `ValidationError` thrown there would reach ``ErrorReporter`` wrapped, as exit 1.)
    init(_ error: some UserFacingError) {
        self.init(error.description)
    }
}
