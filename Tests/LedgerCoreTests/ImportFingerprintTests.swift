import LedgerCore
import LedgerCoreTestSupport
import Testing

/// An imported row's fingerprint is kept inline up to 56 UTF-8 bytes and as a `String` past
/// them: either way it reads back as the same text, and compares and hashes by its bytes.
@Suite("Import fingerprints")
struct ImportFingerprintTests {
    /// Texts around the inline capacity, ASCII and not.
    static let texts: [String] =
        ["", "a", "generic:tx:t1", "generic:tx:t100000", "kraken:row:0123456789abcdef0123456789abcdef#12"]
        + [55, 56, 57, 200].map { String(repeating: "x", count: $0) }
        + ["coinbase:buy:" + String(repeating: "é", count: 21), "coinbase:buy:" + String(repeating: "é", count: 22)]

    @Test("the text reads back, from a String and from bytes, inline or not")
    func readsBack() {
        for text in Self.texts {
            let fingerprint = ImportFingerprint(text)
            #expect(fingerprint.text == text)
            #expect(fingerprint.description == text)
            #expect(fingerprint.isEmpty == text.isEmpty)
            #expect(fingerprint.withUTF8 { Array($0) } == Array(text.utf8))
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { ImportFingerprint(utf8: $0) }
            #expect(fromBytes == fingerprint)
            #expect(fromBytes.hashValue == fingerprint.hashValue)
        }
        let literal: ImportFingerprint = "generic:tx:t\(42)"
        #expect(literal == ImportFingerprint("generic:tx:t42"))
    }

    @Test("different texts are different fingerprints, whatever their lengths")
    func distinct() {
        let fingerprints = Self.texts.map { ImportFingerprint($0) }
        #expect(Set(fingerprints).count == Self.texts.count)
        // A difference in the last byte, inline and spilled.
        for count in [56, 57, 100] {
            let one = ImportFingerprint(String(repeating: "x", count: count - 1) + "a")
            let other = ImportFingerprint(String(repeating: "x", count: count - 1) + "b")
            #expect(one != other)
        }
    }

    @Test("bytes compare as stored, not by Unicode equivalence (as the ledger's unique index does)")
    func byBytes() {
        let composed = "generic:tx:caf\u{E9}"
        let decomposed = "generic:tx:cafe\u{301}"
        #expect(composed == decomposed, "Swift's String equates them")
        #expect(ImportFingerprint(composed) != ImportFingerprint(decomposed))
        let longComposed = String(repeating: "x", count: 60) + composed
        let longDecomposed = String(repeating: "x", count: 60) + decomposed
        #expect(ImportFingerprint(longComposed) != ImportFingerprint(longDecomposed))
    }

    @Test("an imported event keeps its fingerprint through a copy and a change")
    func inEvents() {
        var make = Events()
        var event = make.buy("BTC", "1", at: "30000", on: "2026-01-02")
        event.provenance = .imported(batch: "B", fingerprint: ImportFingerprint(Self.texts[4]))
        let copy = event
        event.note = "changed"
        #expect(copy.provenance == .imported(batch: "B", fingerprint: ImportFingerprint(Self.texts[4])))
        #expect(copy.provenance == event.provenance)
    }
}
