import Foundation
import QueueStoreTesting
import Testing

/// What the desk screen needs from the command line too: calling a chosen ticket, bringing back a
/// no-show, states spelled as `--state` takes them, parked tickets in `status`.
@Suite(.offThePool) struct DeskCommandLineTests {
    let scratch = ScratchDirectory()

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", scratch.path("queue.db")])
    }

    @Test func callAChosenTicketBringBackANoShowAndSeeParkedTickets() throws {
        _ = try queue("issue", "C")
        _ = try queue("issue", "C")
        #expect(try queue("call", "--desk", "1", "--ticket", "C002").stdout == "C002  please go to desk 1\n")
        #expect(try queue("list", "--state", "waiting").stdout.hasPrefix("C001\twaiting"), "the head still waits")
        let taken = try queue("call", "--desk", "2", "--ticket", "C002")
        #expect(taken.status == 1 && taken.stderr.contains("Ticket C002 is called"))
        #expect(try queue("no-show", "--desk", "1").status == 0)
        #expect(try queue("list", "--state", "no-show").stdout.hasPrefix("C002\tno-show\t"), "listed as --state spells it")
        #expect(try queue("reactivate", "C002").stdout == "C002  waiting again\n")
        #expect(try queue("call", "--desk", "1", "--ticket", "C002").status == 0)
        #expect(try queue("park", "--desk", "1").status == 0)
        #expect(try queue("status").stdout.hasSuffix("Parked: C002 (C)\n"))
        #expect(try queue("call", "--desk", "1", "--ticket", "C001", "--service", "C").status == 2)
    }
}
