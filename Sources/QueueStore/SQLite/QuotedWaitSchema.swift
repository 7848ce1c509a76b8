extension Migrations {
    /// Format 6: the wait promised at issue is kept with the ticket (`quoted_wait`, NULL for
    /// tickets issued before it, or when no desk served their service), so a report can say how
    /// close each promise came to the wait that followed. `service_times`, unread since the
    /// wait forecast learns each service's time per call from the events (`CallCost`), goes.
    static let quotedWait = """
        ALTER TABLE tickets ADD COLUMN quoted_wait INTEGER CHECK (quoted_wait >= 0);
        DROP TABLE service_times;
        UPDATE settings SET value = '6' WHERE key = 'format';
        """
}
