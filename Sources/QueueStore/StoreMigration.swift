import FoundationEssentials
import QueueCore

/// What `migrateStore` copied.
public struct MigrationSummary: Sendable, Equatable {
    public var tickets: Int
    public var events: Int
}

/// Moves a single-terminal SQLite store to an empty PostgreSQL database, row for row (both keep
/// the same storage format, so nothing is re-decided and every id stays): configuration, desks, staff
/// and credentials, day counters, tickets, the whole event log and the service times, in one
/// PostgreSQL transaction. The SQLite file is brought to the current format first and is left
/// as it was otherwise. Refused (exit 1) when the PostgreSQL database already holds a queue.
public func migrateStore(from source: String, to destination: String) throws(StoreError) -> MigrationSummary {
    guard let target = PostgresURL(destination) else {
        throw .badInput("--to must be a PostgreSQL URL (postgresql://user@host/db), not \(destination)")
    }
    let location = try DatabaseLocation.parse(source)
    var options = StoreOptions()
    options.seed = nil
    // Opening upgrades an older file to the current format (and refuses a foreign or newer one).
    _ = try SQLiteQueueStore(location: location, options: options)
    _ = try PostgresQueueStore(url: target, options: options)
    do {
        let reader = try SQLiteConnection(location: location, create: false)
        let writer = try PostgresConnection(url: target.connectionString, target: target.description)
        try writer.execute("BEGIN")
        do {
            try writer.execute(PostgresEngine.holdStore)
            let used = try writer.queryOne("""
                SELECT EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM settings WHERE key = 'configuration')
                """) { $0.bool(0) } ?? false
            if used {
                throw StoreError.conflict("\(target) already holds a queue; migrate into an empty database")
            }
            var counts: [String: Int] = [:]
            for table in StoreMigrationTables.all {
                counts[table.name] = try copy(table, from: reader, to: writer)
            }
            try writer.execute("UPDATE event_log_head SET last_event = (SELECT coalesce(max(id), 0) FROM events)")
            try writer.execute("UPDATE settings SET value = '\(Migrations.latestFormat)' WHERE key = 'format'")
            try writer.execute("COMMIT")
            return MigrationSummary(tickets: counts["tickets"] ?? 0, events: counts["events"] ?? 0)
        } catch {
            if !writer.isBroken { try? writer.execute("ROLLBACK") }
            throw error
        }
    } catch {
        throw PostgresQueueStore.storeError(error, url: target)
    }
}

/// Copies every row of one table; the server converts each text value to its column's type.
private func copy(_ table: StoreMigrationTables.Table, from reader: SQLiteConnection,
                  to writer: PostgresConnection) throws -> Int {
    let columns = table.columns.joined(separator: ", ")
    let rows = try reader.query("SELECT \(columns) FROM \(table.name) ORDER BY 1") { row in
        (0..<Int32(table.columns.count)).map { row.isNull($0) ? PostgresValue.null : .untyped(row.text($0)) }
    }
    let placeholders = (1...table.columns.count).map { "$\($0)" }.joined(separator: ", ")
    let insert = "INSERT INTO \(table.name) (\(columns)) VALUES (\(placeholders))"
        + (table.name == "settings" ? " ON CONFLICT (key) DO UPDATE SET value = excluded.value" : "")
    for row in rows { try writer.run(insert, row) }
    return rows.count
}

/// The tables of format 9, parents before the rows that refer to them.
enum StoreMigrationTables {
    struct Table {
        let name: String
        let columns: [String]
    }

    static let all = [
        Table(name: "settings", columns: ["key", "value"]),
        Table(name: "staff", columns: ["id", "data"]),
        Table(name: "desks", columns: ["number", "data"]),
        Table(name: "counters", columns: ["business_day", "service", "next_sequence", "issued", "recent_priority_arrivals"]),
        Table(name: "tickets", columns: TicketRow.columns),
        Table(name: "events", columns: ["id", "kind", "ticket_id", "desk", "staff", "at", "data"]),
        Table(name: "staff_credentials", columns: ["staff", "pin_hash", "active"]),
        Table(name: "keypad_locks", columns: ["staff", "failures", "locked_until"]),
        Table(name: "phone_tokens", columns: ["ticket", "token_hash", "created_at"]),
    ]
}
