import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Four `tessera` processes issue and call on one SQLite file at once, each at its own desk,
/// for six seconds; then nothing may be duplicated, double-called or lost.
@Suite(.offThePool, .serialized) struct MultiProcessTests {
    static let processes = 4
    /// How long the workers run: with the time they take to stop, inside `eventually`'s limit.
    static let seconds = 6

    @Test func fourProcessesShareOneFile() throws {
        let scratch = ScratchDirectory()
        let database = scratch.path("shared.db")
        // Create and seed the file once, so the four start on equal terms.
        let first = try runTessera(["queue", "status", "--database", database])
        #expect(first.status == 0, "\(first.stderr)")

        let workers = try (1...Self.processes).map { desk in
            try startTessera(["queue", "stress", "--seconds", "\(Self.seconds)", "--desk", "\(desk)",
                              "--log", scratch.path("worker-\(desk).log"), "--database", database])
        }
        let finished = eventually(timeout: .seconds(Double(Self.seconds) + 4)) { workers.allSatisfy { !$0.isRunning } }
        #expect(finished, "a worker did not stop")
        for worker in workers {
            worker.waitUntilExit()
            #expect(worker.terminationStatus == 0, "a worker failed (exit \(worker.terminationStatus))")
        }

        let entries = (1...Self.processes).flatMap { desk in
            StressLog.lines(scratch.path("worker-\(desk).log")).compactMap(StressLog.Entry.init)
        }
        let issued = entries.filter { $0.operation == "issued" }
        let called = entries.filter { $0.operation == "called" }
        #expect(issued.count > Self.processes, "the workers issued almost nothing")
        #expect(called.count > Self.processes, "the workers called almost nothing")
        #expect(Set(issued.map(\.ticket)).count == issued.count, "one ticket id acknowledged twice")
        #expect(Set(called.map(\.ticket)).count == called.count, "two desks were told they called the same ticket")
        // Every process saw the others' tickets: the desks called tickets other processes issued.
        let issuedBy = Dictionary(uniqueKeysWithValues: (1...Self.processes).flatMap { desk in
            StressLog.lines(scratch.path("worker-\(desk).log")).compactMap(StressLog.Entry.init)
                .filter { $0.operation == "issued" }.map { ($0.ticket, desk) }
        })
        let crossCalls = called.filter { entry in issuedBy[entry.ticket].map { "\($0)" } != entry.detail.first }
        #expect(!crossCalls.isEmpty, "no desk ever called a ticket issued by another process")

        let connection = try SQLiteConnection(location: DatabaseLocation(path: database), create: false)
        #expect(try connection.queryOne("PRAGMA integrity_check") { $0.text(0) } == "ok")
        try StoreInvariants.check(connection, acknowledged: entries)
    }
}
