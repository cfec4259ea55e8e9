import Foundation
import Testing

/// Start-up is most of a small command (`add`, `portfolio` after an add): the binary must not
/// load Foundation, FoundationNetworking or libcurl (with its ~30 libraries) before it needs
/// them. docs/PERFORMANCE.md measures what each cost: about 14 ms of every process.
@Suite("Start-up")
struct StartupTests {
    @Test("the ledger binary links neither Foundation, FoundationNetworking nor libcurl")
    func linkedLibraries() async throws {
        let result = try await BuiltProducts.run(URL(fileURLWithPath: "/usr/bin/ldd"), [BuiltProducts.ledger.path])
        try #require(result.status == 0, "ldd failed: \(result.stderr)")
        #expect(result.stdout.contains("libsqlite3"), "the check reads real ldd output")
        for library in [
            "libFoundation.so", "libFoundationNetworking.so", "libFoundationInternationalization.so", "libcurl",
        ] {
            #expect(!result.stdout.contains(library), "\(library) is loaded at start-up")
        }
    }
}
