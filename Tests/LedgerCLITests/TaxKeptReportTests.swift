import Foundation
import LedgerTestSupport
import Synchronization
import Testing

@testable import LedgerCLI

/// `ledger tax` leaves its report for the process's end to free only when the process ends
/// after the command (the `ledger` program): run in-process (tests, a long-lived host) it
/// keeps nothing.
@Suite("ledger tax keeps its report only in a process that ends after it")
struct TaxKeptReportTests {
    @Test("an in-process run keeps no report; the program's own run keeps its one")
    func keptOnlyWhenTheProcessEnds() {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixed = FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        #expect(fixed.run(["init", "--tax-rules", "us"]) == 0)
        #expect(fixed.run(["add", "buy", "ABC", "10", "@@", "50", "--class", "stock", "--date", "2023-01-02"]) == 0)
        #expect(fixed.run(["add", "sell", "ABC", "4", "@@", "28", "--date", "2023-03-02"]) == 0)

        let before = KeptStatement.count.load(ordering: .relaxed)
        for format in ["text", "json"] {
            #expect(fixed.run(["tax", "-O", format]) == 0, "\(fixed.stderr.text)")
        }
        let afterInProcess = KeptStatement.count.load(ordering: .relaxed)
        #expect(afterInProcess == before, "an in-process run kept its report")

        // Only this test runs a command as the program's own, so the count moves by its run alone.
        var ending = fixed.environment
        ending.processEndsAfterCommand = true
        #expect(LedgerCLI.run(["tax", "-O", "json"], in: ending) == 0, "\(fixed.stderr.text)")
        let afterProgram = KeptStatement.count.load(ordering: .relaxed)
        #expect(afterProgram == before + 1, "the program's run freed its report")
        #expect(fixed.stdout.text.contains("\"schema\": \"ledger.tax/2\""))
    }
}
