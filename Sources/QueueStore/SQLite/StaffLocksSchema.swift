extension Migrations {
    /// Format 7: a keypad lock is a staff member's, not a desk's, so one clerk's wrong PINs no
    /// longer lock a colleague out of the same desk. The desks' lock rows are dropped, not
    /// carried over: no row says whose PINs they counted, and a lock lasts at most 15 minutes
    /// (`KeypadLockPolicy.longestLock`), so at worst a guesser gets five more tries a member.
    static let staffLocks = """
        DROP TABLE keypad_locks;
        -- Wrong PINs in a row by a member, wherever typed, and, once locked, until when (Unix
        -- ms): a restart or another desk keeps the member locked.
        CREATE TABLE keypad_locks (
            staff        INTEGER PRIMARY KEY REFERENCES staff (id),
            failures     INTEGER NOT NULL CHECK (failures >= 0),
            locked_until INTEGER
        );
        UPDATE settings SET value = '7' WHERE key = 'format';
        """
}
