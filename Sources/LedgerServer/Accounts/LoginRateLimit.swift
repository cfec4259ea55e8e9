import Synchronization

/// Failed sign-ins, remembered in memory for 15 minutes: 5 for one name from one address, 20
/// from one address whatever the name. Past either, the address waits (429, `Retry-After`)
/// until the oldest failure in the window is 15 minutes old. A successful sign-in forgets the
/// failures for that name and address (not the address's total: an attacker with an account
/// of their own cannot reset it). Times are the server's clock in milliseconds.
final class LoginRateLimit: Sendable {
    static let windowMilliseconds: UInt64 = 15 * 60 * 1000
    static let perNameAndPeer = 5
    static let perPeer = 20
    /// Above this many remembered keys, keys with no failure in the window are dropped.
    private static let sweepAbove = 10_000

    private let failures = Mutex<[String: [UInt64]]>([:])

    /// Seconds to wait before trying again, or nil when a try is allowed now.
    func retryAfter(name: String, peer: String, now: UInt64) -> Int? {
        failures.withLock { table in
            let waits = [
                Self.wait(table[Self.key(name, peer)] ?? [], limit: Self.perNameAndPeer, now: now),
                Self.wait(table[Self.key(peer)] ?? [], limit: Self.perPeer, now: now),
            ]
            return waits.compactMap { $0 }.max()
        }
    }

    func recordFailure(name: String, peer: String, now: UInt64) {
        failures.withLock { table in
            if table.count > Self.sweepAbove {
                table = table.filter { !Self.recent($0.value, now: now).isEmpty }
            }
            for key in [Self.key(name, peer), Self.key(peer)] {
                table[key] = Self.recent(table[key] ?? [], now: now) + [now]
            }
        }
    }

    func reset(name: String, peer: String) {
        _ = failures.withLock { $0.removeValue(forKey: Self.key(name, peer)) }
    }

    private static func key(_ name: String, _ peer: String) -> String {
        "name:" + String(name.lowercased().prefix(64)) + "\u{0}" + peer
    }

    private static func key(_ peer: String) -> String { "peer:" + peer }

    private static func recent(_ times: [UInt64], now: UInt64) -> [UInt64] {
        times.filter { $0 + windowMilliseconds > now }
    }

    private static func wait(_ times: [UInt64], limit: Int, now: UInt64) -> Int? {
        let recent = recent(times, now: now)
        guard recent.count >= limit else { return nil }
        // The try is allowed again once enough failures have left the window.
        let freeing = recent.sorted()[recent.count - limit]
        let milliseconds = freeing + windowMilliseconds - now
        return Int((milliseconds + 999) / 1000)
    }
}
