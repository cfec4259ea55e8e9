import LedgerApp
import LedgerCore
import ServiceLifecycle

/// `serve --fetch-every 5m`: a run now, then one every interval, until the server shuts down
/// (with the books in a database, each interval's run only on the server elected to run it).
/// On shutdown the wait ends at once and a run in progress stops at its next step (each write
/// is a transaction of its own, so no ledger is left half-written); the server's own service
/// stops first, so requests in flight finish before.
struct FetcherService: Service {
    let state: ServerState
    let interval: Int

    func run() async throws {
        let stop = StopFlag()
        await withGracefulShutdownHandler {
            while !stop.isSet {
                _ = await LedgerServer.fetch(state, stop: stop, next: interval)
                guard !stop.isSet else { break }
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(interval)) }
                } catch {
                    break
                }
            }
        } onGracefulShutdown: {
            stop.set()
        }
    }
}

extension LedgerServer {
    /// One run of the fetcher now (what the schedule runs; tests call it directly), its record
    /// kept for `/status`. With the books in a database and another server running the
    /// fetcher, nothing runs and the record is empty.
    public static func fetchNow(_ state: ServerState) async -> FetchRecord {
        if let record = await fetch(state, stop: StopFlag(), next: state.settings.fetchInterval) { return record }
        return FetchRecord(startedAt: Timestamp(secondsSinceEpoch: Int64(state.clockMilliseconds() / 1000)))
    }

    static func fetch(_ state: ServerState, stop: StopFlag, next interval: Int?) async -> FetchRecord? {
        // With the books in a database, one server of all on it runs each interval's fetch
        // (an advisory lock elects it; another takes over when it ends); the others wait.
        if let database = state.database {
            let leads = (try? await Offload.run { try database.elected(toRun: FetchRun.job) }) ?? false
            guard leads else {
                let now = Int64(state.clockMilliseconds() / 1000)
                state.market.status.scheduled(interval.map { Timestamp(secondsSinceEpoch: now + Int64($0)) })
                return nil
            }
        }
        state.market.status.started()
        let started = Timestamp(secondsSinceEpoch: Int64(state.clockMilliseconds() / 1000))
        let record =
            (try? await Offload.run { FetchRun(state: state, stop: stop).run() }) ?? FetchRecord(startedAt: started)
        let next = interval.map {
            Timestamp(secondsSinceEpoch: record.startedAt.secondsSinceEpoch + record.milliseconds / 1000 + Int64($0))
        }
        state.market.status.finished(record, next: next)
        return record
    }
}
