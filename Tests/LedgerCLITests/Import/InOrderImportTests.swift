import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The fast path of a one-file import (rows appended as they are read) against the staged
/// path (taken by any import of two files): on seeded random Coinbase files, some in order and
/// some with a row out of order, a duplicate, an oversell or a bad number, both give the same
/// exit status, the same events in the same order and the same errors.
@Suite("import: the in-order fast path matches staging")
struct InOrderImportTests: ScratchLedger {
    static let header =
        "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes"
    let directory = makeTemporaryDirectory()

    /// What to spoil in a generated file.
    enum Flaw: CaseIterable { case none, outOfOrder, duplicate, oversell, badNumber, beforeLedger }

    struct Outcome: Equatable {
        let status: Int32
        let events: [String]
        let errors: [String]
        /// What was said of the file (`imported N events from FILE …: P already present, …`).
        let summary: [String]
    }

    /// The options of each run, by seed: none, or one that changes what happens to bad rows.
    static let flagSets = [[], ["--skip-invalid"], ["--allow-zero-basis"], ["--dry-run"]]

    @Test("same result either way", arguments: 0..<36)
    func sameResult(seed: Int) throws {
        let flaw = Flaw.allCases[seed % Flaw.allCases.count]
        var random = SplitMix64(seed: UInt64(seed) &* 7919)
        let existing = try write(
            "existing-\(seed).csv", Self.rows(count: 8, start: 1_704_067_200, prefix: "E", &random))
        let start: Int64 = flaw == .beforeLedger ? 1_704_067_200 + 120 : 1_704_153_600
        let file = try write("file-\(seed).csv", Self.rows(count: 40, start: start, prefix: "F", &random, flaw: flaw))
        let empty = try write("empty-\(seed).csv", Self.header + "\n")
        let flags = Self.flagSets[seed % Self.flagSets.count]
        let fast = try run(ledger: "fast-\(seed)", existing: existing, files: [file], flags: flags)
        let staged = try run(ledger: "staged-\(seed)", existing: existing, files: [file, empty], flags: flags)
        #expect(fast.status == staged.status)
        #expect(fast.errors == staged.errors)
        #expect(fast.summary == staged.summary)
        #expect(fast.status != 0 || fast.summary.count == 1, "a successful import says what it did with the file")
        let firstDifference = zip(fast.events, staged.events).first { $0 != $1 }
        #expect(
            firstDifference == nil && fast.events.count == staged.events.count, "\(String(describing: firstDifference))"
        )
        guard flags.isEmpty else { return }
        switch flaw {
        case .none, .outOfOrder, .beforeLedger: #expect(fast.status == 0 && fast.events.count == 48, "\(fast.errors)")
        case .duplicate: #expect(fast.status == 0 && fast.events.count == 48, "the repeated row is present")
        case .oversell, .badNumber:
            #expect(
                fast.status == 1 && fast.errors.count == 1 && fast.events.count == 8, "\(fast.status) \(fast.errors)")
        }
    }

    /// Into a new ledger the parsing thread makes the order and holdings checks
    /// (`InOrderMaker`), not the thread that writes: every flaw against staging again, each
    /// with every set of options.
    @Test("into a new ledger, same result either way", arguments: 0..<20)
    func sameResultIntoNewLedger(seed: Int) throws {
        let flaws = Flaw.allCases.filter { $0 != .beforeLedger }
        let flaw = flaws[seed % flaws.count]
        var random = SplitMix64(seed: UInt64(seed) &* 104_729)
        let file = try write(
            "new-\(seed).csv", Self.rows(count: 40, start: 1_704_153_600, prefix: "F", &random, flaw: flaw))
        let empty = try write("new-empty-\(seed).csv", Self.header + "\n")
        let flags = Self.flagSets[seed / flaws.count]
        let fast = try run(ledger: "new-fast-\(seed)", existing: nil, files: [file], flags: flags)
        let staged = try run(ledger: "new-staged-\(seed)", existing: nil, files: [file, empty], flags: flags)
        #expect(fast == staged)
        guard flags.isEmpty else { return }
        switch flaw {
        case .none, .outOfOrder, .duplicate: #expect(fast.status == 0 && fast.events.count == 40, "\(fast.errors)")
        case .oversell, .badNumber:
            #expect(fast.status == 1 && fast.errors.count == 1 && fast.events.isEmpty, "\(fast.status) \(fast.errors)")
        case .beforeLedger: Issue.record("no ledger to be before")
        }
    }

    @Test("content fingerprints: identical rows of one second are numbered alike either way, and found again")
    func contentFingerprints() throws {
        var random = SplitMix64(seed: 11)
        let existing = try write(
            "existing-content.csv", Self.rows(count: 8, start: 1_704_067_200, prefix: "E", &random))
        // A Binance statement (no row ids): three identical deposits in one second, the same
        // deposit in the next, a trade, and a repeat that is not next to its twin.
        let statement = [
            #""User_ID","UTC_Time","Account","Operation","Coin","Change","Remark""#,
            #""1","2024-02-01 00:00:00","Spot","Deposit","USDT","100","""#,
            #""1","2024-02-01 00:00:00","Spot","Deposit","USDT","100","""#,
            #""1","2024-02-01 00:00:00","Spot","Deposit","USDT","100","""#,
            #""1","2024-02-01 00:00:01","Spot","Deposit","USDT","100","""#,
            #""1","2024-02-01 00:01:00","Spot","Transaction Buy","ETH","0.01","""#,
            #""1","2024-02-01 00:01:00","Spot","Transaction Spend","USDT","-20.5","""#,
            #""1","2024-02-01 00:02:00","Spot","Deposit","USDT","7","""#,
            #""1","2024-02-01 00:02:00","Spot","Deposit","USDT","8","""#,
            #""1","2024-02-01 00:02:00","Spot","Deposit","USDT","7","""#,
        ]
        let file = try write("statement.csv", statement.joined(separator: "\n") + "\n")
        let empty = try write("statement-empty.csv", statement[0] + "\n")
        let fast = try run(ledger: "content-fast", existing: existing, files: [file], flags: [])
        let staged = try run(ledger: "content-staged", existing: existing, files: [file, empty], flags: [])
        #expect(fast == Outcome(status: 0, events: staged.events, errors: [], summary: fast.summary))
        #expect(
            fast.events.filter { $0.contains("#2 ") }.count == 1, "the third identical deposit is #2: \(fast.events)")
        #expect(fast.events.filter { $0.contains("#1 ") }.count == 2, "\(fast.events)")

        let again = FixedEnvironment(variables: ["LGR_FILE": directory + "/content-fast.ledger", "HOME": directory])
        #expect(again.run(["import", file]) == 0)
        #expect(
            again.stdout.text.contains("imported 0 events") && again.stdout.text.contains("8 already present"),
            "\(again.stdout.text)")
    }

    /// Imports `existing` (when given), then `files` with `flags`, into a new ledger.
    func run(ledger name: String, existing: String?, files: [String], flags: [String]) throws -> Outcome {
        let ledger = directory + "/" + name + ".ledger"
        let fixed = FixedEnvironment(variables: ["LGR_FILE": ledger, "HOME": directory])
        if let existing { #expect(fixed.run(["import", existing]) == 0, "\(fixed.stderr.text)") }
        let before = fixed.stdout.text.count
        let status = fixed.run(["import"] + files + flags)
        // A failed import into a new ledger leaves none.
        let stored = FileManager.default.fileExists(atPath: ledger)
        // Not the batch or event ids: an interrupted fast path drew some before staging did.
        let events = try (stored ? Ledger(path: ledger, mode: .mustExist).events.allEvents() : []).map { event in
            guard case .imported(_, let fingerprint) = event.provenance else { return "not imported: \(event)" }
            return "\(event.occurredAt) \(event.account) \(event.action) \(fingerprint) \(event.note)"
        }
        let errors = fixed.stderr.text.split(separator: "\n").map(String.init).filter { $0.contains(".csv:") }
        let summary = fixed.stdout.text.dropFirst(before).split(separator: "\n").map(String.init)
            .filter { $0.contains(files[0]) }
        return Outcome(status: status, events: events, errors: errors, summary: summary)
    }

    /// `count` rows a minute or so apart from `start`: buys, sells of what is held, receives
    /// and sends, with `flaw` put in somewhere after the first few.
    static func rows(count: Int, start: Int64, prefix: String, _ random: inout SplitMix64, flaw: Flaw = .none) -> String
    {
        var lines = [header]
        var time = start
        var held = 0
        let flawAt = flaw == .none ? -1 : 5 + Int(random.next() % UInt64(count - 10))
        for index in 0..<count {
            time += Int64(random.next() % 3) * 60
            var stamp = time
            var quantity = 1 + Int(random.next() % 4)
            var kind = ["Buy", "Receive", "Sell", "Send"][Int(random.next() % 4)]
            if kind == "Sell" || kind == "Send" {
                quantity = min(quantity, held)
                if quantity == 0 {
                    kind = "Buy"
                    quantity = 1
                }
            }
            var amount = "0.\(quantity)"
            if index == flawAt {
                switch flaw {
                case .outOfOrder:
                    stamp = start - 3600
                    kind = "Buy"
                case .oversell:
                    kind = "Sell"
                    amount = "9.9"
                case .badNumber: amount = "0,1"
                case .none, .duplicate, .beforeLedger: break
                }
            }
            if kind == "Buy" || kind == "Receive" {
                held += quantity
            } else if index != flawAt || flaw != .oversell {
                held -= quantity
            }
            let when = Timestamp(secondsSinceEpoch: stamp).description.replacingOccurrences(of: "T", with: " ")
                .replacingOccurrences(of: "Z", with: " UTC")
            let price = kind == "Buy" || kind == "Sell" ? "\"$40,000.00\",$4000,\"$4,010.00\",$10.00" : ",,,"
            lines.append("\(prefix)\(index),\(when),\(kind),BTC,\(amount),USD,\(price),note")
            if index == flawAt, flaw == .duplicate { lines.append(lines[lines.count - 1]) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
