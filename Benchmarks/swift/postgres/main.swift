// PostgreSQL store benchmarks (Benchmarks/postgres.sh runs them on a throwaway cluster).
//   bench-postgres prepare URL DESKS CALLS     a store with DESKS open desks and DESKS × (CALLS + 2) tickets waiting
//   bench-postgres call-next URL DESKS CALLS   DESKS threads, one store handle each, call next then mark a
//                                              no-show CALLS times; prints calls per second
//   bench-postgres notify URL COUNT            commit on one handle → the event on another handle's change
//                                              feed; prints the median and the 95th percentile in ms
import Dispatch
import FoundationEssentials
import Glibc
import QueueCore
import QueueStore
import Synchronization

let arguments = CommandLine.arguments
func report(_ message: String) {
    let line = Array("bench-postgres: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    report(message)
    exit(2)
}
guard arguments.count >= 4 else { fail("usage: bench-postgres prepare|call-next|notify URL …") }
let url = arguments[2]

func options(desks: Int) -> StoreOptions {
    var options = StoreOptions()
    // A day that starts at midnight in UTC, so a run near 04:00 does not change the day part-way.
    options.seed = StoreSetup(configuration: .demo(timeZone: StoreTimeZone.utc), deskCount: desks)
    return options
}

/// A POSIX thread per desk (GCD would run no more of them at once than there are cores).
final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

func startThread(_ body: @escaping @Sendable () -> Void) {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    guard pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context) == 0 else { fail("cannot start a thread") }
    pthread_detach(thread)
}

func decimal(_ value: Double, places: Double = 10) -> String { String((value * places).rounded() / places) }

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

do {
    switch arguments[1] {
    case "prepare":
        guard arguments.count == 5, let desks = Int(arguments[3]), let calls = Int(arguments[4]) else { fail("prepare URL DESKS CALLS") }
        let store = try openStore(url: url, options: options(desks: desks))
        let services: [ServiceCode] = ["C", "R", "S"]
        // Two spare tickets a desk: near the end, the last waiting tickets may all be locked by
        // other desks' calls in flight, which SKIP LOCKED reports as nobody waiting.
        for index in 0..<(desks * (calls + 2)) { _ = try store.perform(.issue(service: services[index % 3]), at: Date()) }
    case "call-next":
        guard arguments.count == 5, let desks = Int(arguments[3]), let calls = Int(arguments[4]) else { fail("call-next URL DESKS CALLS") }
        let stores = try (0..<desks).map { _ in try openStore(url: url, options: options(desks: desks)) }
        let failures = Atomic<Int>(0)
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for (index, store) in stores.enumerated() {
            group.enter()
            startThread {
                defer { group.leave() }
                let desk = DeskNumber(rawValue: index + 1)
                for _ in 0..<calls {
                    do {
                        guard let ticket = try store.perform(.callNext(desk: desk), at: Date()).ticket else { continue }
                        _ = try store.perform(.noShow(ticket: ticket.id), at: Date())
                    } catch {
                        if failures.add(1, ordering: .relaxed).newValue == 1 { report("desk \(desk.rawValue): \(error)") }
                    }
                }
            }
        }
        group.wait()
        if failures.load(ordering: .relaxed) > 0 { fail("\(failures.load(ordering: .relaxed)) calls failed") }
        print(decimal(Double(desks * calls) / seconds(since: start)))
    case "notify":
        guard let count = Int(arguments[3]) else { fail("notify URL COUNT") }
        let writer = try openStore(url: url, options: options(desks: 3))
        let watcher = try openStore(url: url, options: options(desks: 3))
        let seen = Mutex<Int64>(0)
        let subscription = try watcher.observe(after: try watcher.lastEventID()) { batch in
            seen.withLock { $0 = batch.last?.id.rawValue ?? $0 }
        }
        var latencies: [Double] = []
        for _ in 0..<count {
            let start = ContinuousClock.now
            let issued = try writer.perform(.issue(service: "C"), at: Date())
            let last = issued.events.last?.id.rawValue ?? 0
            while seen.withLock({ $0 }) < last { usleep(100) }
            latencies.append(seconds(since: start) * 1000)
            // Cancelled, so a long run never runs out of display numbers.
            if let ticket = issued.ticket { _ = try writer.perform(.cancel(ticket: ticket.id), at: Date()) }
        }
        subscription.cancel()
        latencies.sort()
        let median = latencies[latencies.count / 2]
        let p95 = latencies[min(latencies.count - 1, Int(Double(latencies.count) * 0.95))]
        print(decimal(median, places: 100), decimal(p95, places: 100))
    default:
        fail("unknown benchmark \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
