import LedgerApp

extension ErrorSamples {
    /// The social page's messages (issue 40): the page, the API and `ledger serve --keep-messages`.
    static var messages: [Sample] {
        let errors: [MessageError] = [
            .empty, .tooLong(characters: 10_240), .invisibleCharacter(0x202E), .tooMany(waitSeconds: 42),
            .noSuchMessage("7"), .notYours(7), .notAKeepCount("0"),
        ]
        return samples(errors) { error in
            switch error {
            case .empty, .tooLong, .invisibleCharacter, .notAKeepCount: usage
            case .tooMany, .noSuchMessage, .notYours: data
            }
        }
    }
}
