import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Standard output or standard error closed or full: never a crash (it was a trap, exit 132),
/// and a committed ticket whose code cannot be printed is exit 4, named on standard error
/// where that still works. The file says what was committed.
@Suite(.offThePool) struct OutputLostTests {
    let scratch = ScratchDirectory()

    private func ticketCount(_ path: String) throws -> Int64? {
        try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
            .queryOne("SELECT count(*) FROM tickets") { $0.int64(0) }
    }

    @Test(arguments: [">&-", ">/dev/full"])
    func aCommittedTicketWhoseCodeIsLostIsExitFour(redirection: String) throws {
        let path = scratch.path("out.db")
        let result = try runTessera(["queue", "issue", "C", "--database", path], redirecting: redirection)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("ticket C001 was committed"), "\(result.stderr)")
        #expect(try ticketCount(path) == 1)
        let json = try runTessera(["queue", "issue", "C", "--json", "--database", path], redirecting: redirection)
        #expect(json.status == 4 && json.stderr.contains("ticket C002 was committed"), "\(json.stderr)")
    }

    @Test(arguments: [">&- 2>&-", ">/dev/full 2>/dev/full", ">&- 2>/dev/full"])
    func bothStreamsLostIsStillExitFour(redirections: String) throws {
        let path = scratch.path("both.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", path], redirecting: redirections).status == 4)
        #expect(try ticketCount(path) == 1)
    }

    @Test(arguments: ["2>&-", "2>/dev/full"])
    func aLostErrorMessageKeepsTheExitCode(redirection: String) throws {
        let path = scratch.path("err.db")
        let ok = try runTessera(["queue", "issue", "C", "--database", path], redirecting: redirection)
        #expect(ok.status == 0 && ok.stdout.hasPrefix("C001"), "\(ok.stdout)")
        #expect(try runTessera(["queue", "issue", "X", "--database", path], redirecting: redirection).status == 2)
        #expect(try runTessera(["queue", "nonsense"], redirecting: redirection).status == 2)
        #expect(try runTessera(["queue", "issue", "C", "--database", "/nonexistent/dir/q.db"],
                               redirecting: redirection).status == 3)
    }

    @Test func viewsAndHelpWhoseOutputIsLostAreExitFour() throws {
        let path = scratch.path("views.db")
        #expect(try runTessera(["queue", "status", "--database", path], redirecting: ">&-").status == 4)
        #expect(try runTessera(["queue", "list", "--database", path], redirecting: ">/dev/full").status == 4)
        #expect(try runTessera(["queue", "--help"], redirecting: ">/dev/full").status == 4)
        #expect(try runTessera(["--version"], redirecting: ">&-").status == 4)
    }
}
