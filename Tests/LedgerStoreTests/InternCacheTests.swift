import LedgerCoreTestSupport
import Testing

@testable import LedgerStore

/// ``InternCache``: a key finds its own value or nothing, never another key's, whatever the
/// keys' places; up to 128 keys all stay, however many share a place.
struct InternCacheTests {
    static func key(_ random: inout SplitMix64) -> PackedText {
        let bytes = (0..<Int(random.next() % 16)).map { _ in UInt8(truncatingIfNeeded: random.next() % 40 + 48) }
        return bytes.withUnsafeBufferPointer { PackedText($0)! }
    }

    @Test(
        "a key finds its own value; 128 keys all stay, more start the cache again", arguments: [41, 42, 43] as [UInt64])
    func ownValues(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var cache = InternCache<Int>()
        var inserted: [PackedText: Int] = [:]
        for value in 0..<600 {
            let key = Self.key(&random)
            if let known = cache[key] {
                #expect(inserted[key] == known, "seed \(seed)")
                continue
            }
            cache.insert(value, for: key)
            inserted[key] = value
            #expect(cache[key] == value, "seed \(seed)")
            if inserted.count <= 128 {
                #expect(inserted.allSatisfy { cache[$0.key] == $0.value }, "seed \(seed): \(inserted.count) keys")
            }
        }
        #expect(inserted.count > 128)
        #expect(inserted.allSatisfy { cache[$0.key] == nil || cache[$0.key] == $0.value })
    }

    @Test("keys that share a place all stay")
    func sharedPlaces() {
        var random = SplitMix64(seed: 7)
        var byPlace: [Int: [PackedText]] = [:]
        while byPlace.values.allSatisfy({ $0.count < 3 }) {
            let key = Self.key(&random)
            if !(byPlace[key.slot]?.contains(key) ?? false) { byPlace[key.slot, default: []].append(key) }
        }
        let crowded = byPlace.values.first { $0.count >= 3 }!
        var cache = InternCache<Int>()
        for (index, key) in crowded.enumerated() { cache.insert(index, for: key) }
        #expect(crowded.indices.allSatisfy { cache[crowded[$0]] == $0 })
    }
}
