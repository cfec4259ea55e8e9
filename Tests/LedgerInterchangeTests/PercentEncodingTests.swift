import LedgerInterchange
import Testing

/// ``PercentEncoding``, the one URL encoder: the market sources keep `,` (id lists), the
/// server's links keep `/` (paths).
@Suite("PercentEncoding: unreserved characters kept, every other byte as %XX")
struct PercentEncodingTests {
    @Test("unreserved characters stay; spaces, reserved characters and UTF-8 bytes are encoded upper-case")
    func encodes() {
        #expect(PercentEncoding.escape("AZaz09-._~") == "AZaz09-._~")
        #expect(PercentEncoding.escape("a b&c=d?e#f+g") == "a%20b%26c%3Dd%3Fe%23f%2Bg")
        #expect(PercentEncoding.escape("é€") == "%C3%A9%E2%82%AC")
        #expect(PercentEncoding.escape("/%,") == "%2F%25%2C")
    }

    @Test("what a caller keeps stays as it is, and only that")
    func keeping() {
        #expect(PercentEncoding.escape("bitcoin,ethereum/x", keeping: ",") == "bitcoin,ethereum%2Fx")
        #expect(PercentEncoding.escape("/market/BRK.B,x", keeping: "/") == "/market/BRK.B%2Cx")
    }
}
