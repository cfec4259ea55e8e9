import Foundation
import LedgerTestSupport
import Testing

/// The HTML report in a real browser: headless Chromium renders it at desktop and phone width;
/// the screenshot must not be blank and the page must log nothing to the console (a page with
/// no scripts logs only when something fails: a blocked load, a CSS or parse error).
///
/// Skipped (and says so) when `chromium` / `chromium-browser` or `python3` (which drives it)
/// is not on PATH. CI installs Debian's `chromium` package.
@Suite("The HTML report in headless Chromium", .serialized)
struct ReportBrowserTests {
    static var available: Bool { BrowserCheck.available(for: "ReportBrowserTests") }

    @Test(
        "the report renders, is not blank and logs no console message", .enabled(if: available),
        arguments: [(1024, 2400), (390, 3200)])
    func renders(width: Int, height: Int) async throws {
        let fixture = try await ReportFixture(days: 120)
        let page = fixture.directory + "/report.html"
        let result = try await fixture.run([
            "report", "--period", "quarter", "--as-of", "2024-06-30", "-O", "html", "-o", page,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let shot = try await BrowserCheck.screenshot(page, width: width, height: height, in: fixture.directory)
        #expect(shot.console.isEmpty, "console messages: \(shot.console)")
        let pixels = shot.pixels
        #expect(pixels.width == width && pixels.height == height)
        #expect(pixels.colours >= 16, "only \(pixels.colours) colours: blank or nearly so")
        #expect(pixels.inked > 0.02, "only \(pixels.inked) of the pixels are not background")
    }

    /// The console check can fail: a page that logs is caught (so an empty list means silence,
    /// not a capture that never worked).
    @Test("the console capture sees a page's console messages", .enabled(if: available))
    func captureWorks() async throws {
        let directory = makeTemporaryDirectory("ledger-browser")
        let page = directory + "/bad.html"
        try "<!DOCTYPE html><p>x</p><script>console.error('report-probe')</script>".write(
            toFile: page, atomically: true, encoding: .utf8)
        let shot = try await BrowserCheck.screenshot(page, width: 300, height: 200, in: directory)
        #expect(shot.console.contains { $0.contains("report-probe") }, "\(shot.console)")
    }

}
