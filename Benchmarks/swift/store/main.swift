// bench-store: figures for Benchmarks/store.sh.
//   bench-store prepare DATABASE           a fresh seeded file (for the C baseline)
//   bench-store issue DATABASE COUNT       durable issues per second through SQLiteQueueStore
//   bench-store call-next DIRECTORY SIZE   microseconds per call-next with SIZE tickets waiting
//   bench-store feed DIRECTORY             milliseconds from a commit to another handle's feed
import Foundation
import QueueCore
import QueueStore
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-store: \(message)\n".utf8))
    exit(1)
}

func open(_ path: String, numbering: NumberingRule = NumberingRule()) -> SQLiteQueueStore {
    var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "UTC")!)
    configuration.numbering = numbering
    var options = StoreOptions()
    options.seed = StoreSetup(configuration: configuration, deskCount: 3)
    do { return try SQLiteQueueStore(location: DatabaseLocation(path: path), options: options) } catch { fail("\(error)") }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments.dropFirst()
let services: [ServiceCode] = ["C", "R", "S"]

do {
    switch (arguments.first, arguments.count) {
    case ("prepare", 2):
        // One issue moves the file into today's business day, as the measured runs start.
        _ = try open(arguments.last!).perform(.changeDay, at: Date())

    case ("issue", 3):
        let store = open(arguments[arguments.startIndex + 1])
        guard let count = Int(arguments.last!) else { fail("COUNT must be a number") }
        _ = try store.perform(.changeDay, at: Date())
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        let elapsed = try seconds {
            for index in 0..<count { _ = try store.perform(.issue(service: services[index % 3]), at: Date()) }
        }
        getrusage(RUSAGE_SELF.rawValue, &after)
        if ProcessInfo.processInfo.environment["BENCH_CPU"] != nil {
            func micros(_ t: timeval) -> Double { Double(t.tv_sec) * 1e6 + Double(t.tv_usec) }
            let user = (micros(after.ru_utime) - micros(before.ru_utime)) / Double(count)
            let system = (micros(after.ru_stime) - micros(before.ru_stime)) / Double(count)
            FileHandle.standardError.write(Data(String(format: "cpu per issue: user %.0f us, system %.0f us, wall %.0f us\n", user, system, elapsed / Double(count) * 1e6).utf8))
        }
        print(String(format: "%.1f", Double(count) / elapsed))

    case ("call-next", 3):
        // Wide numbering so 100,000 tickets can wait at once; desk 1 serves all three services.
        let directory = arguments[arguments.startIndex + 1]
        guard let size = Int(arguments.last!) else { fail("SIZE must be a number") }
        let store = open(directory + "/call-next-\(size).db", numbering: NumberingRule(start: 1, width: 6, wrapBound: 999_999))
        let start = Date().addingTimeInterval(-Double(size) * 0.001 - 60)
        try store.issueMany("C", count: size, from: start)
        let rounds = 100
        var samples: [Double] = []
        for _ in 0..<rounds {
            var called: Ticket?
            samples.append(try seconds { called = try store.perform(.callNext(desk: 1), at: Date()).ticket })
            guard let called else { fail("nothing called") }
            // Keep SIZE waiting: free the desk and put one ticket back (not measured).
            _ = try store.perform(.noShow(ticket: called.id), at: Date())
            _ = try store.perform(.issue(service: "C"), at: Date())
        }
        samples.sort()
        print(String(format: "%.1f", samples[samples.count / 2] * 1e6))

    case ("feed", 2):
        let path = arguments.last! + "/feed.db"
        let writer = open(path)
        let reader = open(path)
        let seen = Mutex<[EventID: ContinuousClock.Instant]>([:])
        let subscription = try reader.observe(after: try reader.lastEventID()) { batch in
            let now = ContinuousClock.now
            seen.withLock { for event in batch { $0[event.id] = now } }
        }
        var latencies: [Double] = []
        for _ in 0..<20 {
            let result = try writer.perform(.issue(service: "C"), at: Date())
            let committed = ContinuousClock.now
            guard let id = result.events.last?.id else { fail("no event") }
            let deadline = committed + .seconds(5)
            var arrival: ContinuousClock.Instant?
            while arrival == nil, ContinuousClock.now < deadline {
                arrival = seen.withLock { $0[id] }
                if arrival == nil { Thread.sleep(forTimeInterval: 0.001) }
            }
            guard let arrival else { fail("the feed never delivered \(id)") }
            let latency = arrival - committed
            latencies.append(max(0, Double(latency.components.attoseconds) / 1e15 + Double(latency.components.seconds) * 1000))
        }
        subscription.cancel()
        latencies.sort()
        print(String(format: "%.1f %.1f", latencies[latencies.count / 2], latencies.last!))

    default:
        fail("usage: bench-store prepare DB | issue DB COUNT | call-next DIR SIZE | feed DIR")
    }
} catch {
    fail("\(error)")
}
