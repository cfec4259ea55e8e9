import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

@Suite("Numbers as exchanges write them")
struct ImportNumberTests {
    @Test(
        "money and units around a number are dropped; commas group thousands",
        arguments: [
            ("$30,000.00", "30000"), ("$1,234.56", "1234.56"), ("-€2200.00", "-2200"), ("CA$4000.00", "4000"),
            ("($1.92)", "-1.92"), ("(0.07 BTC)", "-0.07"), ("3,595.150506 DAI", "3595.150506"),
            ("1,234.56USDT", "1234.56"), ("1,234,567", "1234567"), ("$0.50", "0.5"), ("$1.5E-5", "0.000015"),
            ("-1,000", "-1000"), ("12", "12"),
        ])
    func money(text: String, expected: String) throws {
        #expect(try ImportNumber.money(text, "Total").formatted() == expected)
    }

    @Test("with --decimal-comma, `.` groups and `,` is the mark")
    func decimalComma() throws {
        let style = ImportNumber.Style(decimalComma: true)
        #expect(try ImportNumber.money("1.234,56 €", "Total", style: style).formatted() == "1234.56")
        #expect(try ImportNumber.money("0,5", "Total", style: style).formatted() == "0.5")
        #expect(throws: RowError("Total '1.23,4' is not a number: '.' does not group thousands")) {
            try ImportNumber.money("1.23,4", "Total", style: style)
        }
    }

    @Test(
        "a comma that does not group thousands is refused, with what to type instead",
        arguments: [
            "12,34", "1,23,456", "1,,234", "1,234,", "1,2345.6",
        ])
    func badGrouping(text: String) {
        #expect(
            throws: RowError(
                "Total '\(text)' is not a number: ',' does not group thousands; if the file uses decimal commas, pass --decimal-comma"
            )
        ) {
            try ImportNumber.money(text, "Total")
        }
    }

    @Test("two decimal marks, or a comma after the mark, are refused")
    func marks() {
        #expect(throws: RowError("Total '$1.2.3' is not a number: it has more than one '.'")) {
            try ImportNumber.money("$1.2.3", "Total")
        }
        #expect(throws: RowError("Total '1.234,5' is not a number: ',' after the decimal mark")) {
            try ImportNumber.money("1.234,5", "Total")
        }
    }
}

@Suite("Timestamps as exchanges write them")
struct ImportDateTests {
    @Test("the three common shapes read the same as the general reader, over two centuries (seeded)")
    func commonShapes() throws {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<2_000 {
            let seconds = Int64(random.next() % 4_102_444_800)
            let iso = Timestamp(secondsSinceEpoch: seconds).description
            let spaced = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
            #expect(try ImportDate.iso(iso, "Time") == Timestamp(secondsSinceEpoch: seconds))
            #expect(try ImportDate.iso(spaced + " UTC", "Time") == Timestamp(secondsSinceEpoch: seconds))
            #expect(
                try ImportDate.iso(spaced, "Time", defaultOffset: 8 * 3600)
                    == Timestamp(secondsSinceEpoch: seconds - 8 * 3600))
            #expect(
                try ImportDate.iso(spaced, "Time", defaultOffset: -(5 * 3600 + 1800))
                    == Timestamp(secondsSinceEpoch: seconds + 5 * 3600 + 1800))
        }
    }

    @Test(
        "days and times that do not exist are refused in every shape",
        arguments: [
            "2023-02-29 10:00:00 UTC", "2024-13-01T00:00:00Z", "2024-04-31 00:00:00", "2024-01-01 24:00:00 UTC",
            "2024-01-01T10:60:00Z", "2024-01-01 10:00:60", "2024/01/01 10:00:00 UTC", "0000-01-01T00:00:00Z",
        ])
    func refused(text: String) {
        #expect(throws: RowError.self) { try ImportDate.iso(text, "Time") }
    }

    @Test("other shapes still go the long way: two-digit years, lower-case utc, offsets, fractions")
    func otherShapes() throws {
        let noon = try #require(try? Timestamp.parse("2024-01-02T12:00:00Z").get())
        #expect(try ImportDate.iso("24-01-02 12:00:00", "Time") == noon)
        #expect(try ImportDate.iso("2024-01-02 12:00:00 utc", "Time") == noon)
        #expect(try ImportDate.iso("2024-01-02T14:00:00+02:00", "Time") == noon)
        #expect(try ImportDate.iso("2024-01-02 12:00:00.250Z", "Time") == noon)
        #expect(try ImportDate.iso(" 2024-01-02 12:00:00 UTC ", "Time") == noon)
    }
}
