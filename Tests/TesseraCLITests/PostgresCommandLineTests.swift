import Foundation
import QueueStoreTesting
import Testing

/// `tessera queue` on a PostgreSQL database works as on a SQLite file, and `queue migrate`
/// moves a SQLite store there with every ticket and event (real processes; rows read by psql
/// and sqlite3).
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled))
struct PostgresCommandLineTests {
    let scratch = ScratchDirectory()

    @Test func migrateMovesEveryTicketAndEventAndQueueReadsTheSame() throws {
        let file = scratch.path("single.db")
        let sqlite = "sqlite://" + file
        func queue(_ arguments: String..., database: String) throws -> ProcessResult {
            let result = try runTessera(["queue"] + arguments + ["--database", database])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        for service in ["C", "R", "C", "S", "C"] { _ = try queue("issue", service, database: sqlite) }
        _ = try queue("call", "--desk", "1", database: sqlite)
        _ = try queue("call", "--desk", "2", database: sqlite)
        _ = try queue("start", "--desk", "1", database: sqlite)
        _ = try queue("complete", "--desk", "1", database: sqlite)
        _ = try queue("cancel", "S001", database: sqlite)
        // Staff, a PIN and a member's keypad lock travel too (they are not queue events).
        for (arguments, input) in [(["add", "Ada"], "2468\n"), (["add", "Bob"], "1357\n"), (["pin", "Ada"], "27184\n"), (["remove", "Bob"], nil)] {
            let result = try runTessera(["staff"] + arguments + ["--database", sqlite], input: input)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        _ = try sqlite3("INSERT INTO keypad_locks (staff, failures, locked_until) VALUES (1, 5, 1772445600000)", file: file,
                        readOnly: false)
        // So does a waiting ticket's phone token (format 9): C003, id 5, still waits.
        _ = try sqlite3("INSERT INTO phone_tokens (ticket, token_hash, created_at) VALUES (5, '\(String(repeating: "ab", count: 32))', 1772445600000)",
                        file: file, readOnly: false)

        let server = try PostgresTestServer.freshDatabase()
        let migrated = try runTessera(["queue", "migrate", "--from", sqlite, "--to", server])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("Tickets: 5."))

        // The rows themselves, as each database's own client reads them.
        for table in ["tickets", "events", "counters", "desks", "settings", "staff", "staff_credentials",
                      "keypad_locks", "phone_tokens"] {
            let order = table == "counters" ? "business_day, service" : "1"
            // `active` is INTEGER in the file and BOOLEAN on the server: compared as 0/1.
            // The ticket columns PostgreSQL added in format 5 come after `desk` there: named in one order.
            let columns = switch table {
            case "staff_credentials": "staff, pin_hash, CASE WHEN active THEN 1 ELSE 0 END"
            case "tickets": Self.ticketColumns
            default: "*"
            }
            let sql = "SELECT \(columns) FROM \(table) ORDER BY \(order)"
            let fromFile = try sqlite3(sql, file: file)
            #expect(!fromFile.isEmpty)
            #expect(try PostgresTestServer.psql(sql, url: server) == fromFile, "\(table)")
        }
        for arguments in [["list"], ["status"], ["report"]] {
            let before = try runTessera(["queue"] + arguments + ["--database", sqlite])
            let after = try runTessera(["queue"] + arguments + ["--database", server])
            #expect(after.status == 0 && after.stdout == before.stdout, "\(arguments): \(after.stderr)")
        }
        // The queue goes on where it stopped: the next C is C004, the event ids continue.
        #expect(try queue("issue", "C", database: server).stdout.hasPrefix("C004"))

        let again = try runTessera(["queue", "migrate", "--from", sqlite, "--to", server])
        #expect(again.status == 1 && again.stderr.contains("already holds a queue"), "\(again.stderr)")
    }

    /// Format 6's ticket columns (docs/storage-format.md).
    static let ticketColumns = """
        id, business_day, issued_service, sequence, service, number, code, priority, state, issued_at, called_at,
        started_at, finished_at, desk, staff, recall_count, transfers, outcome, ordering_key, arrival_key, carry_overs, language,
        quoted_wait
        """
}
