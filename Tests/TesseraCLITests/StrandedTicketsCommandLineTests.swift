import Foundation
import QueueStoreTesting
import Testing

/// Removing a service while tickets wait for it, as a store manager does it: in the file or with
/// `services remove`. Refused with the count, or the tickets moved; checked in the file's rows.
@Suite(.offThePool) struct StrandedTicketsCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("cli.db") }
    var config: String { scratch.path("store.conf") }

    /// C and R; desk 1 calls from both (its `services=` is line 10), desk 2 from C.
    static let withReturns = """
        [store]
        name = Corner shop
        [service:C]
        name = Click & Collect
        [service:R]
        name = Returns

        [desk:1]
        name = Front
        services = C;R
        [desk:2]
        services = C

        """
    /// The same, `[service:R]` removed and desk 1's `services=` (now line 8) without it.
    static let withoutReturns = """
        [store]
        name = Corner shop
        [service:C]
        name = Click & Collect

        [desk:1]
        name = Front
        services = C
        [desk:2]
        services = C

        """

    private func write(_ text: String) throws { try text.write(toFile: config, atomically: true, encoding: .utf8) }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database, "--config", config])
    }

    /// Every ticket as `code service state`, one a line.
    private func tickets() throws -> String {
        try sqlite3("SELECT code, service, state FROM tickets ORDER BY id", file: database)
    }

    private func services() throws -> String {
        try sqlite3("SELECT group_concat(json_extract(s.value, '$.code'), ',') FROM settings, json_each(json_extract(settings.value, '$.services')) AS s WHERE settings.key = 'configuration'",
                    file: database)
    }

    /// Eight R tickets: R001 parked at desk 1, seven waiting.
    private func eightReturnsWaiting() throws {
        for _ in 0..<8 { #expect(try queue("issue", "R").status == 0) }
        #expect(try queue("call", "--desk", "1", "--service", "R").status == 0)
        let parked = try queue("park", "--desk", "1")
        #expect(parked.status == 0, "\(parked.stderr)")
    }

    @Test func aFileThatRemovesAServiceWithTicketsWaitingIsRefusedAtTheLineAndChangesNothing() throws {
        try write(Self.withReturns)
        try eightReturnsWaiting()
        let rows = try tickets()
        let events = try sqlite3("SELECT count(*) FROM events", file: database)
        try write(Self.withoutReturns)
        let result = try queue("status")
        #expect(result.status == 2)
        #expect(result.stderr == "\(config):8: [desk:1] services: 8 tickets wait for R (Returns), and no desk could call them then: "
            + "keep R on a desk, or move them to another service first. To move them: tessera queue services remove R --transfer-to CODE\n")
        #expect(try tickets() == rows)
        #expect(try sqlite3("SELECT count(*) FROM events", file: database) == events, "nothing written")
        #expect(try services() == "C,R")
    }

    @Test func removingAServiceIsRefusedWithTheCountAndTheTransferMovesEveryTicket() throws {
        // No file: the built-in store, desks 1 to 3 calling from C, R and S.
        func plain(_ arguments: String...) throws -> ProcessResult {
            try runTessera(["queue"] + arguments + ["--database", database])
        }
        #expect(try plain("issue", "C").status == 0)
        for _ in 0..<8 { #expect(try plain("issue", "R").status == 0) }
        #expect(try plain("call", "--desk", "1", "--service", "R").status == 0)
        #expect(try plain("park", "--desk", "1").status == 0)
        let rows = try tickets()

        let refused = try plain("services", "remove", "R")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refused: 8 tickets wait for R (Returns), and no desk could call them then"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--transfer-to CODE"))
        #expect(try tickets() == rows)
        #expect(try services() == "C,R,S")

        let moved = try plain("services", "remove", "R", "--transfer-to", "C")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout == "service R removed; 8 tickets moved to C\n")
        #expect(try tickets() == """
            C001|C|waiting
            R001|C|parked
            R002|C|waiting
            R003|C|waiting
            R004|C|waiting
            R005|C|waiting
            R006|C|waiting
            R007|C|waiting
            R008|C|waiting
            """)
        #expect(try sqlite3("SELECT DISTINCT json_extract(transfers, '$[0].position') FROM tickets WHERE issued_service = 'R'",
                            file: database) == "arrival")
        #expect(try services() == "C,S")
        #expect(try sqlite3("SELECT count(*) FROM desks WHERE data LIKE '%\"R\"%'", file: database) == "0")
        // By arrival: C001 came first, then R002 to R008.
        #expect(try plain("call", "--desk", "2").stdout.hasPrefix("C001"))
        #expect(try plain("call", "--desk", "3").stdout.hasPrefix("R002"))
    }

    @Test func theTicketsAFileWouldStrandAreMovedAndThenTheFileApplies() throws {
        try write(Self.withReturns)
        try eightReturnsWaiting()
        try write(Self.withoutReturns)
        #expect(try queue("status").status == 2)
        let moved = try queue("services", "remove", "R", "--transfer-to", "C")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try queue("status").status == 0, "the file applies once nobody waits for R")
        #expect(try sqlite3("SELECT count(*) FROM tickets WHERE service = 'C' AND state IN ('waiting', 'parked')", file: database) == "8")
        #expect(try services() == "C")
    }

    @Test func aServiceTheFileDefinesIsRemovedInTheFile() throws {
        try write(Self.withReturns)
        let result = try queue("services", "remove", "R")
        #expect(result.status == 1)
        #expect(result.stderr.contains("service R is set in \(config), line 5; remove its [service:R] group there"), "\(result.stderr)")
    }

    @Test func anUnknownServiceIsBadInput() throws {
        try write(Self.withReturns)
        let result = try queue("services", "remove", "Q")
        #expect(result.status == 2)
        #expect(result.stderr.contains("There is no service Q."), "\(result.stderr)")
        #expect(try queue("services", "remove", "C", "--transfer-to", "C").status == 2)
        let help = try runTessera(["queue", "services", "--help"])
        #expect(help.status == 0 && help.stdout.contains("remove CODE") && help.stdout.contains("--transfer-to=CODE"))
    }
}
