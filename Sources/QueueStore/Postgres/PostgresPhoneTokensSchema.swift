extension PostgresSchema {
    /// Format 9, as SQLite's (`Migrations.phoneTokens`): each open ticket's phone token, by its
    /// SHA-256 only, deleted when the ticket ends.
    static let phoneTokens = """
        CREATE TABLE phone_tokens (
            ticket     BIGINT PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
            token_hash TEXT   NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
            created_at BIGINT NOT NULL
        );
        CREATE UNIQUE INDEX phone_tokens_by_hash ON phone_tokens (token_hash);
        UPDATE settings SET value = '9' WHERE key = 'format';
        """
}
