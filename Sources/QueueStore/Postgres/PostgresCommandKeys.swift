/// Pruning `command_keys`. A key is read only by the client that made it, while it retries a
/// command whose COMMIT answer it lost, and that retrying stops after the store's
/// `reconnectTimeout` (seconds; a process cannot retry later than that). Two days of keys is
/// thousands of times that window and still a small table (a busy store adds some thousands
/// a day).
///
/// The day change prunes, once per business day, inside its transaction, which holds the
/// store alone anyway: ticket commands never pay for it. At most `pruneBatch` rows go at a
/// time, more than any day adds, so a backlog drains over a few days instead of holding one
/// day change up; without an index on `stored_at` (which would cost every command a write)
/// the DELETE scans a table of a few days' keys.
extension PostgresEngine {
    static let commandKeyRetention = "2 days"
    static let pruneBatch = 50_000

    func pruneCommandKeys() throws {
        try connection.run("""
            DELETE FROM command_keys WHERE key IN (SELECT key FROM command_keys
            WHERE stored_at < now() - interval '\(Self.commandKeyRetention)' LIMIT \(Self.pruneBatch))
            """, [])
    }
}
