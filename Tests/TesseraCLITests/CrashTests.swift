import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// SQLite's own crash-test method, applied to Tessera: a child issues tickets in a loop and
/// writes each ticket to a log only after its transaction has committed; the test kills it with
/// SIGKILL at random moments and checks after every kill that the file is intact and that every
/// ticket the child reported is there, with no number given twice.
@Suite(.offThePool, .serialized) struct CrashTests {
    static let kills = 50

    @Test func killedWriterLosesNothingAcknowledged() throws {
        let scratch = ScratchDirectory()
        let database = scratch.path("crash.db")
        var generator = SystemRandomNumberGenerator()
        var reportedTotal = 0
        for round in 0..<Self.kills {
            let log = scratch.path("round-\(round).log")
            let child = try startTessera(["queue", "stress", "--issue-only", "--keep-open", "20", "--seconds", "30",
                                          "--log", log, "--database", database])
            // Kill while it is writing: after its first acknowledged ticket, at a random moment.
            let started = eventually(timeout: .seconds(10)) { StressLog.lines(log).count > 0 || !child.isRunning }
            #expect(started, "round \(round): the child acknowledged nothing within 10 s")
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.2, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal, "round \(round): the child exited by itself")

            let reported = StressLog.lines(log).compactMap(StressLog.Entry.init)
            reportedTotal += reported.count
            let connection = try SQLiteConnection(location: DatabaseLocation(path: database), create: false)
            #expect(try connection.queryOne("PRAGMA integrity_check") { $0.text(0) } == "ok", "round \(round)")
            try StoreInvariants.check(connection, acknowledged: reported)
        }
        #expect(reportedTotal >= Self.kills)
    }
}
