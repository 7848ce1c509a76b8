extension Migrations {
    /// Format 9: each open ticket's phone token (issue 27), by its SHA-256 only. Outside the
    /// event log: the row is deleted when the ticket ends (`SharedWrites`), and the log is never
    /// rewritten. One row a ticket: a reprint replaces the token. The CHECK keeps anything but a
    /// hash (64 lowercase hex digits) out of the column even if a writer had a bug.
    static let phoneTokens = """
        CREATE TABLE phone_tokens (
            ticket     INTEGER PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
            token_hash TEXT    NOT NULL CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
            -- Unix ms.
            created_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX phone_tokens_by_hash ON phone_tokens (token_hash);
        UPDATE settings SET value = '9' WHERE key = 'format';
        """
}
