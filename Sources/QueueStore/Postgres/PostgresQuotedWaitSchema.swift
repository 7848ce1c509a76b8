extension PostgresSchema {
    /// Format 6, as SQLite's (`Migrations.quotedWait`): the wait promised at issue kept with the
    /// ticket, and the unread `service_times` dropped.
    static let quotedWait = """
        ALTER TABLE tickets ADD COLUMN quoted_wait BIGINT CHECK (quoted_wait >= 0);
        DROP TABLE service_times;
        UPDATE settings SET value = '6' WHERE key = 'format';
        """
}
