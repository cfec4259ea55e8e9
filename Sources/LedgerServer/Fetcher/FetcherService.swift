import LedgerApp
import LedgerCore
import ServiceLifecycle

/// `serve --fetch-every 5m`: a run now, then one every interval, until the server shuts down.
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
    /// kept for `/status`.
    public static func fetchNow(_ state: ServerState) async -> FetchRecord {
        await fetch(state, stop: StopFlag(), next: state.settings.fetchInterval)
    }

    static func fetch(_ state: ServerState, stop: StopFlag, next interval: Int?) async -> FetchRecord {
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
