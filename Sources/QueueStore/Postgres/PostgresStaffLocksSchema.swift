extension PostgresSchema {
    /// Format 7, as SQLite's (`Migrations.staffLocks`): keypad locks keyed by staff member; the
    /// desks' rows are dropped (a lock is at most 15 minutes old).
    static let staffLocks = """
        DROP TABLE keypad_locks;
        CREATE TABLE keypad_locks (
            staff        BIGINT PRIMARY KEY REFERENCES staff (id),
            failures     BIGINT NOT NULL CHECK (failures >= 0),
            locked_until BIGINT
        );
        UPDATE settings SET value = '7' WHERE key = 'format';
        """
}
