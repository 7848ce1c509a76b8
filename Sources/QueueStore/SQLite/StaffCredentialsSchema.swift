extension Migrations {
    /// Format 3: who may sign in at a desk, and each desk keypad's lock. PINs are kept only as
    /// salted yescrypt hashes (`$y$…`, made by the app through libcrypt); the CHECK keeps a
    /// plain PIN out of the column even if a writer had a bug.
    static let staffCredentials = """
        CREATE TABLE staff_credentials (
            staff    INTEGER PRIMARY KEY REFERENCES staff (id),
            pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE '$y$%'),
            -- 0 once removed: the member stays in the event history but cannot sign in.
            active   INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
        );

        -- Wrong PINs in a row at a desk's keypad and, once locked, until when (Unix ms): a
        -- restart keeps the keypad locked.
        CREATE TABLE keypad_locks (
            desk         INTEGER PRIMARY KEY,
            failures     INTEGER NOT NULL CHECK (failures >= 0),
            locked_until INTEGER
        );

        UPDATE settings SET value = '3' WHERE key = 'format';
        """
}
